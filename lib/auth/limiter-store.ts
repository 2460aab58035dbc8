import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

// The one place that chooses where login-limit counters live. Today: process memory (RateLimiterMemory; every
// key expires by itself, so nothing outlives its window). With several instances a Redis store
// (RateLimiterRedis with the same options plus `storeClient`) goes here, and nothing else changes.

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
  return new RateLimiterMemory({ keyPrefix: `owner-login:${keyPrefix}`, points, duration: durationSeconds });
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
  (!(value instanceof Error) && typeof value === 'object' && value !== null && typeof (value as RateLimiterRes).msBeforeNext === 'number');

/** A key's current record, or null when it has none or its window has passed (expiry may lag a timer tick). */
export async function current(limiter: Limiter, key: string): Promise<RateLimiterRes | null> {
  const res = await limiter.get(key);
  return res && res.msBeforeNext > 0 ? res : null;
}

/** Whole seconds until a record's window ends, at least 1: what Retry-After says. */
export const secondsLeft = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
