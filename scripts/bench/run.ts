import { mkdir } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { benchAnalytics } from './analytics';
import { benchCluster } from './cluster';
import { benchPaidRead } from './paid-read';
import { benchFaults } from './faults';
import { benchFreshness } from './freshness';
import { benchLighthouse } from './lighthouse';
import { benchLongPosts } from './long-posts';
import { benchMemory } from './memory';
import { measurePageJs, pageJsRows } from './page-js';
import { benchArgs, type Figure } from './run-args';
import { inProcessFigures } from './run-in-process';
import { benchTable, loadNow } from './run-report';
import { benchScale } from './scale';
import { benchSoak } from './soak';
import { benchThroughput } from './throughput';
import {
  APP_PORT,
  buildApp,
  buildFloor,
  demoContentCopy,
  removeRunCopies,
  FLOOR_DIR,
  OWNER_PASSWORD,
  SESSION_SECRET,
} from './support/builds';
import { LOG_DIR, ROOT, startNext, type NextServer } from './support/process';
import { fmtMs } from './support/table';

// `npm run bench [-- --quick] [-- --only throughput,scale] [-- --skip lighthouse] [-- --rebuild] [-- --no-write]`
// `npm run bench -- --only soak --minutes 30`: the long soak (figure 8)
//
// Builds what it measures (the blog in .next-bench, over a scratch copy of content/; the floor app; the blog on the
// Wix source in .next-bench-wix), starts production servers on 127.0.0.1:3200-3299, measures the figures of
// docs/benchmarks.md, prints one table and writes it into docs/benchmarks.md between the bench markers. A build is
// reused while its sources are unchanged. Each figure is a module of its own; a figure that fails is reported in
// the table as not measured and the run goes on (exit code 1 at the end). The command line is run-args.ts, the table
// run-report.ts; this file builds what the selected figures need and runs them in turn.

const FLOOR_PORT = 3201;
const NGINX_PORT = 3220;
const SCALE_PORT = 3230;
const FAULT_PORT = 3240;
const LONG_PORT = 3250;
const LONG_NGINX_PORT = 3251;
const MEMORY_PORT = 3260;
const SOAK_PORT = 3270;
const ANALYTICS_PORT = 3280;

const { quick, selected, rebuild, write, minutes, settings } = benchArgs(process.argv.slice(2));
const log = (line: string) => console.log(line);
const { figure, elapsed, report } = benchTable(selected, log);
const startLoad = loadavg()[0]!;

await mkdir(LOG_DIR, { recursive: true });
log(
  `npm run bench${quick ? ' --quick' : ''}: ${[...selected].join(', ')}; ${cpus().length} cores, Node ${process.versions.node}; load average ${loadNow()}; logs in ${path.relative(ROOT, LOG_DIR)}/`,
);
if (startLoad > 0.5)
  log(
    `warning: the machine is busy (load average ${startLoad.toFixed(2)} on ${cpus().length} cores): other processes take CPU from the servers measured`,
  );

const needsApp = [
  'throughput',
  'page-js',
  'lighthouse',
  'freshness',
  'soak',
  'scale',
  'causes',
  'cluster',
  'paid-read',
  'long-posts',
  'memory',
  'analytics',
].some((f) => selected.has(f as Figure));
// Only the figures that serve the blog read the content copy (data and query-engine need none of it).
const contentDir = needsApp ? await demoContentCopy() : '';
if (needsApp) {
  const app = await buildApp(contentDir, rebuild);
  log(`build .next-bench: ${app.reused ? 'reused (sources unchanged)' : `built in ${fmtMs(app.ms)}`}`);
}
if (['throughput', 'causes', 'long-posts'].some((f) => selected.has(f as Figure))) {
  const floor = await buildFloor(rebuild);
  log(
    `build floor (${path.relative(ROOT, FLOOR_DIR)}/.next-floor): ${floor.reused ? 'reused' : `built in ${fmtMs(floor.ms)}`}`,
  );
}

// In-process CPU work first, while no server runs.
await inProcessFigures(figure, quick, settings.renderSeconds, log);

let app: NextServer | null = null;
const appServer = async () =>
  (app ??= await startNext({
    name: 'app',
    port: APP_PORT,
    fromDist: '.next-bench',
    dist: '.next-bench-run-app',
    env: {
      BLOG_SOURCE: 'local',
      BLOG_CONTENT_DIR: contentDir,
      SITE_URL: `http://127.0.0.1:${APP_PORT}`,
      OWNER_PASSWORD,
      SESSION_SECRET,
      // Figure 12's member joins without confirming an address (no mail to read back).
      MEMBERS_EMAIL_VERIFICATION: 'false',
    },
  }));

