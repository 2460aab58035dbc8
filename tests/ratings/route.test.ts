import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makePost } from '../helpers/posts';
import { joinMember, OPEN_MEMBERS, withSite } from '../helpers/site';

// POST/GET /api/posts/{id}/rating on the local source and the embedded database: a member's form rating comes back
// to the post's rating, JSON answers the summary; a visitor's form goes to sign in, JSON is the catalogue's 401; a
// rating outside 1-5, a body that is not JSON, a cross-site post and an unknown post are refused and change nothing.

const site = 'https://blog.example';
withSite(
  {
    SESSION_SECRET: 'ratings-api-test-secret-long-enough-0123456789',
    SITE_URL: site,
    TRUST_PROXY_HOPS: '1',
    ...OPEN_MEMBERS,
  },
  { content: [makePost(1, { metrics: { views: 1, likes: 0, comments: 0 } })], database: true },
);

const route = await import('@/app/api/posts/[postId]/rating/route');

vi.setConfig({ testTimeout: 30_000 });
let cookie = '';
beforeAll(async () => {
  cookie = (await joinMember('rater@example.com', 'Rater')).cookie;
}, 60_000);

const POST = 'post-0001';
const ctx = (postId = POST) => ({ params: Promise.resolve({ postId }) }) as never;
let n = 0;
const post = (body: string, type: string, extra: Record<string, string> = {}, postId = POST) =>
  route.POST(
    new Request(`${site}/api/posts/${postId}/rating`, {
      method: 'POST',
      headers: { origin: site, 'content-type': type, 'x-forwarded-for': `203.0.113.${++n}`, ...extra },
      body,
    }),
    ctx(postId),
  );
const summary = async () =>
  (await route.GET(new Request(`${site}/api/posts/${POST}/rating`, { headers: { cookie } }), ctx())).json();

describe('the rating route', () => {
  it('rates by form and by JSON as the member, and answers the summary and their own rating', async () => {
    const byForm = await post('rating=5', 'application/x-www-form-urlencoded', { cookie });
    expect([byForm.status, byForm.headers.get('location')]).toEqual([303, '/post/post-1#rating']);
    expect(await summary()).toEqual({ average: 5, count: 1, mine: 5 });
    const byJson = await post(JSON.stringify({ rating: 3 }), 'application/json', { cookie });
    expect([byJson.status, await byJson.json()]).toEqual([200, { average: 3, count: 1, mine: 3 }]);
  });

  it('sends a visitor’s form to sign in, answers their JSON 401, and counts neither', async () => {
    const byForm = await post('rating=1', 'application/x-www-form-urlencoded');
    expect(byForm.status).toBe(303);
    expect(byForm.headers.get('location')).toBe(
      `/signin?notice=signin-to-rate&next=${encodeURIComponent('/post/post-1#rating')}`,
    );
    const byJson = await post(JSON.stringify({ rating: 1 }), 'application/json');
    expect([byJson.status, (await byJson.json()).error.wde]).toEqual([401, 'WDE9401']);
    expect(await summary()).toEqual({ average: 3, count: 1, mine: 3 });
  });

  it('refuses a bad rating, a body that is not JSON, a cross-site post and an unknown post; nothing changes', async () => {
    for (const body of ['rating=0', 'rating=6', 'rating=2.5', 'rating=five', '']) {
      const answer = await post(body, 'application/x-www-form-urlencoded', { cookie });
      expect([answer.status, (await answer.json()).error.wde], body).toEqual([400, 'WDE0046']);
    }
    expect((await post('{not json', 'application/json', { cookie })).status).toBe(400);
    const crossSite = await post('rating=1', 'application/x-www-form-urlencoded', {
      cookie,
      origin: 'https://elsewhere.example',
    });
    expect(crossSite.status).toBe(403);
    const unknown = await post('rating=1', 'application/x-www-form-urlencoded', { cookie }, 'no-such-post');
    expect(unknown.status).toBe(404);
    expect(await summary()).toEqual({ average: 3, count: 1, mine: 3 });
  });
});
