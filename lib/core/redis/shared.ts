import { createClient } from 'redis';
import { processSingleton } from '@/lib/core/process-singleton';

// The Redis that several instances of the site share (REDIS_URL): rate limits (lib/core/security/limits.ts), the
// webhook's deduplication, session revocations and the captcha's used challenges (`sharedMarks` below); the page and
// data caches have their own handlers (lib/core/cache). Without REDIS_URL none of this exists and each piece keeps its
// state in process.
//
// Redis down or restarting never fails a reader's request: commands fail at once instead of queueing (no offline
// queue), each piece then falls back to its process state, the outage is logged once, and the client reconnects with
// backoff; when Redis answers again the pieces use it again. What was marked in process during the outage stays in
// that process only.

export type RedisClient = ReturnType<typeof createClient>;

export interface SharedRedis {
  client: RedisClient;
  /** Whether commands can be sent now. */
  ready(): boolean;
  close(): Promise<void>;
}

/** The longest wait between reconnection attempts. */
const MAX_BACKOFF_MS = 2_000;

const log = (msg: string, extra: Record<string, unknown> = {}) => console.error(JSON.stringify({ msg, ...extra }));

/** A client of `url`, connecting in the background and forever after a loss. Its password is never logged. */
export function connectRedis(url: string, name = 'site'): SharedRedis {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2_000,
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, MAX_BACKOFF_MS),
    },
  });
  let down = false;
  client.on('error', (error: unknown) => {
    if (down) return;
    down = true;
    log('redis unavailable; using process state until it is back', { client: name, error: String(error) });
  });
  client.on('ready', () => {
    if (down) log('redis available again', { client: name });
    down = false;
  });
  client.connect().catch(() => {
    // The 'error' listener logged it; the reconnect strategy keeps trying.
  });
  return {
    client,
    ready: () => client.isReady,
    close: async () => {
      if (client.isOpen) await client.quit();
    },
  };
}

/** The site's Redis, one per process; null without REDIS_URL. */
export const siteRedis = (url: string | undefined): SharedRedis | null =>
  url ? processSingleton('redis-site', () => connectRedis(url)) : null;

/** Ids each kept until a time, at most `max` of them (the oldest go first): a process's marks. */
class ExpiringIds {
  private readonly until = new Map<string, number>();
  constructor(private readonly max: number) {}

  /** Keeps `id` until `end` (ms) unless it is kept already: false then. */
  add(id: string, end: number): boolean {
    if (this.has(id)) return false;
    this.set(id, end);
    return true;
  }

  /** Keeps `id` until `end` (ms), whatever it was kept until. */
  set(id: string, end: number): void {
    this.until.delete(id);
    this.until.set(id, end);
    while (this.until.size > this.max) this.until.delete(this.until.keys().next().value!);
  }

  has(id: string): boolean {
    return (this.until.get(id) ?? 0) > Date.now();
  }
}

/**
 * Marks with a lifetime, shared through Redis when there is one: a webhook event id seen, a session revoked, a captcha
 * solution used. `mark` answers whether the mark is new (atomically across instances: SET NX), so two instances
 * receiving the same event both ask and only one is told "new". Without Redis, or while it is down, a bounded map in
 * the process answers.
 */
export interface SharedMarks {
  /** Marks `id` for `ttlSeconds`: true when it was not marked yet. */
  mark(id: string, ttlSeconds: number): Promise<boolean>;
  /** Whether `id` is marked. */
  has(id: string): Promise<boolean>;
}

export function sharedMarks(namespace: string, redis: SharedRedis | null, maxInProcess = 100_000): SharedMarks {
  const local = new ExpiringIds(maxInProcess);
  const localMark = (id: string, ttlSeconds: number) => local.add(id, Date.now() + ttlSeconds * 1000);
  const localHas = (id: string) => local.has(id);
  const key = (id: string) => `${namespace}:${id}`;

  return {
    async mark(id, ttlSeconds) {
      const seconds = Math.max(1, Math.ceil(ttlSeconds));
      if (redis?.ready()) {
        try {
          const set = await redis.client.set(key(id), '1', { NX: true, EX: seconds });
          // Kept here too, so a later outage still knows it.
          localMark(id, seconds);
          return set === 'OK';
        } catch {
          // Down since the check: the process answers.
        }
      }
      return localMark(id, seconds);
    },
    async has(id) {
      if (localHas(id)) return true;
      if (redis?.ready()) {
        try {
          return (await redis.client.exists(key(id))) === 1;
        } catch {
          // Down: what the process knows.
        }
      }
      return false;
    },
  };
}

/**
 * Marks checked without waiting (the owner's session is checked in synchronous code): each process holds every mark
 * in memory; a mark made on one instance reaches the others at once (published on a channel) and is kept in Redis for
 * its lifetime, so an instance that starts or reconnects later loads it. Without Redis: this process's marks only.
 */
export interface SyncedMarks {
  mark(id: string, ttlSeconds: number): void;
  has(id: string): boolean;
  /** Settles once this process hears the others' marks (at once without Redis; never rejects). */
  listening: Promise<void>;
}

export function syncedMarks(namespace: string, redis: SharedRedis | null, maxInProcess = 10_000): SyncedMarks {
  const local = new ExpiringIds(maxInProcess);
  const keep = (id: string, until: number) => local.set(id, until);
  const channel = `${namespace}:channel`;
  const keyOf = (id: string) => `${namespace}:${id}`;
  /** Marks made while Redis was away: shared when it is back. */
  const pending = new Map<string, number>();
  const share = (id: string, until: number) =>
    redis!.client
      .multi()
      .set(keyOf(id), '1', { PX: Math.max(1, until - Date.now()) })
      .publish(channel, JSON.stringify({ id, until }))
      .exec();

  let listening = Promise.resolve();
  if (redis) {
    redis.client.on('ready', () => {
      loadIfReady();
      for (const [id, until] of pending) {
        pending.delete(id);
        if (until > Date.now()) void share(id, until).catch(() => pending.set(id, until));
      }
    });
    const subscriber = redis.client.duplicate();
    subscriber.on('error', () => {
      // The main client logs outages; this one reconnects with it.
    });
    const load = async () => {
      // What was marked while this process was away (or before it started).
      for await (const key of redis.client.scanIterator({ MATCH: `${namespace}:*`, COUNT: 1000 })) {
        if (key === channel) continue;
        const ttl = await redis.client.pTTL(key);
        if (ttl > 0) keep(key.slice(namespace.length + 1), Date.now() + ttl);
      }
    };
    // Once both connections answer (whichever is last): the subscriber hears what comes, the client reads what was.
    function loadIfReady() {
      if (redis!.ready() && subscriber.isReady) void load().catch(() => {});
    }
    subscriber.on('ready', loadIfReady);
    listening = subscriber
      .connect()
      .then(() =>
        subscriber.subscribe(channel, (message) => {
          try {
            const { id, until } = JSON.parse(message) as { id: unknown; until: unknown };
            if (typeof id === 'string' && typeof until === 'number') keep(id, until);
          } catch {
            // Not one of ours.
          }
        }),
      )
      .catch(() => {});
  }

  return {
    mark(id, ttlSeconds) {
      const seconds = Math.max(1, Math.ceil(ttlSeconds));
      const until = Date.now() + seconds * 1000;
      keep(id, until);
      if (!redis) return;
      if (redis.ready()) void share(id, until).catch(() => pending.set(id, until));
      else pending.set(id, until);
    },
    has: (id) => local.has(id),
    listening,
  };
}