await figure('throughput', { group: '1', figure: 'throughput vs floor', target: '≥ 0.90' }, async () => {
  const server = await appServer();
  const floor = await startNext({ name: 'floor', port: FLOOR_PORT, dir: FLOOR_DIR, dist: '.next-floor' });
  try {
    return await benchThroughput({
      appUrl: server.url,
      floorUrl: floor.url,
      seconds: settings.seconds,
      rounds: settings.rounds,
      appPort: APP_PORT,
      nginxPort: NGINX_PORT,
      log,
    });
  } finally {
    await floor.stop();
  }
});
await figure('page-js', { group: '3', figure: 'JavaScript per page', target: '≤ +10%' }, async () =>
  pageJsRows(await measurePageJs((await appServer()).url, log, SESSION_SECRET)),
);
await figure('lighthouse', { group: '2', figure: 'Lighthouse mobile (feed, post)', target: '100' }, async () => {
  const server = await appServer();
  const floor = await startNext({ name: 'floor', port: FLOOR_PORT, dir: FLOOR_DIR, dist: '.next-floor' });
  try {
    return await benchLighthouse(server.url, settings.lighthouseRuns, log, floor.url);
  } finally {
    await floor.stop();
  }
});
await figure('freshness', { group: '5', figure: 'event → fresh page', target: 'max < 1 s' }, async () =>
  benchFreshness({ siteUrl: (await appServer()).url, contentDir, edits: settings.edits, log }),
);
const soakMinutes = minutes === undefined ? undefined : Number(minutes);
if (soakMinutes !== undefined && !(soakMinutes > 0))
  throw new Error(`--minutes takes a number of minutes, not "${minutes}"`);
await figure(
  'soak',
  {
    group: '8',
    figure: 'soak',
    target:
      soakMinutes && soakMinutes >= 10 ? '0 errors, RSS growth over the last half < 3%' : '0 errors, RSS within 15%',
  },
  async () =>
    benchSoak({
      port: SOAK_PORT,
      seconds: soakMinutes ? Math.round(soakMinutes * 60) : settings.soak,
      warmupSeconds: settings.soakWarmup,
      write,
      log,
    }),
);
await figure('paid-read', { group: '12', figure: 'paid post, member read', target: 'p50 < 150 ms' }, async () =>
  benchPaidRead({
    siteUrl: (await appServer()).url,
    contentDir,
    ownerPassword: OWNER_PASSWORD,
    requests: quick ? 50 : 200,
    log,
  }),
);
await (app as NextServer | null)?.stop();

await figure('cluster', { group: '10', figure: 'several instances', target: 'with Redis ≥ 0.95; fresh < 1 s' }, () =>
  benchCluster({
    contentDir,
    seconds: settings.seconds,
    rounds: settings.rounds,
    edits: Math.min(settings.edits, 10),
    env: { OWNER_PASSWORD, SESSION_SECRET },
    log,
  }),
);

await figure('causes', { group: '1', figure: 'causes of per-request cost', target: '—' }, async () => {
  const { benchCauses } = await import('./causes');
  const floor = await startNext({ name: 'floor', port: FLOOR_PORT, dir: FLOOR_DIR, dist: '.next-floor' });
  try {
    return await benchCauses({
      contentDir,
      floorUrl: floor.url,
      seconds: settings.seconds,
      rounds: settings.rounds,
      log,
    });
  } finally {
    await floor.stop();
  }
});

await figure(
  'long-posts',
  { group: '13', figure: 'long posts vs the floor page of their size', target: '≥ 0.90' },
  async () => {
    const floor = await startNext({ name: 'floor', port: FLOOR_PORT, dir: FLOOR_DIR, dist: '.next-floor' });
    try {
      return await benchLongPosts({
        floorUrl: floor.url,
        port: LONG_PORT,
        nginxPort: LONG_NGINX_PORT,
        seconds: settings.seconds,
        rounds: settings.rounds,
        reference: '/post/what-lcp-actually-measures',
        log,
      });
    } finally {
      await floor.stop();
    }
  },
);

await figure('memory', { group: '14', figure: 'RSS at 1,000 posts', target: '< 300 MiB' }, () =>
  benchMemory({ port: MEMORY_PORT, log }),
);

await figure(
  'analytics',
  { group: '15', figure: 'analytics at 10 million views', target: 'page p95 < 300 ms; beacon ≥ cached page' },
  () =>
    benchAnalytics({
      port: ANALYTICS_PORT,
      contentDir,
      views: quick ? 1_000_000 : 10_000_000,
      requestsPerRound: quick ? 4_000 : 12_000,
      rounds: settings.rounds,
      ownerPassword: OWNER_PASSWORD,
      sessionSecret: SESSION_SECRET,
      log,
    }),
);

await figure('scale', { group: '6', figure: 'scale 1k → largest', target: 'ratios ≤ 1.5' }, () =>
  benchScale({
    corpora: settings.corpora,
    rounds: settings.scaleRounds,
    warm: settings.scaleWarm,
    port: SCALE_PORT,
    skipped: quick ? '100k skipped: --quick' : undefined,
    log,
  }),
);
await figure(
  'faults',
  { group: '7', figure: 'Wix faults', target: 'cached 200, uncached errors < 5 s, recovery' },
  () => benchFaults({ basePort: FAULT_PORT, log, forceBuild: rebuild }),
);
if (selected.has('query-engine')) {
  log(`\n[${elapsed()}] query-engine (in-process local source; figures printed only)`);
  const { benchQueryEngine } = await import('./query-engine');
  await benchQueryEngine();
}

await removeRunCopies();

process.exitCode = report({ quick, write, startLoad }) ? 1 : 0;
// autocannon and Lighthouse can leave handles open; everything this run started is stopped on exit.
process.exit();
