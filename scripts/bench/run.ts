import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { benchCluster } from './cluster';
import { benchData } from './data';
import { benchNewsletter } from './newsletter';
import { benchPaidRead } from './paid-read';
import { benchFaults } from './faults';
import { benchFreshness } from './freshness';
import { benchLighthouse } from './lighthouse';
import { benchLongPosts } from './long-posts';
import { benchMemory } from './memory';
import { measurePageJs, pageJsRows } from './page-js';
import { benchRendering } from './rendering';
import { benchScale } from './scale';
import { benchSoak } from './soak';
import { benchThroughput } from './throughput';
import {
  APP_PORT,
  buildApp,
  buildFloor,
  demoContentCopy,
  FLOOR_DIR,
  OWNER_PASSWORD,
  SESSION_SECRET,
} from './support/builds';
import { LOG_DIR, ROOT, startNext, type NextServer } from './support/process';
import { consoleTable, fmtMs, markdownTable, notMeasured, type Row } from './support/table';

// `npm run bench [-- --quick] [-- --only throughput,scale] [-- --skip lighthouse] [-- --rebuild] [-- --no-write]`
// `npm run bench -- --only soak --minutes 30`: the long soak (figure 8)
//
// Builds what it measures (the blog in .next-bench, over a scratch copy of content/; the floor app; the blog on the
// Wix source in .next-bench-wix), starts production servers on 127.0.0.1:3200-3299, measures the figures of
// docs/benchmarks.md, prints one table and writes it into docs/benchmarks.md between the bench markers. A build is
// reused while its sources are unchanged. Each figure is a module of its own; a figure that fails is reported in
// the table as not measured and the run goes on (exit code 1 at the end).

const FIGURES = [
  'rendering',
  'throughput',
  'page-js',
  'lighthouse',
  'freshness',
  'soak',
  'scale',
  'faults',
  'query-engine',
  'causes',
  'data',
  'newsletter',
  'cluster',
  'paid-read',
  'long-posts',
  'memory',
] as const;
/** Run only when asked for with --only: query-engine prints in-process figures, causes rebuilds the app four times. */
const ON_REQUEST: readonly string[] = ['causes'];
type Figure = (typeof FIGURES)[number];

const FLOOR_PORT = 3201;
const NGINX_PORT = 3220;
const SCALE_PORT = 3230;
const FAULT_PORT = 3240;
const LONG_PORT = 3250;
const LONG_NGINX_PORT = 3251;
const MEMORY_PORT = 3260;
const SOAK_PORT = 3270;

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    skip: { type: 'string' },
    rebuild: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    // The soak's length (figure 8); 10 or more writes its curve to docs/benchmarks/soak.svg.
    minutes: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(
    `npm run bench -- [--quick] [--only ${FIGURES.join(',')}] [--skip ...] [--rebuild] [--no-write] [--minutes N]`,
  );
  process.exit(0);
}
const quick = values.quick!;
const list = (text: string | undefined) => (text ? text.split(',').map((s) => s.trim()) : []);
for (const name of [...list(values.only), ...list(values.skip)])
  if (!FIGURES.includes(name as Figure)) throw new Error(`unknown figure "${name}"; known: ${FIGURES.join(', ')}`);
const selected = new Set<Figure>(
  (values.only
    ? list(values.only)
    : FIGURES.filter((f) => !ON_REQUEST.includes(f) && (f !== 'query-engine' || !quick))
  ).filter((f) => !list(values.skip).includes(f)) as Figure[],
);

const settings = quick
  ? {
      seconds: 2,
      rounds: 3,
      lighthouseRuns: 1,
      renderSeconds: 1,
      edits: 20,
      soak: 20,
      soakWarmup: 5,
      corpora: [1_000, 10_000],
      scaleRounds: 3,
      scaleWarm: 10,
    }
  : {
      seconds: 4,
      rounds: 3,
      lighthouseRuns: 3,
      renderSeconds: 3,
      edits: 20,
      soak: 60,
      soakWarmup: 10,
      corpora: [1_000, 10_000, 100_000],
      scaleRounds: 5,
      scaleWarm: 20,
    };

const rows: Row[] = [];
let failed = false;
const began = performance.now();
const log = (line: string) => console.log(line);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const startLoad = loadavg()[0]!;
const elapsed = () => `${((performance.now() - began) / 1000).toFixed(0)} s`;

async function figure(
  name: Figure,
  fallback: { group: string; figure: string; target: string },
  body: () => Promise<Row[]>,
) {
  if (!selected.has(name)) return;
  log(`\n[${elapsed()}] ${name} (load average ${load()})`);
  try {
    rows.push(...(await body()));
  } catch (error) {
    failed = true;
    const message = error instanceof Error ? error.message : String(error);
    console.error(`  ${name} failed: ${message}`);
    rows.push(
      notMeasured(fallback.group, fallback.figure, fallback.target, `failed: ${message.split('\n')[0]!.slice(0, 160)}`),
    );
  }
}

