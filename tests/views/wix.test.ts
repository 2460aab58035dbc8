import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { connectRedis } from '@/lib/core/redis/shared';
import { CALLS_PER_MINUTE, MAX_WAITING, createWixViews, viewPostBudget } from '@/lib/views/wix';
import { servicesRequired } from '@/scripts/ci/services';
import { startWixStandIn, type StandIn } from '@/scripts/wix/stand-in';
import { redisServerMissing, skipWithoutRedis, startRedisServer } from '../helpers/redis-server';

// Views at Wix: one View Post call per counted view (POST /v3/posts/{postId}/view, as the Blog's REST reference has
// it: the installed @wix/blog has no viewPost), as the site's API key, in a queue that never calls faster than Wix
// allows one address (100 a minute, and 100 a minute for one post), and that drops, and says so, what it cannot hold.

let wix: StandIn;
beforeAll(async () => {
  wix = await startWixStandIn('content');
});
afterAll(() => wix.close());
afterEach(() => vi.useRealTimers());

const metrics = async (postId: string) =>
  ((await (await fetch(`${wix.url}/blog/v3/posts/${postId}/metrics`)).json()) as { metrics: { views: number } }).metrics
    .views;

it('tells Wix each view with View Post, as the API key, and Wix counts them', async () => {
  const { posts } = (await (await fetch(`${wix.url}/blog/v3/posts?paging.limit=1`)).json()) as {
    posts: Array<{ id: string }>;
  };
  const postId = posts[0]!.id;
  const before = await metrics(postId);
  const views = createWixViews({ apiKey: 'IST.key', siteId: 'site-1', apiBaseUrl: wix.url, intervalMs: 1 });
  for (let i = 0; i < 3; i++) await views.count(postId);
  await views.idle();
  expect(await metrics(postId)).toBe(before + 3);
  expect(wix.seen.get(`POST /v3/posts/${postId}/view`)).toBe(3);
});

it(`calls at most ${CALLS_PER_MINUTE} times a minute, under Wix's 100 per address`, async () => {
  vi.useFakeTimers();
  const calls: Array<{ url: string; method?: string; headers?: HeadersInit }> = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method, headers: init?.headers });
    return new Response('{"views":1}', { status: 200 });
  }) as typeof globalThis.fetch;
  const views = createWixViews({ apiKey: 'IST.key', siteId: 'site-1', fetch });
  for (let i = 0; i < 200; i++) await views.count('post-1');
  await vi.advanceTimersByTimeAsync(60_000);
  // The first at once, then one every 60 s / 90.
  expect(calls.length).toBeGreaterThan(CALLS_PER_MINUTE - 2);
  expect(calls.length).toBeLessThanOrEqual(CALLS_PER_MINUTE + 1);
  expect(calls[0]).toMatchObject({ url: 'https://www.wixapis.com/v3/posts/post-1/view', method: 'POST' });
  expect(calls[0]!.headers).toMatchObject({ Authorization: 'IST.key', 'wix-site-id': 'site-1' });
  await vi.advanceTimersByTimeAsync(120_000);
  expect(calls.length).toBe(200);
});

it(`holds at most ${MAX_WAITING} views waiting, drops the rest and logs the count`, async () => {
  vi.useFakeTimers();
  const lines: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const fetch = (async () => {
    await held;
    return new Response('{}', { status: 200 });
  }) as typeof globalThis.fetch;
  const views = createWixViews({ apiKey: 'IST.key', siteId: 'site-1', fetch, log: (line) => lines.push(line) });
  for (let i = 0; i < MAX_WAITING + 50; i++) await views.count(`post-${i % 7}`);
  // One is being sent; MAX_WAITING wait; the rest were dropped, said once.
  expect(views.waiting()).toBe(MAX_WAITING);
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0]!)).toMatchObject({ msg: "views: over Wix's View Post limit, dropped" });
  release();
});

// Without redis-server: skipped, saying why; in CI, a failed test instead (scripts/ci/services.ts).
const withoutRedis = skipWithoutRedis('the shared View Post budget', it);
if (withoutRedis && !servicesRequired) console.warn(`Skipping the shared View Post budget: ${redisServerMissing}`);

describe.skipIf(withoutRedis)('two instances behind one address', () => {
  it('share one budget of View Post calls through Redis: together they call no more than it allows', async () => {
    const server = await startRedisServer();
    const [a, b] = [connectRedis(server.url, 'a'), connectRedis(server.url, 'b')];
    try {
      await vi.waitFor(() => expect(a.ready() && b.ready()).toBe(true), { timeout: 5000 });
      let calls = 0;
      const fetch = (async () => {
        calls++;
        return new Response('{"views":1}', { status: 200 });
      }) as typeof globalThis.fetch;
      // Each instance's own pace would allow every call at once; the shared budget allows 5 a minute in all.
      const refused = [0, 0];
      const instance = (redis: typeof a, index: number) => {
        const limiter = new RateLimiterRedis({
          storeClient: redis.client,
          useRedisPackage: true,
          keyPrefix: 'limits:wix-view-post',
          points: 5,
          duration: 60,
        });
        const budget = viewPostBudget(limiter);
        return createWixViews({
          apiKey: 'IST.key',
          siteId: 'site-1',
          fetch,
          intervalMs: 0,
          budget: async () => {
            const wait = await budget();
            if (wait > 0) refused[index]!++;
            return wait;
          },
        });
      };
      const [one, two] = [instance(a, 0), instance(b, 1)];
      for (let i = 0; i < 4; i++) await Promise.all([one.count('post-1'), two.count('post-2')]);
      // Both have been told to wait for the next minute: 5 calls went, and the other 3 views wait.
      await vi.waitFor(() => expect(refused.every((n) => n > 0)).toBe(true), { timeout: 10_000 });
      expect(calls).toBe(5);
      expect(one.waiting() + two.waiting()).toBe(3);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await server.stop();
    }
  });
});
