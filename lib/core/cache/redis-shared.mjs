// With REDIS_URL: what both cache handlers share, once per process. Tag invalidations go to every instance through
// Redis (a hash of tag → times, so an instance that was away catches up, and a pub/sub channel, so it hears at once),
// into Next's process-wide tags manifest: the one its file-system page cache and in-memory 'use cache' handler check.
// So the local caches, used while Redis is away, never serve what another instance invalidated.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createClient } from 'redis';
import TagsManifestModule from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';

const { tagsManifest } = TagsManifestModule.default ?? TagsManifestModule;
// Not per build: a rolling deploy's old and new builds must hear each other's invalidations.
const TAGS_KEY = 'wix-blog:tags';
const CHANNEL = 'wix-blog:tags';
/** How often an instance reads the tags hash (it hears the channel at once; this covers what the channel lost). */
const RESYNC_MS = 2_000;
/** Tags invalidated longer ago than any cached entry lives ('days' at most) are dropped from the hash. */
const FORGET_AFTER_MS = 8 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** What FileSystemCache.revalidateTag and Next's default 'use cache' handler write, at a given time. */
export function applyTags(tags, durations, now) {
  for (const tag of tags) {
    const entry = { ...tagsManifest.get(tag) };
    if (durations) {
      entry.stale = Math.max(entry.stale ?? 0, now);
      if (durations.expire !== undefined) entry.expired = Math.max(entry.expired ?? 0, now + durations.expire * 1000);
    } else {
      entry.expired = Math.max(entry.expired ?? 0, now);
    }
    tagsManifest.set(tag, entry);
  }
}

