import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { processSingleton } from '@/lib/core/process-singleton';
import { config } from '@/lib/core/config';
import { siteRedis } from '@/lib/core/redis/shared';
import { PEER_HEADER } from '@/lib/core/http/peer';

// Rate limits: where the counters live, and which client a request is counted against; then the owner login's budgets.

// The one place that chooses where limit counters live: Redis when REDIS_URL is set (RateLimiterRedis: every instance
// counts against the same budgets, each key expiring by itself), else process memory (RateLimiterMemory). While Redis
// is down or not yet connected, a memory limiter with the same budget counts instead (rate-limiter-flexible's
// insurance limiter): limits keep holding, per process, and no request fails for it.

export type Limiter = RateLimiterAbstract;

export interface LimiterOptions {
  /** Keeps the limiters' keys apart in a shared store. */
  keyPrefix: string;
  /** Points a key may consume per window. */
  points: number;
  /** Window length in seconds, counted from a key's first point (rate-limiter-flexible's fixed window). */
  durationSeconds: number;
}

export function createLimiter({ keyPrefix, points, durationSeconds }: LimiterOptions): Limiter {
  const memory = new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds });
  const redis = siteRedis(config().redisUrl);
  if (!redis) return memory;
  return new RateLimiterRedis({
    storeClient: redis.client,
    useRedisPackage: true,
    rejectIfRedisNotReady: true,
    keyPrefix: `limits:${keyPrefix}`,
    points,
    duration: durationSeconds,
    insuranceLimiter: memory,
  });
}

export type Consumed = { ok: true; res: RateLimiterRes } | { ok: false; res: RateLimiterRes };

/** Consumes a point: `ok: false` when the key is over its budget. A store failure is thrown, not read as "over". */
export async function consume(limiter: Limiter, key: string): Promise<Consumed> {
  try {
    return { ok: true, res: await limiter.consume(key) };
  } catch (rejection) {
    if (isLimiterRes(rejection)) return { ok: false, res: rejection };
    throw rejection;
  }
}

/**
 * "Over budget" rejects with a RateLimiterRes, a store failure with an Error. Checked by shape, not
 * `instanceof`: the limiters are process-wide (processSingleton) and may have been built by another bundle's
 * copy of the library, whose RateLimiterRes is another class.
 */
const isLimiterRes = (value: unknown): value is RateLimiterRes =>
  value instanceof RateLimiterRes ||
  (!(value instanceof Error) &&
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RateLimiterRes).msBeforeNext === 'number');

/** A key's current record, or null when it has none or its window has passed (expiry may lag a timer tick). */
export async function current(limiter: Limiter, key: string): Promise<RateLimiterRes | null> {
  const res = await limiter.get(key);
  return res && res.msBeforeNext > 0 ? res : null;
}

/** Whole seconds until a record's window ends, at least 1: what Retry-After says. */
export const secondsLeft = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

// The owner login's limits (docs/security.md "Rate limits"). Process-wide: the proxy and route handlers are
// separate bundles in one process, so the counters hang off processSingleton.

export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Failed attempts one client address may make per window without a trusted device cookie. */
export const LOGIN_MAX_FAILURES = 10;
/** Failed attempts one trusted device may make per window before its cookie stops being trusted. */
export const DEVICE_MAX_FAILURES = 10;
/** Failures from untrusted devices, all addresses together, per window that put the login under pressure. */
export const PRESSURE_FAILURES = 100;
/** Under pressure, one attempt from an untrusted device may pass per this many seconds, all addresses together. */
export const SLOWED_INTERVAL_SECONDS = 2;

export interface LoginLimits {
  /** Per client address: failures of attempts without a trusted device. */
  client: Limiter;
  /** Per device id (from a valid signed device cookie): failures. */
  device: Limiter;
  /** One key: failures of untrusted attempts from every address. */
  untrustedFailures: Limiter;
  /** One key, set while under pressure and re-armed by every untrusted failure made meanwhile. */
  pressure: Limiter;
  /** One key: the slowed door for untrusted attempts under pressure. */
  door: Limiter;
}

export const createLoginLimits = (): LoginLimits => ({
  client: createLimiter({
    keyPrefix: 'owner-login:client',
    points: LOGIN_MAX_FAILURES,
    durationSeconds: LOGIN_WINDOW_SECONDS,
  }),
  device: createLimiter({
    keyPrefix: 'owner-login:device',
    points: DEVICE_MAX_FAILURES,
    durationSeconds: LOGIN_WINDOW_SECONDS,
  }),
  untrustedFailures: createLimiter({
    keyPrefix: 'owner-login:untrusted-failures',
    points: PRESSURE_FAILURES,
    durationSeconds: LOGIN_WINDOW_SECONDS,
  }),
  pressure: createLimiter({ keyPrefix: 'owner-login:pressure', points: 1, durationSeconds: LOGIN_WINDOW_SECONDS }),
  door: createLimiter({ keyPrefix: 'owner-login:slowed-door', points: 1, durationSeconds: SLOWED_INTERVAL_SECONDS }),
});

export const loginLimits = () => processSingleton('owner-login-limits', createLoginLimits);

const MAX_KEY = 100;
/** The one key shared by every attempt whose client no trusted header names. */
export const UNIDENTIFIED_CLIENT = 'unidentified';

/**
 * The client address a login attempt without a trusted device cookie is counted against, given how many
 * reverse proxies stand in front of the server (TRUST_PROXY_HOPS; docs/security.md "Which client").
 *
 * - N ≥ 1: each proxy appends the address it received the request from to X-Forwarded-For, so the client is
 *   the hop N places from the right; hops further left are whatever the client sent and are never read.
 *   With fewer hops than N, all of them were written by our proxies and the leftmost is the client.
 * - 0 (the default): no proxy. `next start` passes a client-sent X-Forwarded-For through untouched (it only fills
 *   the header with the socket address when it is absent), so no forwarded hop is read: the client is the address
 *   of the connection, which the server stamps on every request under a header of its own, replacing any value a
 *   client sent (lib/core/http/peer.ts). Without that stamp (a request not received by this server) every attempt
 *   shares one key.
 *
 * X-Real-IP is never read: none of the setups above sets it, and a client can.
 */
export function clientKey(headers: Headers, hops = config().trustProxyHops): string {
  if (hops === 0) return (headers.get(PEER_HEADER) || UNIDENTIFIED_CLIENT).slice(0, MAX_KEY);
  const chain =
    headers
      .get('x-forwarded-for')
      ?.split(',')
      .map((hop) => hop.trim()) ?? [];
  const client = chain[Math.max(0, chain.length - hops)];
  return (client || UNIDENTIFIED_CLIENT).slice(0, MAX_KEY);
}
