import { signingKey } from '@/lib/webhooks/keys';
import { ContentFolder } from '../blog/content-folder';
import { postToken, signEvent } from '../blog/deliver';
import { updatePost } from '../blog/posts';
import { assertScratchFolder, isLoopback, probePost, restorePost } from '../blog/probe';

// From verified event to fresh page: 20 retitles through the CLI's own functions against a running site,
// each followed at once by GETs of the post page until the new title shows. There is no sleep anywhere:
// the first GET after the webhook's 200 must already be fresh, so every edit should take one request.
//
//   BLOG_CONTENT_DIR=/tmp/c npx tsx scripts/bench/webhook-latency.ts [http://127.0.0.1:3000]

const EDITS = 20;
const MAX_REQUESTS = 50;

const siteUrl = (process.argv[2] ?? process.env.BENCH_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const folder = new ContentFolder(process.env.BLOG_CONTENT_DIR ?? 'content');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function pageHtml(path: string) {
  const response = await fetch(`${siteUrl}${path}`, { headers: { 'cache-control': 'no-cache' } });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  return response.text();
}

async function run(): Promise<boolean> {
  if (!isLoopback(siteUrl)) throw new Error(`${siteUrl} is not a loopback address`);
  assertScratchFolder(folder);
  const key = await signingKey({ env: process.env, contentDir: folder.dir });
  const probe = await probePost(folder);
  const path = `/post/${probe.post.slug}`;
  if (!(await pageHtml(path)).includes(`<h1>`)) throw new Error(`${path} has no heading`);
  console.log(`site ${siteUrl}, content ${folder.dir}, post ${path}; ${EDITS} edits`);

  const rows: Array<{ latency: number; webhook: number; requests: number }> = [];
  try {
    for (let i = 1; i <= EDITS; i++) {
      const title = `Latency probe ${i} ${Date.now().toString(36)}`;
      const change = await updatePost(folder, probe.post.id, { title });
      const token = await signEvent(change.event!, key);
      const sent = performance.now();
      const delivery = await postToken(siteUrl, token);
      if (delivery.status !== 200) throw new Error(`edit ${i}: the webhook answered ${delivery.status} ${JSON.stringify(delivery.body)}`);
      const webhook = performance.now() - sent;
      let requests = 0;
      for (;;) {
        requests++;
        if ((await pageHtml(path)).includes(`<h1>${title}</h1>`)) break;
        if (requests >= MAX_REQUESTS) throw new Error(`edit ${i}: still stale after ${MAX_REQUESTS} requests`);
      }
      rows.push({ latency: performance.now() - sent, webhook, requests });
      console.log(`edit ${String(i).padStart(2)}: fresh after ${requests} request${requests === 1 ? '' : 's'}, ${ms(performance.now() - sent)} (webhook ${ms(webhook)})`);
    }
  } finally {
    await restorePost(folder, siteUrl, probe);
    const restored = (await pageHtml(path)).includes(`<h1>${probe.post.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}`);
    console.log(`restored ${probe.file} and told the site${restored ? '' : ' (the page heading did not match the original title, check it)'}`);
  }

  const latencies = rows.map((r) => r.latency);
  const stale = rows.filter((r) => r.requests > 1).length;
  console.log(`\nevent sent -> fresh page over ${rows.length} edits: median ${ms(median(latencies))}, max ${ms(Math.max(...latencies))}`);
  console.log(`webhook round trip: median ${ms(median(rows.map((r) => r.webhook)))}; requests until fresh: ${rows.map((r) => r.requests).join(' ')}`);
  if (stale) console.error(`FAIL: ${stale} edit(s) needed more than one request: the first request after the event was stale`);
  return stale === 0;
}

try {
  process.exitCode = (await run()) ? 0 : 1;
} catch (error) {
  console.error(`FAIL: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
