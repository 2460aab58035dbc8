import { existsSync, mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import nodeFs from 'next/dist/server/lib/node-fs-methods.js';
import PageCacheHandler from '@/lib/core/cache/page-cache-handler.mjs';

// Next's page cache writes every rendered page to disk; made-up URLs must not grow it.

let dist = '';
beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'page-cache-'));
  mkdirSync(path.join(dist, 'app'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

type Context = ConstructorParameters<typeof PageCacheHandler>[0];
type Store = {
  set(key: string, data: unknown, ctx: unknown): Promise<void>;
  get(key: string, ctx: unknown): Promise<unknown>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
};
const handler = (): Store =>
  new PageCacheHandler({
    fs: nodeFs.nodeFs,
    serverDistDir: dist,
    flushToDisk: true,
    dev: false,
    revalidatedTags: [],
    _requestHeaders: {},
  } as Context);

const page = (status: number, html: string) => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from('rsc'),
  headers: {},
  status,
  postponed: undefined,
  segmentData: undefined,
});
const ctx = { cacheControl: { revalidate: 3600, expire: 86400 }, isRoutePPREnabled: true, isFallback: false };
const key = (slug: string) => `/route-cache/APP_PAGE/owner/$/post/${slug}`;
const files = () =>
  existsSync(path.join(dist, 'route-cache')) ? readdirSync(path.join(dist, 'route-cache'), { recursive: true }) : [];

it('a not-found render of a made-up path writes nothing', async () => {
  for (let i = 0; i < 20; i++) await handler().set(key(`made-up-${i}`), page(404, '<h1>Page not found</h1>'), ctx);
  expect(files()).toEqual([]);
});

it('a found page is written as before', async () => {
  await handler().set(key('real-post'), page(200, '<h1>Real</h1>'), ctx);
  expect(existsSync(path.join(dist, 'route-cache/APP_PAGE/owner/$/post/real-post.html'))).toBe(true);
});

it('a page that existed and is now gone is overwritten with its 404, so a restart cannot bring it back', async () => {
  await handler().set(key('deleted'), page(200, '<h1>Deleted soon</h1>'), ctx);
  await handler().set(key('deleted'), page(404, '<h1>Page not found</h1>'), ctx);
  const meta = path.join(dist, 'route-cache/APP_PAGE/owner/$/post/deleted.meta');
  expect(JSON.parse((await import('node:fs')).readFileSync(meta, 'utf8')).status).toBe(404);
});

it('a prerendered page from the build (the seed) counts as existing', async () => {
  mkdirSync(path.join(dist, 'app/post'), { recursive: true });
  writeFileSync(path.join(dist, 'app/post/prerendered.html'), '<h1>Built</h1>');
  await handler().set(key('prerendered'), page(404, '<h1>Page not found</h1>'), ctx);
  expect(existsSync(path.join(dist, 'route-cache/APP_PAGE/owner/$/post/prerendered.html'))).toBe(true);
});

describe('a render that raced an invalidation', () => {
  // The clock is Vitest's (Date and performance, which Next's tag manifest reads), so "before" and "after" are exact.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'performance'] });
  });
  afterEach(() => vi.useRealTimers());

  const tagged = (html: string, tags: string) => ({ ...page(200, html), headers: { 'x-next-cache-tags': tags } });
  const getCtx = { kind: 'APP_PAGE', isRoutePPREnabled: true, isFallback: false };
  const stored = (slug: string) => existsSync(path.join(dist, `route-cache/APP_PAGE/owner/$/post/${slug}.html`));

  it('is not stored when one of its tags was revalidated while it rendered (it read the data before the event)', async () => {
    const cache = handler();
    expect(await cache.get(key('raced'), getCtx)).toBeNull();
    vi.advanceTimersByTime(50);
    await cache.revalidateTag('posts', { expire: 0 });
    vi.advanceTimersByTime(50);
    await cache.set(key('raced'), tagged('<h1>Before the edit</h1>', '_N_T_/layout,posts,post:1'), ctx);
    expect(stored('raced')).toBe(false);
    expect(await cache.get(key('raced'), getCtx)).toBeNull();
  });

  it('is stored when the invalidation came before the render began, or named other tags', async () => {
    const cache = handler();
    await cache.revalidateTag('posts', { expire: 0 });
    vi.advanceTimersByTime(50);
    expect(await cache.get(key('after'), getCtx)).toBeNull();
    vi.advanceTimersByTime(50);
    await cache.set(key('after'), tagged('<h1>After the edit</h1>', 'posts'), ctx);
    expect(stored('after')).toBe(true);

    expect(await cache.get(key('other'), getCtx)).toBeNull();
    vi.advanceTimersByTime(50);
    await cache.revalidateTag('category:9', { expire: 0 });
    vi.advanceTimersByTime(50);
    await cache.set(key('other'), tagged('<h1>Untouched</h1>', 'posts,post:2'), ctx);
    expect(stored('other')).toBe(true);
  });
});

describe('a route handler answering another method than GET (issue 42)', () => {
  // Next keys a cached route handler by path only: a POST that finds /feed.xml stale runs the route as a POST, and the
  // 405 (an OPTIONS: its empty 204) reaches this handler as the feed's new entry.
  const route = (status: number, body: string) => ({
    kind: 'APP_ROUTE',
    status,
    body: Buffer.from(body),
    headers: { 'content-type': 'application/xml; charset=utf-8', 'x-next-cache-tags': 'posts' },
  });
  const routeKey = '/feed.xml';
  const routeCtx = { kind: 'APP_ROUTE', isRoutePPREnabled: false, isFallback: false };
  const meta = () => path.join(dist, 'app/feed.xml.meta');

  it('stores no answer but a 200: the feed stored before stays what a GET gets', async () => {
    await handler().set(routeKey, route(200, '<rss>the feed</rss>'), ctx);
    for (const status of [405, 204]) await handler().set(routeKey, route(status, ''), ctx);
    const entry = (await handler().get(routeKey, routeCtx)) as { value: { status: number; body: Buffer } };
    expect(entry.value.status).toBe(200);
    expect(String(entry.value.body)).toBe('<rss>the feed</rss>');
  });

  it('writes nothing for a 405 where no feed was stored', async () => {
    await handler().set(routeKey, route(405, ''), ctx);
    expect(existsSync(meta())).toBe(false);
    expect(await handler().get(routeKey, routeCtx)).toBeNull();
  });

  it('reads a 405 an older release stored as a miss, so the next GET renders the feed again', async () => {
    mkdirSync(path.dirname(meta()), { recursive: true });
    writeFileSync(path.join(dist, 'app/feed.xml.body'), '');
    writeFileSync(meta(), JSON.stringify({ status: 405, headers: {} }));
    expect(await handler().get(routeKey, routeCtx)).toBeNull();
  });
});
