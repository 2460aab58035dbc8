import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ContentFolder, type RawPost } from '../blog/content-folder';
import { postToken, signEvent } from '../wix/deliver';
import { entityEvent, postEntity } from '../wix/events';
import { standInSigningKey } from '../wix/webhook-keys';
import { updatePost } from '../blog/posts';
import { assertScratchFolder, isLoopback, probePost, restorePost } from '../blog/probe';
import { median } from './support/table';

// From verified event to fresh page: retitles of one post against a running site, each followed at once by GETs of
// the post page until the new title shows. There is no sleep anywhere: the first GET after the webhook's 200 must
// already be fresh, so every edit should take one request. Two ways to edit the file:
//   cli       the CLI's own functions: write-then-rename (a new inode, the folder's mtime moves), then the event;
//   in-place  a plain writeFile over the same inode (the folder's mtime does not move), then the event.
// The event is signed as Wix signs (the stand-in's pair, ../wix/webhook-keys.ts): against a site of your own, set
// WIX_WEBHOOK_PRIVATE_KEY here and its public half as the site's WIX_WEBHOOK_PUBLIC_KEY.
//
//   BLOG_CONTENT_DIR=/tmp/c npx tsx scripts/bench/webhook-latency.ts [http://127.0.0.1:3000] [--in-place]

const MAX_REQUESTS = 50;

const ms = (value: number) => `${value.toFixed(1)} ms`;

export interface FreshnessResult {
  mode: 'cli' | 'in-place';
  edits: number;
  latencies: number[];
  webhooks: number[];
  requests: number[];
  /** Edits whose first GET after the event was still stale. */
  stale: number;
  /** For in-place edits: every write kept the file's inode. */
  sameInode: boolean;
}

export interface FreshnessOptions {
  siteUrl: string;
  /** Where the page is read (another instance sharing the site's Redis); the site's own when absent. */
  readUrl?: string;
  contentDir: string;
  edits?: number;
  mode?: 'cli' | 'in-place';
  log?: (line: string) => void;
}

export async function measureFreshness(options: FreshnessOptions): Promise<FreshnessResult> {
  const siteUrl = options.siteUrl.replace(/\/+$/, '');
  const readUrl = (options.readUrl ?? siteUrl).replace(/\/+$/, '');
  const folder = new ContentFolder(options.contentDir);
  const edits = options.edits ?? 20;
  const mode = options.mode ?? 'cli';
  const log = options.log ?? console.log;
  for (const url of [siteUrl, readUrl]) if (!isLoopback(url)) throw new Error(`${url} is not a loopback address`);
  assertScratchFolder(folder);

  const pageHtml = async (pagePath: string) => {
    const response = await fetch(`${readUrl}${pagePath}`, { headers: { 'cache-control': 'no-cache' } });
    if (response.status !== 200) throw new Error(`GET ${pagePath} answered ${response.status}`);
    return response.text();
  };

  const key = standInSigningKey();
  const probe = await probePost(folder);
  const pagePath = `/post/${probe.post.slug}`;
  if (!(await pageHtml(pagePath)).includes(`<h1>`)) throw new Error(`${pagePath} has no heading`);
  log(`  site ${siteUrl}, content ${folder.dir}, post ${pagePath}; ${edits} ${mode} edits`);

  /** The in-place edit: same file, same inode, plain writeFile; then the event the platform would send. */
  const inPlace = async (title: string) => {
    const before = await stat(probe.file);
    const post = JSON.parse(await readFile(probe.file, 'utf8')) as RawPost;
    const next = { ...post, title, lastPublishedDate: new Date().toISOString() };
    await writeFile(probe.file, `${JSON.stringify(next, null, 2)}\n`);
    const after = await stat(probe.file);
    return { event: entityEvent('post', 'updated', postEntity(next)), sameInode: before.ino === after.ino };
  };

  const result: FreshnessResult = {
    mode,
    edits: 0,
    latencies: [],
    webhooks: [],
    requests: [],
    stale: 0,
    sameInode: true,
  };
  try {
    for (let i = 1; i <= edits; i++) {
      const title = `Latency probe ${mode} ${i} ${Date.now().toString(36)}`;
      let event;
      if (mode === 'cli') {
        const { post } = await updatePost(folder, probe.post.id, { title });
        event = entityEvent('post', 'updated', postEntity(post!));
      } else {
        const edit = await inPlace(title);
        event = edit.event;
        result.sameInode &&= edit.sameInode;
      }
      const token = await signEvent(event, key);
      const sent = performance.now();
      const delivery = await postToken(siteUrl, token);
      if (delivery.status !== 200)
        throw new Error(`edit ${i}: the webhook answered ${delivery.status} ${JSON.stringify(delivery.body)}`);
      const webhook = performance.now() - sent;
      let requests = 0;
      for (;;) {
        requests++;
        if ((await pageHtml(pagePath)).includes(`<h1>${title}</h1>`)) break;
        if (requests >= MAX_REQUESTS) throw new Error(`edit ${i}: still stale after ${MAX_REQUESTS} requests`);
      }
      const latency = performance.now() - sent;
      result.edits++;
      result.latencies.push(latency);
      result.webhooks.push(webhook);
      result.requests.push(requests);
      if (requests > 1) result.stale++;
      log(
        `    edit ${String(i).padStart(2)}: fresh after ${requests} request${requests === 1 ? '' : 's'}, ${ms(latency)} (webhook ${ms(webhook)})`,
      );
    }
  } finally {
    await restorePost(siteUrl, probe);
    const restored = (await pageHtml(pagePath)).includes(
      `<h1>${probe.post.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}`,
    );
    log(
      `  restored ${path.basename(probe.file)} and told the site${restored ? '' : ' (the page heading did not match the original title, check it)'}`,
    );
  }
  const lat = result.latencies;
  log(
    `  event sent -> fresh page over ${lat.length} ${mode} edits: median ${ms(median(lat))}, max ${ms(Math.max(...lat))}; webhook median ${ms(median(result.webhooks))}`,
  );
  return result;
}

async function main() {
  const args = process.argv.slice(2);
  const siteUrl = args.find((a) => !a.startsWith('--')) ?? process.env.BENCH_URL ?? 'http://127.0.0.1:3000';
  const mode = args.includes('--in-place') ? 'in-place' : 'cli';
  const result = await measureFreshness({ siteUrl, contentDir: process.env.BLOG_CONTENT_DIR ?? 'content', mode });
  if (result.stale)
    console.error(
      `FAIL: ${result.stale} edit(s) needed more than one request: the first request after the event was stale`,
    );
  return result.stale === 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    process.exitCode = (await main()) ? 0 : 1;
  } catch (error) {
    console.error(`FAIL: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
