import autocannon from 'autocannon';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ContentFolder } from '../blog/content-folder';
import { postToken, signEvent } from '../wix/deliver';
import { entityEvent, postEntity } from '../wix/events';
import { standInSigningKey } from '../wix/webhook-keys';
import { updatePost } from '../blog/posts';
import { assertScratchFolder, probePost, restorePost } from '../blog/probe';
import { soakMembers } from './soak-members';
import { lastFullGc, type Sample, soakSvg, soakTable, windows } from './soak-memory';
import { QUERY_BODY } from './throughput';
import { APP_SITE_URL, OWNER_PASSWORD, SESSION_SECRET, demoContentCopy } from './support/builds';
import { ROOT, sleep, startNext, treeRss } from './support/process';
import { fmtInt, fmtMiB, fmtMs, row, type Row } from './support/table';

// Figure 8, soak: the blog's own server over a copy of the demo content, run with V8's --trace-gc so the live heap
// after each full collection can be read from its log (soak-memory.ts). For the whole run:
// - readers: autocannon, 8 connections, cycling through pages and the JSON API;
// - members: one request a second from members who joined at the start, in turn (soak-members.ts): a like, their
//   session, a comment on the probe post, the post's comments, the comment deleted, the like taken back;
// - the platform: the CLI's retitle of the probe post every second (write-then-rename + a signed event), so the feed,
//   its category and the post keep being cleared and rendered again.
// Passes with zero errors. Memory: a short run compares the RSS of its last 10 s with its first 10 s (within 15%);
// a long one (`--minutes`, 10 or more) compares the last minute with the minute at its half-way mark (under 3%), and
// writes the curve to docs/benchmarks/soak.svg and soak.md. SOAK_NODE_ARGS adds options for the server's node, e.g.
// `--max-old-space-size=256` for a heap the size V8 takes on a small machine.

export interface SoakOptions {
  port: number;
  seconds: number;
  warmupSeconds: number;
  /** Write the curve into docs/benchmarks/ (long runs only). */
  write?: boolean;
  log?: (line: string) => void;
}

/** 10 s windows for a short run, minutes for a long one. */
const LONG_S = 600;

