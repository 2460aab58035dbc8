// Next's page cache (next.config `cacheHandler`): its file-system cache, with two changes, and with REDIS_URL a second
// level shared by every instance (@trieb.work/nextjs-turbo-redis-cache's RedisStringsHandler).
// - Local first: a page is read from this instance's memory and disk, and only on a miss from Redis; a page found there
//   is kept here too. A cached page costs a Redis round trip and a ~250 KB JSON parse per request otherwise (measured:
//   ~100 requests per second instead of ~420). Stored pages go to both. Local entries stay correct because every
//   instance's invalidations reach every instance's tags manifest (redis-shared.mjs), which the disk cache checks.
// - Redis away: this instance serves from its own cache and renders what it lacks; see redis-shared.mjs.
// - A not-found render is only written where a page was before. Every made-up URL (/post/<anything>) renders a 404
//   that Next would otherwise store on disk, one ~48 KB entry per path and without bound; a 404 is cheap to render.
// - A render that began before one of its tags was revalidated is not stored. Next stamps a page with the time it is
//   stored, not the time its render began, so a render in flight when a webhook clears `posts` (a prefetch of the
//   feed, say) would store what it read before the edit as if it were newer than the edit, until the next event.
// - A route handler's answer is stored only when it is a 200. Next keys a cached route handler (the feeds, sitemaps,
//   robots) by path, not method: a POST or OPTIONS that finds the entry missing or stale (after any edit) runs the
//   route with its own method and Next stores that answer, a 405 or an empty 204, as the path's, served to every GET
//   for good (issue 42). Such an entry already stored (on disk, or in Redis by an older release) is read as a miss.
import FileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import TagsManifestModule from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';
import path from 'node:path';
import { RedisStringsHandler } from '@trieb.work/nextjs-turbo-redis-cache';
import { entryPrefix, redisShared } from './redis-shared.mjs';

const FileSystemCache = FileSystemCacheModule.default ?? FileSystemCacheModule;
const { areTagsExpired } = TagsManifestModule.default ?? TagsManifestModule;

/** @param {unknown} data */
export const isNotFoundPage = (data) =>
  typeof data === 'object' &&
  data !== null &&
  (data.kind === 'APP_PAGE' || data.kind === 'PAGES') &&
  data.status === 404;

/** Whether an entry may be stored and served: all but a route handler's answer other than a 200. @param {any} data */
export const isServable = (data) => data?.kind !== 'APP_ROUTE' || (data.status ?? 200) === 200;

/** The cache tags a rendered page carries (Next's `x-next-cache-tags` header). @param {any} data */
const pageTags = (data) => {
  const header = data?.headers?.['x-next-cache-tags'];
  return typeof header === 'string' && header ? header.split(',') : [];
};

/** Renders in flight: when each key's render began (its cache miss). Process-wide: Next makes a handler per request. */
const renderStarts = (globalThis[Symbol.for('wix-blog.page-cache.render-starts')] ??= new Map());
/** A render takes well under this; a miss older than it had no render that finished (an error, a crash). */
const RENDER_WINDOW_MS = 60_000;
const MAX_RENDERS_IN_FLIGHT = 10_000;

/** With REDIS_URL: the shared page store, one per process (Next makes a handler per request). */
const redisPages = (serverDistDir) => {
  const shared = redisShared();
  if (!shared) return null;
  return (globalThis[Symbol.for('wix-blog.page-cache.redis')] ??= (() => {
    const redis = new RedisStringsHandler({
      database: 0,
      keyPrefix: `${entryPrefix(path.join(serverDistDir, '..'))}page:`,
      getTimeoutMs: 300,
    });
    // Pages stored before an invalidation made here while Redis was away.
    shared.onReturn(async (replay) => {
      if (replay.length) await redis.revalidateTag(replay.map(([tag]) => tag));
    });
    return { shared, redis };
  })());
};