await mkdir(LOG_DIR, { recursive: true });
log(
  `npm run bench${quick ? ' --quick' : ''}: ${[...selected].join(', ')}; ${cpus().length} cores, Node ${process.versions.node}; load average ${load()}; logs in ${path.relative(ROOT, LOG_DIR)}/`,
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
].some((f) => selected.has(f as Figure));
// Only the figures that serve the blog read the content copy (data and query-engine need none of it).
const contentDir = needsApp ? await demoContentCopy() : '';
if (needsApp) {
  const app = await buildApp(contentDir, values.rebuild);
  log(`build .next-bench: ${app.reused ? 'reused (sources unchanged)' : `built in ${fmtMs(app.ms)}`}`);
}
if (['throughput', 'causes', 'long-posts'].some((f) => selected.has(f as Figure))) {
  const floor = await buildFloor(values.rebuild);
  log(
    `build floor (${path.relative(ROOT, FLOOR_DIR)}/.next-floor): ${floor.reused ? 'reused' : `built in ${fmtMs(floor.ms)}`}`,
  );
}

// In-process CPU work first, while no server runs.
await figure('rendering', { group: '4', figure: 'RichContent renderToString', target: '≥ 60,000 nodes/s' }, () =>
  benchRendering(settings.renderSeconds, log),
);
await figure(
  'data',
  {
    group: '9',
    figure: 'data collection at 100,000 items',
    target: 'query p50 ≤ 20 ms at 100,000 items; bulkInsert 1000: reported',
  },
  () => benchData(log),
);
await figure(
  'newsletter',
  { group: '11', figure: 'newsletter delivery', target: 'every subscriber once; rate reported' },
  () => benchNewsletter(quick ? 2_000 : 10_000, log),
);

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
  pageJsRows(await measurePageJs((await appServer()).url, log)),
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
const soakMinutes = values.minutes === undefined ? undefined : Number(values.minutes);
if (soakMinutes !== undefined && !(soakMinutes > 0))
  throw new Error(`--minutes takes a number of minutes, not "${values.minutes}"`);
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
      write: !values['no-write'],
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
  () => benchFaults({ basePort: FAULT_PORT, log, forceBuild: values.rebuild }),
);
if (selected.has('query-engine')) {
  log(`\n[${elapsed()}] query-engine (in-process local source; figures printed only)`);
  const { benchQueryEngine } = await import('./query-engine');
  await benchQueryEngine();
}

// Run copies of the build are scratch.
for (const dist of [
  '.next-bench-run-app',
  '.next-bench-run-scale',
  '.next-bench-run-fault-500',
  '.next-bench-run-fault-429',
  '.next-bench-run-fault-hang',
  '.next-bench-run-fault-malformed',
  '.next-bench-run-plain',
  '.next-bench-run-a',
  '.next-bench-run-b',
]) {
  await rm(path.join(ROOT, dist), { recursive: true, force: true });
}

rows.sort((a, b) => a.group.localeCompare(b.group));
const total = `${((performance.now() - began) / 1000).toFixed(0)} s`;
log(`\n${consoleTable(rows)}\n`);
const missed = rows.filter((r) => r.met === false).length;
log(
  `${rows.filter((r) => r.met === true).length} met, ${missed} missed, ${rows.filter((r) => r.met === null).length} without a verdict; ${total}`,
);

if (!values['no-write']) {
  const doc = path.join(ROOT, 'docs/benchmarks.md');
  const BEGIN = '<!-- bench:begin (generated by `npm run bench`: edits between these markers are overwritten) -->';
  const END = '<!-- bench:end -->';
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const defaults = FIGURES.filter((f) => !ON_REQUEST.includes(f) && (f !== 'query-engine' || !quick));
  const scope =
    defaults.every((f) => selected.has(f)) && selected.size === defaults.length
      ? ''
      : ` (only: ${[...selected].join(', ')})`;
  const section = [
    BEGIN,
    '',
    `Run of ${stamp} UTC, \`npm run bench${quick ? ' -- --quick' : ''}\`${scope}: ${cpus().length} cores, Node ${process.versions.node}, ${total}; ` +
      `load average ${startLoad.toFixed(2)} at the start, ${loadavg()[0]!.toFixed(2)} at the end${startLoad > 0.5 ? ' (a busy machine: other work shared the CPU)' : ''}.`,
    '',
    markdownTable(rows),
    '',
    END,
  ].join('\n');
  const text = readFileSync(doc, 'utf8');
  const start = text.indexOf('<!-- bench:begin');
  const end = text.indexOf(END);
  writeFileSync(
    doc,
    start >= 0 && end > start
      ? text.slice(0, start) + section + text.slice(end + END.length)
      : `${text.trimEnd()}\n\n## Latest run\n\n${section}\n`,
  );
  log(`wrote the table into ${path.relative(ROOT, doc)}`);
}
process.exitCode = failed ? 1 : 0;
// autocannon and Lighthouse can leave handles open; everything this run started is stopped on exit.
process.exit();
