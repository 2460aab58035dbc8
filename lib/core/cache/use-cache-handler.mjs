// next.config `cacheHandlers.default` ('use cache'). Without REDIS_URL: Next's own in-memory handler, as before.
// With it: @trieb.work/nextjs-turbo-redis-cache's handler while Redis answers, the in-memory one while it is away.
// Every invalidation goes to both and to the other instances (redis-shared.mjs).
import path from 'node:path';
import DefaultModule from 'next/dist/server/lib/cache-handlers/default.js';
import WorkUnitModule from 'next/dist/server/app-render/work-unit-async-storage.external.js';
import { getRedisCacheComponentsHandler } from '@trieb.work/nextjs-turbo-redis-cache';
import { applyTags, entryPrefix, redisShared } from './redis-shared.mjs';
import { expirePageTags } from './page-cache-handler.mjs';

const { createDefaultCacheHandler } = DefaultModule.default ?? DefaultModule;
const { workUnitAsyncStorage } = WorkUnitModule.default ?? WorkUnitModule;

/**
 * Runs a call of the Redis handler outside the render that asked for the entry. The handler reads the clock
 * (`Date.now()`, for its tags' times), and Next aborts a static render that reads the clock itself: with Redis, every
 * feed and sitemap rendered again after an edit answered 500 ("couldn't be rendered statically because it used
 * `Date.now()`", issue 42). Next's own handler reads `performance` instead.
 * @template T @param {() => T} call @returns {T}
 */
const outsideRender = (call) => workUnitAsyncStorage.exit(call);
const local = createDefaultCacheHandler(50 * 1024 * 1024);
const shared = redisShared();

let handler = local;
if (shared) {
  const redis = getRedisCacheComponentsHandler({
    database: 0,
    keyPrefix: `${entryPrefix(path.resolve(process.env.NEXT_DIST_DIR || '.next'))}uc:`,
    getTimeoutMs: 300,
  });
  // Entries stored before an invalidation made while Redis was away.
  shared.onReturn(async (replay) => {
    for (const [tag, durations] of replay) await redis.updateTags([tag], durations);
  });
  const current = () => (shared.up ? redis : local);
  handler = {
    async get(key, softTags) {
      const from = current();
      try {
        return await outsideRender(() => from.get(key, softTags));
      } catch (error) {
        shared.lost(error);
        return undefined;
      }
    },
    async set(key, pending) {
      const to = current();
      try {
        await outsideRender(() => to.set(key, pending));
      } catch (error) {
        shared.lost(error);
      }
    },
    async refreshTags() {
      if (shared.up) await outsideRender(() => redis.refreshTags()).catch(shared.lost);
    },
    // Soft tags (revalidatePath) are in the tags manifest on every instance (the bus).
    getExpiration: (tags) => local.getExpiration(tags),
    updateTags: (tags, durations) =>
      outsideRender(async () => {
        const at = Date.now();
        applyTags(tags, durations, at);
        await shared.publish(tags, durations, at);
        if (shared.up) await redis.updateTags(tags, durations).catch(shared.lost);
      }),
  };
}

/**
 * Tags cleared outside a request (a job at its time, a timer): what Next does with a request's revalidated tags when
 * the request ends (revalidation-utils.js `revalidateTags`: each cache handler's `updateTags`, then the page cache's
 * `revalidateTag`, with the same durations). Next loads this module when the server starts (`preloadEntriesOnStart`),
 * so the function is there before any job runs; lib/core/cache/clear.ts calls it (the app's bundle cannot import the
 * instances Next loaded).
 */
globalThis[Symbol.for('wix-blog.expire-tags')] = async (tags, durations) => {
  await handler.updateTags(tags, durations);
  await expirePageTags(tags, durations);
};

export default handler;
