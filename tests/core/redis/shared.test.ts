import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { connectRedis, type SharedRedis, sharedMarks, syncedMarks } from '@/lib/core/redis/shared';
import { sharedRevocations } from '@/lib/members/tokens';
import { servicesRequired } from '@/scripts/ci/services';
import { type RedisServer, redisServerMissing, skipWithoutRedis, startRedisServer } from '../../helpers/redis-server';

// What several instances share through Redis: marks (a webhook event seen, a session revoked) and rate limits. Two
// clients stand for two instances. Redis stopped mid-run: every call still answers, from the process; started again:
// sharing resumes. Without Redis, the same marks and limits hold per process.

describe('without Redis', () => {
  it('marks once, for a while, and holds a bounded number', async () => {
    vi.useFakeTimers();
    try {
      const marks = sharedMarks('t', null, 3);
      expect(await marks.mark('a', 60)).toBe(true);
      expect(await marks.mark('a', 60)).toBe(false);
      expect(await marks.has('a')).toBe(true);
      vi.advanceTimersByTime(61_000);
      expect(await marks.has('a')).toBe(false);
      expect(await marks.mark('a', 60)).toBe(true);
      for (const id of ['b', 'c', 'd']) await marks.mark(id, 60);
      // The oldest is forgotten first.
      expect(await Promise.all(['a', 'b', 'c', 'd'].map((id) => marks.has(id)))).toEqual([false, true, true, true]);
    } finally {
      vi.useRealTimers();
    }
  });
});

// Without redis-server: skipped, saying why; in CI, a failed test instead (scripts/ci/services.ts).
const withoutRedis = skipWithoutRedis('the Redis tests', it);
if (withoutRedis && !servicesRequired) console.warn(`Skipping the Redis tests: ${redisServerMissing}`);

describe.skipIf(withoutRedis)('with Redis', () => {
  let server: RedisServer;
  let a: SharedRedis;
  let b: SharedRedis;

  beforeAll(async () => {
    server = await startRedisServer();
    a = connectRedis(server.url, 'a');
    b = connectRedis(server.url, 'b');
    await vi.waitFor(() => expect(a.ready() && b.ready()).toBe(true), { timeout: 5000 });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await server?.stop();
  });

  it('shares marks between instances, atomically', async () => {
    const onA = sharedMarks('events', a);
    const onB = sharedMarks('events', b);
    const id = `e-${Date.now()}`;
    // Both receive the same event at once: one of them is told it is new.
    expect((await Promise.all([onA.mark(id, 60), onB.mark(id, 60)])).sort()).toEqual([false, true]);
    expect(await onB.has(id)).toBe(true);
    expect(await onA.has('never-seen')).toBe(false);
    expect(await a.client.ttl(`events:${id}`)).toBeGreaterThan(50);
  });

  it('ends a session on every instance: the owner’s checked at once, a member’s through Redis', async () => {
    const ownerA = syncedMarks('owner-test', a);
    const ownerB = syncedMarks('owner-test', b);
    await ownerB.listening;
    ownerA.mark('jti-1', 60);
    expect(ownerA.has('jti-1')).toBe(true);
    await vi.waitFor(() => expect(ownerB.has('jti-1')).toBe(true), { timeout: 5000 });
    // An instance started later loads what was marked before it.
    const late = connectRedis(server.url, 'late');
    try {
      const ownerLate = syncedMarks('owner-test', late);
      await vi.waitFor(() => expect(ownerLate.has('jti-1')).toBe(true), { timeout: 5000 });
      expect(ownerLate.has('jti-2')).toBe(false);
    } finally {
      await late.close();
    }

    const members = [sharedRevocations(sharedMarks('m', a)), sharedRevocations(sharedMarks('m', b))];
    const now = Math.floor(Date.now() / 1000);
    await members[0]!.revoke('session-1', now + 60, now);
    expect(await members[1]!.isRevoked('session-1')).toBe(true);
    expect(await members[1]!.isRevoked('session-2')).toBe(false);
  });

  it('counts a limit on one instance against the other', async () => {
    const limiter = (redis: SharedRedis) =>
      new RateLimiterRedis({
        storeClient: redis.client,
        useRedisPackage: true,
        keyPrefix: 't',
        points: 2,
        duration: 60,
      });
    await limiter(a).consume('client-1');
    await limiter(b).consume('client-1');
    await expect(limiter(a).consume('client-1')).rejects.toMatchObject({ remainingPoints: 0 });
  });

  it('keeps answering while Redis is down, logs it once, and shares again when it is back', async () => {
    const onA = sharedMarks('outage', a);
    const onB = sharedMarks('outage', b);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await server.stop();
    await vi.waitFor(() => expect(a.ready()).toBe(false), { timeout: 5000 });
    const started = Date.now();
    // Down: each instance answers from its own process, at once.
    expect(await onA.mark('during', 60)).toBe(true);
    expect(await onA.mark('during', 60)).toBe(false);
    expect(await onB.has('during')).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
    const outage = errors.mock.calls.map(([line]) => JSON.parse(String(line)) as { msg: string; client: string });
    expect(outage.filter((l) => l.client === 'a').map((l) => l.msg)).toEqual([
      'redis unavailable; using process state until it is back',
    ]);

    await server.start();
    await vi.waitFor(() => expect(a.ready() && b.ready()).toBe(true), { timeout: 10_000 });
    expect(await onA.mark('after', 60)).toBe(true);
    expect(await onB.mark('after', 60)).toBe(false);
  });
});
