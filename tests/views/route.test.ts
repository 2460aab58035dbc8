import { expect, it, vi } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import { makePost } from '../helpers/posts';
import { withSite } from '../helpers/site';

// POST /api/posts/{id}/view, the post page's beacon, on the local platform: a reader's view is counted once in 30
// minutes (no cookie: their address, whatever user agent it sends), into the site's records; a crawler, the owner,
// another site's page and a client past its budget count nothing, and every one of them gets the same 204. The post's
// views as the JSON API and the dashboard answer them are the content's `metrics.views` plus those.

const SECRET = 'views-route-test-secret-long-enough-0123456789';
const SITE = 'https://blog.example';
withSite(
  { SESSION_SECRET: SECRET, OWNER_PASSWORD: 'owner-password', SITE_URL: SITE, TRUST_PROXY_HOPS: '1' },
  {
    // post-0001 and post-0002, and enough others for one client to ask for more posts than its budget.
    content: [
      makePost(1, { metrics: { views: 40, likes: 0, comments: 0 } }),
      ...Array.from({ length: 80 }, (_, i) => makePost(i + 2)),
    ],
    database: true,
  },
);

const { POST: view, GET } = await import('@/app/api/posts/[postId]/view/route');
const { readerMetrics } = await import('@/lib/edge/pages/reader-counts');
const { VIEWS_PER_CLIENT, keptViewCounts } = await import('@/lib/views');

vi.setConfig({ testTimeout: 30_000 });

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
let address = 0;
const nextAddress = () => `198.51.100.${++address}`;

const beacon = (postId: string, headers: Record<string, string>) =>
  view(
    new Request(`${SITE}/api/posts/${postId}/view`, {
      method: 'POST',
      headers: { origin: SITE, 'sec-fetch-site': 'same-origin', 'user-agent': FIREFOX, ...headers },
    }),
    { params: Promise.resolve({ postId }) } as never,
  );

const views = async (postId = 'post-0001') => (await readerMetrics(postId, { views: 40, likes: 0, comments: 0 })).views;

it('counts a reader once per post in 30 minutes: the same reader again does not count, another post or reader does', async () => {
  const reader = nextAddress();
  const before = await views();
  expect((await beacon('post-0001', { 'x-forwarded-for': reader })).status).toBe(204);
  expect(await views()).toBe(before + 1);
  expect((await beacon('post-0001', { 'x-forwarded-for': reader })).status).toBe(204);
  expect(await views()).toBe(before + 1);
  // Another address counts; the same reader on another post counts there.
  await beacon('post-0001', { 'x-forwarded-for': nextAddress(), 'user-agent': SAFARI });
  expect(await views()).toBe(before + 2);
  const other = await views('post-0002');
  await beacon('post-0002', { 'x-forwarded-for': reader });
  expect(await views('post-0002')).toBe(other + 1);
});

it('counts 30 beacons for one post from one address with 30 different user agents as one view', async () => {
  const reader = nextAddress();
  const before = await views();
  const agents = Array.from({ length: 30 }, (_, i) =>
    i % 2 ? `${FIREFOX.replace('133.0', `${100 + i}.0`)}` : `${SAFARI.replace('18_1', `17_${i}`)}`,
  );
  expect(new Set(agents).size).toBe(30);
  const answers = await Promise.all(
    agents.map((agent) => beacon('post-0001', { 'x-forwarded-for': reader, 'user-agent': agent })),
  );
  expect(answers.map((answer) => answer.status)).toEqual(agents.map(() => 204));
  expect(await views()).toBe(before + 1);
});

it('leaves out crawlers, the owner, a page of another site and an empty user agent, with the same 204', async () => {
  const before = await views();
  const owner = `${SESSION_COOKIE}=${signSession(SECRET).token}`;
  const answers = await Promise.all([
    beacon('post-0001', {
      'x-forwarded-for': nextAddress(),
      'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
    }),
    beacon('post-0001', {
      'x-forwarded-for': nextAddress(),
      'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    }),
    beacon('post-0001', { 'x-forwarded-for': nextAddress(), cookie: owner }),
    beacon('post-0001', {
      'x-forwarded-for': nextAddress(),
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    }),
    beacon('post-0001', { 'x-forwarded-for': nextAddress(), 'user-agent': '' }),
  ]);
  expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204, 204]);
  expect(await views()).toBe(before);
});

it(`stops one client past ${VIEWS_PER_CLIENT} views in 10 minutes, post after post, whatever user agents it sends`, async () => {
  const client = nextAddress();
  const posts = Array.from({ length: VIEWS_PER_CLIENT + 10 }, (_, i) => `post-${String(i + 3).padStart(4, '0')}`);
  const total = async () => [...(await keptViewCounts(posts)).values()].reduce((sum, n) => sum + n, 0);
  const before = await total();
  for (const [i, postId] of posts.entries()) {
    await beacon(postId, { 'x-forwarded-for': client, 'user-agent': `${FIREFOX} n/${i}` });
  }
  expect(await total()).toBe(before + VIEWS_PER_CLIENT);
});

it('answers an unknown post with the catalogue 404, and other methods with 405', async () => {
  const missing = await beacon('post-9999', { 'x-forwarded-for': nextAddress() });
  expect(missing.status).toBe(404);
  expect((await missing.json()).error).toMatchObject({ wde: 'WDE0073' });
  expect((await GET(new Request(`${SITE}/api/posts/post-0001/view`), {} as never)).status).toBe(405);
});