export async function benchSoak(options: SoakOptions): Promise<Row[]> {
  const log = options.log ?? console.log;
  const contentDir = await demoContentCopy('content-soak');
  const folder = new ContentFolder(contentDir);
  assertScratchFolder(folder);
  const key = standInSigningKey();
  const probe = await probePost(folder);
  const data = await mkdtemp(path.join(tmpdir(), 'blog-bench-soak-'));
  const server = await startNext({
    name: 'soak',
    port: options.port,
    fromDist: '.next-bench',
    dist: '.next-bench-run-soak',
    nodeArgs: ['--trace-gc', ...(process.env.SOAK_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    env: {
      BLOG_SOURCE: 'local',
      BLOG_CONTENT_DIR: contentDir,
      DATA_DIR: data,
      SITE_URL: APP_SITE_URL,
      OWNER_PASSWORD,
      SESSION_SECRET,
      MEMBERS_EMAIL_VERIFICATION: 'false',
      TRUST_PROXY_HOPS: '1',
    },
  });
  try {
    return await soak(options, { url: server.url, pid: server.pid, log: server.log }, folder, key, probe, log);
  } finally {
    await server.stop();
    await rm(data, { recursive: true, force: true });
    await rm(contentDir, { recursive: true, force: true });
  }
}

async function soak(
  options: SoakOptions,
  server: { url: string; pid: number; log: string },
  folder: ContentFolder,
  key: ReturnType<typeof standInSigningKey>,
  probe: Awaited<ReturnType<typeof probePost>>,
  log: (line: string) => void,
): Promise<Row[]> {
  const long = options.seconds >= LONG_S;
  const postId = probe.post.id;
  const requests = [
    { method: 'GET' as const, path: '/' },
    { method: 'GET' as const, path: `/post/${probe.post.slug}` },
    { method: 'GET' as const, path: '/categories/performance' },
    { method: 'GET' as const, path: '/page/2' },
    { method: 'GET' as const, path: '/tags/caching' },
    { method: 'GET' as const, path: '/post/every-block-our-editor-supports' },
    { method: 'GET' as const, path: '/api/posts?paging.limit=12' },
    {
      method: 'POST' as const,
      path: '/api/posts/query',
      body: QUERY_BODY,
      headers: { 'content-type': 'application/json' },
    },
    { method: 'GET' as const, path: '/api/stats/total' },
    { method: 'GET' as const, path: '/feed.xml' },
    { method: 'GET' as const, path: '/search?q=cache' },
  ];
  const loadFor = (seconds: number) =>
    autocannon({
      url: server.url,
      connections: 8,
      duration: seconds,
      requests,
      timeout: 10,
    }) as Promise<autocannon.Result>;

  // The members join before the load, each from an address of its own.
  const memberRequest = await soakMembers(server.url, postId);

  log(
    `  warm-up ${options.warmupSeconds} s, then ${options.seconds} s of mixed load (${requests.length} URLs, 8 connections), ` +
      `a member's request and an edit event every second`,
  );
  const warm = await loadFor(options.warmupSeconds);
  const samples: Sample[] = [];
  const events: Array<{ status: number; ms: number }> = [];
  const memberCalls: Array<{ what: string; status: number }> = [];
  let running = true;
  const began = performance.now();
  const elapsed = () => (performance.now() - began) / 1000;

  const heapNow = lastFullGc(server.log);
  const sampler = (async () => {
    while (running) {
      const heap = heapNow();
      samples.push({ t: elapsed(), rss: treeRss(server.pid), heap: heap?.live, heapKept: heap?.kept });
      await sleep(long ? 5000 : 500);
    }
  })();
  const every = (action: (i: number) => Promise<void>) =>
    (async () => {
      let i = 0;
      while (running) {
        const next = began + ++i * 1000;
        await sleep(Math.max(0, next - performance.now()));
        if (running) await action(i);
      }
    })();
  const webhooks = every(async (i) => {
    const { post } = await updatePost(folder, postId, { title: `Soak ${i} ${Date.now().toString(36)}` });
    const delivery = await postToken(
      server.url,
      await signEvent(entityEvent('post', 'updated', postEntity(post!)), key),
    );
    events.push({ status: delivery.status, ms: delivery.ms });
  });
  const memberLoad = every(async (i) => {
    memberCalls.push(await memberRequest(i));
  });

  let result: autocannon.Result;
  try {
    result = await loadFor(options.seconds);
  } finally {
    running = false;
    await Promise.all([sampler, webhooks, memberLoad]);
    await restorePost(server.url, probe);
  }

  const failedEvents = events.filter((e) => e.status !== 200).length;
  const failedMembers = memberCalls.filter((c) => c.status !== 200);
  const errors = result.errors + result.timeouts + result.non2xx + failedEvents + failedMembers.length;
  log(
    `  ${fmtInt(result.requests.total)} requests (${fmtInt(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms); ` +
      `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}; ${events.length} events, ${failedEvents} not 200, webhook max ${fmtMs(Math.max(...events.map((e) => e.ms)))}; ` +
      `${memberCalls.length} member requests, ${failedMembers.length} failed${failedMembers.length ? ` (${[...new Set(failedMembers.map((c) => `${c.what} ${c.status}`))].join(', ')})` : ''}; warm-up ${fmtInt(warm.requests.total)} requests`,
  );

  const window = long ? 60 : 10;
  const curve = windows(samples, options.seconds, window);
  log(
    `  RSS per ${window} s: ${curve.map((w) => fmtMiB(w.rss)).join(', ')}\n` +
      `  live heap after full collections, per ${window} s: ${curve.map((w) => (w.heap ? fmtMiB(w.heap) : '-')).join(', ')}`,
  );
  const errorsRow = row(
    '8',
    `soak ${long ? `${Math.round(options.seconds / 60)} min` : `${options.seconds} s`}: pages + API, members' likes and comments, an event every second`,
    '0 errors',
    `${errors} errors (${fmtInt(result.requests.total)} requests, ${result.non2xx} non-2xx, ${result.errors + result.timeouts} failed; ${events.length} events, ${failedEvents} not 200; ${memberCalls.length} member requests, ${failedMembers.length} failed)`,
    errors === 0,
  );
  const last = curve.at(-1)!;
  if (!long) {
    const first = curve[0]!;
    const growth = last.rss / first.rss - 1;
    return [
      errorsRow,
      row(
        '8',
        `soak: RSS last ${window} s vs first ${window} s`,
        'within 15%',
        `${fmtMiB(first.rss)} → ${fmtMiB(last.rss)} (${signed(growth)})`,
        Math.abs(growth) <= 0.15,
      ),
    ];
  }
  const half = curve[Math.floor(curve.length / 2) - 1]!;
  const growth = last.rss / half.rss - 1;
  const heapGrowth = half.heap && last.heap ? last.heap / half.heap - 1 : undefined;
  if (options.write) {
    const svg = path.join(ROOT, 'docs/benchmarks/soak.svg');
    await writeFile(svg, soakSvg(samples, options.seconds));
    await writeFile(path.join(ROOT, 'docs/benchmarks/soak.md'), soakTable(curve));
    log(`  wrote ${path.relative(ROOT, svg)} and docs/benchmarks/soak.md`);
  }
  return [
    errorsRow,
    row(
      '8',
      `soak: RSS growth over the last half (minute ${half.end / 60} → minute ${last.end / 60}); live heap`,
      '< 3%',
      `${fmtMiB(half.rss)} → ${fmtMiB(last.rss)} (${signed(growth)}); live heap ${half.heap ? fmtMiB(half.heap) : '-'} → ${last.heap ? fmtMiB(last.heap) : '-'}${heapGrowth === undefined ? '' : ` (${signed(heapGrowth)})`}`,
      growth < 0.03,
    ),
  ];
}

const signed = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
