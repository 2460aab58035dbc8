// Failed logins per client in a sliding window, in memory and bounded: at most `maxClients` clients are
// remembered; past that the least recently failing ones are forgotten first.

export interface RateLimiterOptions {
  maxFailures: number;
  windowMs: number;
  maxClients: number;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  check(client: string, now?: number): Verdict;
  fail(client: string, now?: number): void;
  reset(client: string): void;
  readonly size: number;
}

export function createRateLimiter({ maxFailures, windowMs, maxClients }: RateLimiterOptions): RateLimiter {
  const failures = new Map<string, number[]>();

  const recent = (client: string, now: number) => {
    const kept = (failures.get(client) ?? []).filter((at) => at > now - windowMs);
    if (kept.length) failures.set(client, kept);
    else failures.delete(client);
    return kept;
  };

  const evict = (now: number) => {
    if (failures.size <= maxClients) return;
    for (const client of [...failures.keys()]) recent(client, now);
    for (const client of failures.keys()) {
      if (failures.size <= maxClients) break;
      failures.delete(client);
    }
  };

  return {
    check(client, now = Date.now()) {
      const list = recent(client, now);
      if (list.length < maxFailures) return { allowed: true };
      const oldest = list[list.length - maxFailures]!;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
    },
    fail(client, now = Date.now()) {
      const list = recent(client, now);
      list.push(now);
      failures.delete(client);
      failures.set(client, list.slice(-maxFailures));
      evict(now);
    },
    reset(client) {
      failures.delete(client);
    },
    get size() {
      return failures.size;
    },
  };
}
