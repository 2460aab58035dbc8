import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { signingKey } from '@/lib/edge/webhooks/keys';
import { ContentFolder } from '../blog/content-folder';
import { postToken, signEvent } from '../blog/deliver';
import { updatePost } from '../blog/posts';
import { assertScratchFolder, probePost, restorePost } from '../blog/probe';
import { QUERY_BODY } from './throughput';
import { sleep, treeRss } from './support/process';
import { fmtInt, fmtMiB, fmtMs, row, type Row } from './support/table';

// Figure 8, soak: mixed page and API load (autocannon, 8 connections, cycling through the requests below) with a
// verified webhook event every second: the CLI's retitle of the probe post (write-then-rename + signed event), so the
// feed, its category and the post keep being cleared and rendered again under load. Passes with zero errors (no
// failed request, no non-2xx, every webhook 200) and the RSS of the last 10 s within 15% of the first 10 s after a
// warm-up of the same load.

export interface SoakOptions {
  siteUrl: string;
  pid: number;
  contentDir: string;
  seconds: number;
  warmupSeconds: number;
  log?: (line: string) => void;
}

const WINDOW_S = 10;

export async function benchSoak(options: SoakOptions): Promise<Row[]> {
  const log = options.log ?? console.log;
  const folder = new ContentFolder(options.contentDir);
  assertScratchFolder(folder);
  const key = await signingKey({ contentDir: folder.dir });
  const probe = await probePost(folder);
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
      url: options.siteUrl,
      connections: 8,
      duration: seconds,
      requests,
      timeout: 10,
    }) as Promise<autocannon.Result>;

  log(
    `  warm-up ${options.warmupSeconds} s, then ${options.seconds} s of mixed load (${requests.length} URLs, 8 connections) with an event every second`,
  );
  const warm = await loadFor(options.warmupSeconds);
  const samples: Array<{ t: number; rss: number }> = [];
  const events: Array<{ status: number; ms: number }> = [];
  let running = true;
  const began = performance.now();

  const sampler = (async () => {
    while (running) {
      samples.push({ t: (performance.now() - began) / 1000, rss: treeRss(options.pid) });
      await sleep(500);
    }
  })();
  const webhooks = (async () => {
    let i = 0;
    while (running) {
      const next = began + ++i * 1000;
      await sleep(Math.max(0, next - performance.now()));
      if (!running) break;
      const change = await updatePost(folder, probe.post.id, { title: `Soak ${i} ${Date.now().toString(36)}` });
      const delivery = await postToken(options.siteUrl, await signEvent(change.event!, key));
      events.push({ status: delivery.status, ms: delivery.ms });
    }
  })();
  let result: autocannon.Result;
  try {
    result = await loadFor(options.seconds);
  } finally {
    running = false;
    await Promise.all([sampler, webhooks]);
    await restorePost(folder, options.siteUrl, probe);
  }

  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const first = mean(samples.filter((s) => s.t <= WINDOW_S).map((s) => s.rss));
  const last = mean(samples.filter((s) => s.t >= options.seconds - WINDOW_S).map((s) => s.rss));
  const growth = last / first - 1;
  const failedEvents = events.filter((e) => e.status !== 200).length;
  const errors = result.errors + result.timeouts + result.non2xx + failedEvents;
  log(
    `  ${fmtInt(result.requests.total)} requests (${fmtInt(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms); ` +
      `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}; ${events.length} events, ${failedEvents} not 200, webhook max ${fmtMs(Math.max(...events.map((e) => e.ms)))}`,
  );
  log(
    `  RSS first ${WINDOW_S} s ${fmtMiB(first)}, last ${WINDOW_S} s ${fmtMiB(last)} (${(growth * 100).toFixed(1)}%); warm-up ${fmtInt(warm.requests.total)} requests`,
  );
  // The path, a mean per window: growth that levels off (caches reaching their size) reads differently from a leak.
  const windows = Array.from({ length: Math.ceil(options.seconds / WINDOW_S) }, (_, i) =>
    samples.filter((s) => s.t > i * WINDOW_S && s.t <= (i + 1) * WINDOW_S).map((s) => s.rss),
  );
  log(
    `  RSS per ${WINDOW_S} s: ${windows
      .filter((w) => w.length)
      .map((w) => fmtMiB(mean(w)))
      .join(', ')}`,
  );
  return [
    row(
      '8',
      `soak ${options.seconds} s: mixed pages + API, an event every second`,
      '0 errors',
      `${errors} errors (${fmtInt(result.requests.total)} requests, ${result.non2xx} non-2xx, ${result.errors + result.timeouts} failed; ${events.length} events, ${failedEvents} not 200)`,
      errors === 0,
    ),
    row(
      '8',
      `soak: RSS last ${WINDOW_S} s vs first ${WINDOW_S} s`,
      'within 15%',
      `${fmtMiB(first)} → ${fmtMiB(last)} (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%)`,
      Math.abs(growth) <= 0.15,
    ),
  ];
}