/** With Redis: the other instances told, and the shared pages carrying the tags dropped. */
async function expireShared(pages, tags, durations) {
  if (!pages) return;
  const { shared, redis } = pages;
  await shared.publish(tags, durations, Date.now());
  if (shared.up) await redis.revalidateTag(tags).catch(shared.lost);
}

/**
 * What the handler's `revalidateTag` does, without a handler: for tags cleared outside a request (use-cache-handler.mjs
 * registers it for lib/core/cache/clear.ts). Next makes a handler per request, and this module may not have been
 * loaded by Next yet when a job runs (it loads it at the first request); FileSystemCache's revalidateTag writes only
 * the process-wide tags manifest, so it is called without an instance.
 * @param {string[]} tags @param {{ expire?: number } | undefined} durations
 */
export async function expirePageTags(tags, durations) {
  await FileSystemCache.prototype.revalidateTag.call(null, tags, durations);
  await expireShared(redisPages(path.resolve(process.env.NEXT_DIST_DIR || '.next', 'server')), tags, durations);
}

/** A stored entry, or null where it holds what must not be served. @param {any} entry */
const servable = (entry) => (entry && !isServable(entry.value) ? null : entry);

export default class PageCacheHandler extends FileSystemCache {
  constructor(ctx) {
    super(ctx);
    this.redis = redisPages(ctx.serverDistDir);
  }

  /** This instance's entry, else (Redis answering) the shared one, kept here from then on. */
  async read(key, ctx) {
    const local = servable(await super.get(key, ctx));
    const { shared, redis } = this.redis ?? {};
    if (local || !shared?.up) return local;
    try {
      const remote = servable(await redis.get(key, ctx));
      if (remote?.value) await super.set(key, remote.value, { ...ctx, cacheControl: remote.cacheControl });
      return remote;
    } catch (error) {
      shared.lost(error);
      return null;
    }
  }

  /** @type {FileSystemCache['revalidateTag']} */
  async revalidateTag(tags, durations) {
    await super.revalidateTag(tags, durations);
    await expireShared(this.redis, typeof tags === 'string' ? [tags] : tags, durations);
  }

  /** @type {FileSystemCache['get']} */
  async get(...args) {
    const entry = await this.read(...args);
    // A miss is followed by a render of that key, whose result `set` receives.
    if (!entry && !renderStarts.has(args[0])) {
      if (renderStarts.size >= MAX_RENDERS_IN_FLIGHT) renderStarts.clear();
      renderStarts.set(args[0], Date.now());
    }
    return entry;
  }

  /** @type {FileSystemCache['set']} */
  async set(key, data, ctx) {
    const startedAt = renderStarts.get(key);
    renderStarts.delete(key);
    if (!isServable(data)) return;
    // A page that existed and is now gone (a deleted post) is overwritten, so a restart cannot bring it back.
    if (isNotFoundPage(data) && !this.hasEntry(key)) return;
    // Read before an invalidation of its own tags: the next request renders it again, from what is there now.
    if (
      startedAt !== undefined &&
      Date.now() - startedAt < RENDER_WINDOW_MS &&
      // startedAt - 1: an invalidation in the very millisecond the render began counts as after it.
      areTagsExpired(pageTags(data), startedAt - 1)
    ) {
      return;
    }
    const { shared, redis } = this.redis ?? {};
    if (shared?.up) await redis.set(key, data, ctx).catch(shared.lost);
    return super.set(key, data, ctx);
  }

  /** Whether the key has a stored page: its own, or the build's prerender it is seeded from. @param {string} key */
  hasEntry(key) {
    const marker = key.indexOf('/$/');
    const keys = marker === -1 ? [key] : [key, key.slice(marker + 2)];
    return keys.some((k) => {
      try {
        return this.fs.existsSync(this.getFilePath(`${k}.html`, 'APP_PAGE'));
      } catch {
        return false;
      }
    });
  }
}
