// Failed logins per client in a sliding window, in memory and bounded: at most `maxClients` clients are
// remembered; past that the least recently failing ones are forgotten first. An optional cap on failures from
// all clients together stops an attacker who rotates client keys.

export interface RateLimiterOptions {
  maxFailures: number;
  windowMs: number;
  maxClients: number;
  /** Failures from all clients together within the window that lock everyone out until it passes. */
  maxTotalFailures?: number;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  check(client: string, now?: number): Verdict;
  fail(client: string, now?: number): void;
  reset(client: string): void;
  readonly size: number;
}

export function createRateLimiter({ maxFailures, windowMs, maxClients, maxTotalFailures }: RateLimiterOptions): RateLimiter {
  const failures = new Map<string, number[]>();
  const everyone: number[] = [];

  const recent = (client: string, now: number) => {
    const kept = (failures.get(client) ?? []).filter((at) => at > now - windowMs);
    if (kept.length) failures.set(client, kept);
    else failures.delete(client);
    return kept;
  };

  // `fail` re-inserts a client at the end, so the map's first key is the least recently failing client.
  const evict = () => {
    while (failures.size > maxClients) failures.delete(failures.keys().next().value!);
  };

  const retryAfter = (oldest: number, now: number) => Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));

  return {
    check(client, now = Date.now()) {
      while (everyone.length && everyone[0]! <= now - windowMs) everyone.shift();
      if (maxTotalFailures && everyone.length >= maxTotalFailures) return { allowed: false, retryAfterSeconds: retryAfter(everyone[0]!, now) };
      const list = recent(client, now);
      if (list.length < maxFailures) return { allowed: true };
      return { allowed: false, retryAfterSeconds: retryAfter(list[list.length - maxFailures]!, now) };
    },
    fail(client, now = Date.now()) {
      const list = recent(client, now);
      list.push(now);
      failures.delete(client);
      failures.set(client, list.slice(-maxFailures));
      evict();
      if (maxTotalFailures) {
        everyone.push(now);
        if (everyone.length > maxTotalFailures) everyone.shift();
      }
    },
    reset(client) {
      failures.delete(client);
    },
    get size() {
      return failures.size;
    },
  };
}