function create(url) {
  const me = randomUUID();
  const options = {
    url,
    disableOfflineQueue: true, // a command while Redis is away fails at once instead of waiting in a queue
    socket: { connectTimeout: 1000, reconnectStrategy: (attempt) => Math.min(100 * 2 ** attempt, 2000) },
  };
  const client = createClient(options);
  const subscriber = createClient(options);
  /** Invalidations made here while Redis was away: replayed on its return (tags → durations). */
  const missed = new Map();
  const onReturn = new Set();
  let away = false;
  /** Which outage was logged: one line per outage, however many calls fail during it. */
  let logged = false;
  const lost = (error) => {
    away = true;
    // A failure while both our connections answer is the cache library's own (its connections reconnect on their
    // own schedule): served locally until the next tick finds Redis answering, and not an outage to report.
    if (logged || (client.isReady && subscriber.isReady)) return;
    logged = true;
    console.error(
      JSON.stringify({
        msg: "cache: redis unavailable; serving from this instance's cache",
        error: String(error?.message ?? error),
      }),
    );
  };
  /**
   * Merges the shared tags hash into this process's tags manifest: what others invalidated while this instance was
   * not listening (away, reconnecting, or a message lost: pub/sub delivers at most once). The tags that moved here are
   * handed to the app as if heard on the channel.
   */
  const resync = async () => {
    const moved = [];
    for (const [tag, value] of Object.entries(await client.hGetAll(TAGS_KEY))) {
      const { stale, expired } = JSON.parse(value);
      const here = tagsManifest.get(tag) ?? {};
      if ((stale ?? 0) <= (here.stale ?? 0) && (expired ?? 0) <= (here.expired ?? 0)) continue;
      tagsManifest.set(tag, {
        stale: Math.max(stale ?? 0, here.stale ?? 0) || undefined,
        expired: Math.max(expired ?? 0, here.expired ?? 0) || undefined,
      });
      moved.push(tag);
    }
    if (moved.length) globalThis[Symbol.for('wix-blog.remote-tags')]?.(moved);
  };
  let pruned = 0;
  /** Tags last invalidated long ago no longer matter (every entry they could mark stale has expired): dropped. */
  const prune = async () => {
    if (Date.now() - pruned < PRUNE_EVERY_MS) return;
    pruned = Date.now();
    const old = Object.entries(await client.hGetAll(TAGS_KEY))
      .filter(([, value]) => {
        const { stale, expired } = JSON.parse(value);
        return Math.max(stale ?? 0, expired ?? 0) < Date.now() - FORGET_AFTER_MS;
      })
      .map(([tag]) => tag);
    if (old.length) await client.hDel(TAGS_KEY, old);
  };
  const back = async () => {
    if (!client.isReady || !subscriber.isReady) return;
    try {
      // Catch up on what others invalidated meanwhile, then tell them (and the shared entries) what we did, dated
      // now: another instance may have rendered those pages since, from what it had cached before.
      await resync();
      const replay = [...missed];
      missed.clear();
      for (const [tag, durations] of replay) {
        const at = Date.now();
        applyTags([tag], durations, at);
        await shared.publish([tag], durations, at);
      }
      for (const callback of onReturn) await callback(replay);
      if (logged) console.error(JSON.stringify({ msg: 'cache: redis available again; the shared cache resumes' }));
      logged = false;
      away = false;
    } catch (error) {
      lost(error);
    }
  };
  // Every few seconds while both connections answer: come back from an outage (also one only the cache library's own
  // connections saw), or catch up on the hash.
  setInterval(() => {
    if (!client.isReady || !subscriber.isReady) return;
    void (away ? back() : resync().then(prune)).catch(lost);
  }, RESYNC_MS).unref();
  const heard = (message) => {
    const { from, tags, durations, at } = JSON.parse(message);
    if (from === me) return;
    applyTags(tags, durations, at);
    // The app's own state that follows the tags (its blog source's posts: lib/blog/remote-tags.ts).
    globalThis[Symbol.for('wix-blog.remote-tags')]?.(tags);
  };
  // Subscribed once it has succeeded (the client subscribes again by itself after a reconnection). A subscription
  // that failed (Redis not answering when the site started: a connection timed out on a busy machine, or Redis
  // started after the site) is asked again each time the subscriber is ready, or the instance would hear nothing but
  // the resyncs of the hash.
  let subscribed = false;
  let subscribing = false;
  const listen = () => {
    if (subscribed || subscribing) return;
    subscribing = true;
    subscriber
      .subscribe(CHANNEL, heard)
      .then(() => (subscribed = true), lost)
      .finally(() => (subscribing = false));
  };
  subscriber.on('ready', listen);
  for (const c of [client, subscriber]) {
    c.on('error', lost);
    c.on('ready', back);
    c.connect().catch(lost);
  }
  listen();

  const shared = {
    /** Redis answers, and this instance hears the others' invalidations. */
    get up() {
      return !away && client.isReady && subscriber.isReady;
    },
    lost,
    /** Runs when Redis returns, with the invalidations made here while it was away. */
    onReturn: (callback) => onReturn.add(callback),
    /** Records an invalidation made here (already applied locally) for every other instance. */
    async publish(tags, durations, at) {
      try {
        if (!client.isReady) throw new Error('not connected');
        const multi = client.multi();
        for (const tag of tags) {
          const { stale, expired } = tagsManifest.get(tag) ?? {};
          multi.hSet(TAGS_KEY, tag, JSON.stringify({ stale, expired }));
        }
        multi.publish(CHANNEL, JSON.stringify({ from: me, tags, durations, at }));
        await multi.exec();
      } catch (error) {
        lost(error);
        for (const tag of tags) missed.set(tag, durations);
      }
    },
  };
  return shared;
}

/** The process's shared state, or null without REDIS_URL or during `next build`. */
export function redisShared() {
  const url = process.env.REDIS_URL;
  if (!url || process.env.NEXT_PHASE === 'phase-production-build') return null;
  return (globalThis[Symbol.for('wix-blog.redis-shared')] ??= create(url));
}

/** Redis key prefix for cache entries: per build (a page of one build is no page of another). */
export function entryPrefix(distDir) {
  let build = 'dev';
  try {
    build = readFileSync(`${distDir}/BUILD_ID`, 'utf8').trim();
  } catch {}
  return `wix-blog:${build}:`;
}
