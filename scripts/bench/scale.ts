import { signSession, SESSION_COOKIE } from '@/lib/owner/tools';
import { FEED_PAGE_SIZE } from '@/lib/core/site';
import { ContentFolder } from '../blog/content-folder';
import { postToken, signEvent } from '../wix/deliver';
import { entityEvent, postEntity } from '../wix/events';
import { standInSigningKey } from '../wix/webhook-keys';
import { APP_SITE_URL, OWNER_PASSWORD, SESSION_SECRET } from './support/builds';
import { ensureCorpus } from './support/corpus';
import { startNext, timed, treeRss } from './support/process';
import { fmtMiB, fmtMs, median, row, type Row } from './support/table';

// Figure 6, scale: the same build over generated corpora of 1,000, 10,000 and 100,000 posts. For each: start time
// (spawn → first 200 of /api/stats/total, which needs the whole folder read), then per endpoint two latencies:
//   after an event: a verified post_updated webhook clears the tags (posts, post:{id}, categories, tags), so the next
//                   request renders from the source again: the cost of a page the cache does not hold;
//   warm:           the same URL again and again: what the cache serves.
// Each round sends one event, then one "after an event" request per endpoint, then the warm ones; p50 over rounds.
// RSS (the server and its children) after all rounds. Ratio: largest corpus / 1,000.

const QUERY = JSON.stringify({
  query: {
    filter: { $and: [{ 'metrics.views': { $gte: 1000 } }, { hashtags: { $hasSome: ['webperf', 'css'] } }] },
    sort: [{ fieldName: 'firstPublishedDate', order: 'DESC' }],
    cursorPaging: { limit: 12 },
  },
});

interface Endpoint {
  key: string;
  label: string;
  path: string;
  init?: RequestInit;
}

interface CorpusResult {
  posts: number;
  published: number;
  startMs: number;
  rss: number;
  cold: Map<string, number>;
  afterEvent: Map<string, number[]>;
  warm: Map<string, number[]>;
  errors: string[];
  labels: Map<string, string>;
}

export interface ScaleOptions {
  corpora: number[];
  rounds: number;
  warm: number;
  port: number;
  skipped?: string;
  log?: (line: string) => void;
}

async function measureCorpus(posts: number, options: ScaleOptions, log: (line: string) => void): Promise<CorpusResult> {
  const dir = await ensureCorpus(posts, log);
  const key = standInSigningKey();
  const server = await startNext({
    name: `scale-${posts}`,
    port: options.port,
    fromDist: '.next-bench',
    dist: '.next-bench-run-scale',
    readyPath: '/api/stats/total',
    timeoutMs: 600_000,
    env: {
      BLOG_SOURCE: 'local',
      BLOG_CONTENT_DIR: dir,
      SITE_URL: APP_SITE_URL,
      OWNER_PASSWORD,
      SESSION_SECRET,
      TRUST_PROXY_HOPS: '0',
    },
  });
  const result: CorpusResult = {
    posts,
    published: 0,
    startMs: server.startMs,
    rss: 0,
    cold: new Map(),
    afterEvent: new Map(),
    warm: new Map(),
    errors: [],
    labels: new Map(),
  };
  try {
    const total = (JSON.parse((await timed(`${server.url}/api/stats/total`)).body) as { total: number }).total;
    result.published = total;
    // Page 100, or the last full page of a smaller folder: every corpus renders a page of the same length (1,000
    // posts have 81 pages, the last one holding 6 posts, which measured as a cheaper page rather than a smaller
    // folder).
    const deepPage = Math.max(1, Math.min(100, Math.floor(total / FEED_PAGE_SIZE)));
    const listed = JSON.parse(
      (await timed(`${server.url}/api/posts?paging.limit=1&paging.offset=${Math.floor(total / 2)}`)).body,
    ) as { posts: Array<{ id: string; slug: string }> };
    const probe = listed.posts[0]!;
    const raw = await new ContentFolder(dir).post(probe.id);
    const cookie = `${SESSION_COOKIE}=${signSession(SESSION_SECRET).token}`;
    const endpoints: Endpoint[] = [
      { key: 'feed', label: 'feed page 1', path: '/' },
      { key: 'deep', label: `feed /page/${deepPage}`, path: `/page/${deepPage}` },
      { key: 'category', label: 'category page', path: '/categories/performance' },
      {
        key: 'query',
        label: 'filtered POST /api/posts/query',
        path: '/api/posts/query',
        init: { method: 'POST', body: QUERY, headers: { 'content-type': 'application/json' } },
      },
      { key: 'post', label: 'post by slug', path: `/post/${probe.slug}` },
      { key: 'dashboard', label: 'dashboard (signed in)', path: '/dashboard', init: { headers: { cookie } } },
    ];
    for (const e of endpoints) result.labels.set(e.key, e.label);
    const hit = async (e: Endpoint) => {
      const r = await timed(server.url + e.path, { ...e.init, timeoutMs: 120_000 });
      if (r.status !== 200) result.errors.push(`${e.key}: ${e.path} answered ${r.status}`);
      if (e.key === 'dashboard' && !r.body.includes('Dashboard'))
        result.errors.push('dashboard: /dashboard did not render the dashboard');
      return r.ms;
    };
    // First request of each after start: a render, and the first use of its code.
    for (const e of endpoints) result.cold.set(e.key, await hit(e));
    for (let round = 0; round < options.rounds; round++) {
      const delivery = await postToken(
        server.url,
        await signEvent(entityEvent('post', 'updated', postEntity(raw)), key),
      );
      if (delivery.status !== 200) result.errors.push(`webhook: answered ${delivery.status}`);
      for (const e of endpoints) result.afterEvent.set(e.key, [...(result.afterEvent.get(e.key) ?? []), await hit(e)]);
      for (const e of endpoints)
        for (let i = 0; i < options.warm; i++)
          result.warm.set(e.key, [...(result.warm.get(e.key) ?? []), await hit(e)]);
    }
    result.rss = treeRss(server.pid);
    log(
      `  ${posts.toLocaleString('en-US')} posts (${total.toLocaleString('en-US')} published): start ${fmtMs(server.startMs)}, RSS ${fmtMiB(result.rss)}`,
    );
    for (const e of endpoints) {
      log(
        `    ${e.label.padEnd(32)} first ${fmtMs(result.cold.get(e.key)!).padStart(8)}   after an event p50 ${fmtMs(median(result.afterEvent.get(e.key)!)).padStart(8)}   warm p50 ${fmtMs(median(result.warm.get(e.key)!)).padStart(8)}`,
      );
    }
    if (result.errors.length) log(`    errors: ${[...new Set(result.errors)].join(', ')}`);
  } finally {
    await server.stop();
  }
  return result;
}

