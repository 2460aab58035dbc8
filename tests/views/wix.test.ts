import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { CALLS_PER_MINUTE, MAX_WAITING, createWixViews } from '@/lib/views/wix';
import { startWixStandIn, type StandIn } from '@/scripts/wix/stand-in';

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
