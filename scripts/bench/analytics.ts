import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { createEmbeddedBackend } from '@/lib/data/tools';
import { contentPosts, generateHistoryInSql } from '../analytics/history';
import { cookiesOf } from './paid-read';
import { ROOT, sleep, startNext, timed } from './support/process';
import { fmtInt, fmtMs, row, type Row } from './support/table';

// Figure 15, analytics at scale (issue 46). A year of page views (10 million; --quick: 1 million) generated in the
// embedded database, the site's default, through analytics' own store: each day written, rolled up once closed, raw
// events pruned after 35 days, as the site does. Then, on a production server over that database:
//
// - the analytics page as the owner opens it over 30 days, 90 days and 12 months: p95 of all its loads;
// - the view beacon (POST /api/hit) under load beside the cached feed page in the same run (alternating rounds):
//   requests/s of each, and every beacon the server answered counted (today's views read back from the page's CSV);
// - the database's size: the roll-ups and the raw events kept, per million views.

const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 (bench)';
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

export async function benchAnalytics(options: {
  port: number;
  contentDir: string;
  views: number;
  /** Requests of each kind in a round of the load. */
  requestsPerRound: number;
  rounds: number;
  ownerPassword: string;
  sessionSecret: string;
  log?: (line: string) => void;
}): Promise<Row[]> {
  const { port, contentDir, log = console.log } = options;
  const dataDir = path.join(ROOT, '.next-bench-analytics-data');
  await rm(dataDir, { recursive: true, force: true });

  // A year of views, made by the database, rolled up and pruned day by day.
  const backend = createEmbeddedBackend(dataDir);
  const began = performance.now();
  const history = await generateHistoryInSql({
    sql: backend.sql!,
    days: 365,
    viewsPerDay: options.views / 365,
    posts: contentPosts(contentDir),
    onDay: (day, n) => day.endsWith('-01') && log(`    ${day}: ${fmtInt(n)} views`),
  });
  const generateMs = performance.now() - began;
  // The write-ahead log as a checkpoint leaves it: the folder's size is then the data's.
  await backend.sql!.query('checkpoint');
  await backend.close?.();
  const folderBytes = Number(execFileSync('du', ['-sb', dataDir], { encoding: 'utf8' }).split('\t')[0]);
  const { size } = history;
  const perMillion = (bytes: number, events: number) => (events ? (bytes / events) * 1e6 : 0);
  log(
    `    ${fmtInt(history.views)} views in ${fmtMs(generateMs)}; roll-ups ${mib(size.rollupBytes)} ` +
      `(${fmtInt(size.rollupRows)} rows), raw ${mib(size.rawBytes)} for ${fmtInt(size.rawEvents)} events kept; ` +
      `data folder ${mib(folderBytes)}`,
  );

  const server = await startNext({
    name: 'analytics',
    port,
    fromDist: '.next-bench',
    dist: '.next-bench-run-analytics',
    env: {
      BLOG_SOURCE: 'local',
      BLOG_CONTENT_DIR: contentDir,
      DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${port}`,
      OWNER_PASSWORD: options.ownerPassword,
      SESSION_SECRET: options.sessionSecret,
    },
  });
  try {
    const login = await fetch(`${server.url}/api/owner/session`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'login', password: options.ownerPassword }),
      redirect: 'manual',
    });
    const cookie = cookiesOf(login);
    if (!cookie.includes('owner_session=')) throw new Error(`the owner could not sign in (HTTP ${login.status})`);

    // The page: warmed, then 20 loads of each period.
    const pageMs: number[] = [];
    for (const range of ['30d', '90d', '12m']) {
      const url = `${server.url}/dashboard/analytics?range=${range}`;
      for (let i = 0; i < 3; i += 1) await timed(url, { headers: { cookie } });
      const ms: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const answer = await timed(url, { headers: { cookie } });
        if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
        ms.push(answer.ms);
      }
      log(`    page ${range}: p50 ${fmtMs(quantile(ms, 0.5))}, p95 ${fmtMs(quantile(ms, 0.95))}`);
      pageMs.push(...ms);
    }
    const p95 = quantile(pageMs, 0.95);

    // Today's views as the page reads them (the last row of the 7 days' CSV).
    const todayViews = async () => {
      const csv = await timed(`${server.url}/dashboard/analytics/export?table=series&range=7d`, {
        headers: { cookie },
      });
      return Number(csv.body.trim().split('\n').at(-1)!.split(',')[2]);
    };
    const before = await todayViews();
    const beacon = {
      method: 'POST' as const,
      body: JSON.stringify({ url: `${server.url}/tags/bench?utm_source=bench`, referrer: 'https://example.org/' }),
      headers: { 'content-type': 'application/json', origin: server.url, 'user-agent': UA },
    };
    let sent = 0;
    const beaconRps: number[] = [];
    const pageRps: number[] = [];
    // A fixed number of requests each (autocannon's `amount`): every beacon sent is answered before it stops, so the
    // beacons sent are exactly the requests made.
    const run = async (
      url: string,
      target: { method?: 'POST'; body?: string; headers: Record<string, string> },
      amount: number,
    ) => {
      const result = await autocannon({ url, connections: 32, amount, timeout: 10, ...target });
      return { rps: result.requests.total / result.duration, ok: result['2xx'], bad: result.non2xx + result.errors };
    };
    const amount = options.requestsPerRound;
    // A warm-up of each, then alternating rounds.
    sent += (await run(`${server.url}/api/hit`, beacon, 1000)).ok;
    await run(`${server.url}/`, { headers: { 'user-agent': UA } }, 1000);
    for (let r = 0; r < options.rounds; r += 1) {
      const hits = await run(`${server.url}/api/hit`, beacon, amount);
      sent += hits.ok;
      beaconRps.push(hits.rps);
      const page = await run(`${server.url}/`, { headers: { 'user-agent': UA } }, amount);
      pageRps.push(page.rps);
      log(`    round ${r + 1}: beacon ${fmtInt(hits.rps)} req/s (${hits.bad} failed), feed ${fmtInt(page.rps)} req/s`);
    }
    await sleep(2500);
    const counted = (await todayViews()) - before;
    const median = (values: number[]) => quantile(values, 0.5);
    const ratio = median(beaconRps) / median(pageRps);
    log(`    beacons answered ${fmtInt(sent)}, counted ${fmtInt(counted)}`);
    const millions = history.views / 1e6;
    return [
      row(
        '15',
        `analytics page over ${fmtInt(history.views)} views (30 d, 90 d, 12 months)`,
        'p95 < 300 ms',
        `p95 ${fmtMs(p95)}`,
        p95 < 300,
      ),
      row(
        '15',
        'view beacon vs the cached feed, same run',
        '≥ 1.0, events sent = counted',
        `${fmtInt(median(beaconRps))} vs ${fmtInt(median(pageRps))} req/s (${ratio.toFixed(2)}); ` +
          `${fmtInt(sent)} sent, ${fmtInt(counted)} counted`,
        ratio >= 1 && sent === counted,
      ),
      row(
        '15',
        'analytics storage per million views',
        'reported',
        `roll-ups ${mib(size.rollupBytes / millions)}; raw events ${mib(perMillion(size.rawBytes, size.rawEvents))} ` +
          `(kept 35 days); data folder ${mib(folderBytes)} in all; written at ${fmtInt(history.views / (generateMs / 1000))}/s`,
        null,
      ),
    ];
  } finally {
    await server.stop();
    await rm(path.join(ROOT, '.next-bench-run-analytics'), { recursive: true, force: true });
  }
}