export async function benchScale(options: ScaleOptions): Promise<Row[]> {
  const log = options.log ?? console.log;
  const results: CorpusResult[] = [];
  for (const posts of options.corpora) results.push(await measureCorpus(posts, options, log));
  const small = results[0]!;
  const large = results.at(-1)!;
  const size = (r: CorpusResult) => (r.posts >= 1000 ? `${r.posts / 1000}k` : String(r.posts));
  const span = `${size(small)} → ${size(large)}`;
  const rows: Row[] = [];
  const skipped = options.skipped ? ` (${options.skipped})` : '';
  rows.push(
    row(
      '6',
      'server start: spawn → first 200 of /api/stats/total',
      '< 5 s',
      results.map((r) => `${size(r)} ${fmtMs(r.startMs)}`).join(', ') + skipped,
      results.every((r) => r.startMs < 5000),
    ),
  );
  const hundredK = results.find((r) => r.posts >= 100_000);
  rows.push(
    row(
      '6',
      'RSS after warm-up (server process tree)',
      '< 1 GiB at 100k',
      results.map((r) => `${size(r)} ${fmtMiB(r.rss)}`).join(', ') + (hundredK ? '' : '; 100k not measured' + skipped),
      hundredK ? hundredK.rss < 1024 ** 3 : null,
    ),
  );
  for (const [key, label] of large.labels) {
    const after = (r: CorpusResult) => median(r.afterEvent.get(key) ?? []);
    const warm = (r: CorpusResult) => median(r.warm.get(key) ?? []);
    const afterRatio = after(large) / after(small);
    const warmRatio = warm(large) / warm(small);
    const errors = results.flatMap((r) => r.errors.filter((e) => e.startsWith(`${key}:`)));
    rows.push(
      row(
        '6',
        `${label}: p50 after an event (render) and warm (cached), ${span}`,
        'ratio ≤ 1.5',
        `after an event ${results.map((r) => fmtMs(after(r))).join(' → ')} (${afterRatio.toFixed(2)}x); warm ${results.map((r) => fmtMs(warm(r))).join(' → ')} (${warmRatio.toFixed(2)}x)`,
        afterRatio <= 1.5 && warmRatio <= 1.5 && errors.length === 0,
      ),
    );
  }
  const allErrors = results.flatMap((r) => r.errors.map((e) => `${size(r)}: ${e}`));
  if (allErrors.length)
    rows.push(
      row('6', 'scale: requests that did not answer 200', '0', [...new Set(allErrors)].slice(0, 6).join(', '), false),
    );
  return rows;
}
