import { revalidateTag } from 'next/cache';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makePost } from '../helpers/posts';
import { joinMember, OPEN_MEMBERS, withSite } from '../helpers/site';

// Who may rate (issue 31): members only until the owner lets visitors rate (POST /api/owner/ratings/settings, the
// dashboard's Ratings form; a change clears `rating-settings`, which every post's rating form reads). Then a visitor's
// rating, by form or JSON, is kept under their signed visitor cookie (made on the first rating, HttpOnly), counted
// with the members' (the page, the JSON API), changed by rating again, and GET answers it as theirs. Each address has
// three visitors' ratings a day per post (429 WDE9429 past them, nothing written); a bad rating is 400 and takes no
// point of it, a cross-site post 403. Until then a visitor's form goes to sign in and their JSON is 401.

const site = 'https://blog.example';
const SECRET = 'ratings-visitors-test-secret-long-enough-0123456789';
withSite(
  { SESSION_SECRET: SECRET, OWNER_PASSWORD: 'ratings owner password', SITE_URL: site, ...OPEN_MEMBERS },
  { content: [makePost(1), makePost(2), makePost(3), makePost(4)], database: true },
);

const route = await import('@/app/api/posts/[postId]/rating/route');
const settingsRoute = await import('@/app/api/owner/ratings/settings/route');
const postRoute = await import('@/app/api/posts/[postId]/route');
const { SESSION_COOKIE, signSession } = await import('@/lib/owner/tokens');
const { OWNER, dataClient } = await import('@/lib/data');
const { postRatings, ratingSettingsStore, siteRatings } = await import('@/lib/ratings');
const { getPostRating } = await import('@/lib/ratings/reads');
const { visitorOfCookie } = await import('@/lib/core/security/visitor-id');
const { PostRating } = await import('@/components/post/post-rating');

vi.setConfig({ testTimeout: 30_000 });
const owner = `${SESSION_COOKIE}=${signSession(SECRET).token}`;
let member = '';
beforeAll(async () => {
  member = (await joinMember('rater@example.com', 'Rater')).cookie;
}, 60_000);

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
const ctx = (postId: string) => ({ params: Promise.resolve({ postId }) }) as never;
let n = 0;
/** A rating of `postId` from the address `address` (a new one each time unless named). */
const rate = (postId: string, body: string, type = FORM, extra: Record<string, string> = {}) =>
  route.POST(
    new Request(`${site}/api/posts/${postId}/rating`, {
      method: 'POST',
      headers: { origin: site, 'content-type': type, 'x-forwarded-for': `203.0.113.${++n}`, ...extra },
      body,
    }),
    ctx(postId),
  );
const read = async (postId: string, cookie?: string) =>
  (
    await route.GET(
      new Request(`${site}/api/posts/${postId}/rating`, { headers: cookie ? { cookie } : {} }),
      ctx(postId),
    )
  ).json();
const setVisitors = (allowed: boolean, cookie = owner, extra: Record<string, string> = {}) =>
  settingsRoute.POST(
    new Request(`${site}/api/owner/ratings/settings`, {
      method: 'POST',
      headers: { origin: site, 'content-type': FORM, ...(cookie ? { cookie } : {}), ...extra },
      body: allowed ? 'visitorsMayRate=on' : '',
    }),
  );
const count = (filter: Record<string, unknown> = {}) => dataClient().count(postRatings.id, { filter }, OWNER);
/** The `visitor_id` cookie a response sets, as a browser sends it back (`name=value`), or undefined. */
const visitorCookie = (answer: Response) =>
  answer.headers
    .getSetCookie()
    .find((c) => c.startsWith('visitor_id='))
    ?.split(';')[0];
/** The post's rating form as its page renders it from the page's read. */
const form = async (postId: string) => {
  const rating = await getPostRating(postId);
  return renderToStaticMarkup(<PostRating postId={postId} {...rating} />);
};

describe('the owner’s rating setting', () => {
  it('is members only until the owner lets visitors rate; only the owner changes it', async () => {
    expect(await ratingSettingsStore().get()).toEqual({ visitorsMayRate: false });
    expect(await getPostRating('post-0001')).toEqual({ average: 0, count: 0, visitorsMayRate: false });
    expect(await form('post-0001')).toContain('Your rating (members)');

    expect((await setVisitors(true, '')).status).toBe(401);
    expect((await setVisitors(true, member)).status).toBe(401);
    expect((await setVisitors(true, owner, { origin: 'https://elsewhere.example' })).status).toBe(403);
    const unknown = await settingsRoute.POST(
      new Request(`${site}/api/owner/ratings/settings`, {
        method: 'POST',
        headers: { origin: site, 'content-type': FORM, cookie: owner },
        body: 'visitorsMayRate=yes',
      }),
    );
    expect(unknown.status).toBe(400);
    expect(await ratingSettingsStore().get()).toEqual({ visitorsMayRate: false });
    expect((await settingsRoute.GET(new Request(`${site}/api/owner/ratings/settings`))).status).toBe(405);
  });

  it('is changed by the owner’s form, which clears every post’s rating form', async () => {
    vi.mocked(revalidateTag).mockClear();
    const saved = await setVisitors(true);
    expect([saved.status, saved.headers.get('location')]).toEqual([303, '/dashboard/comments?saved=ratings']);
    expect(vi.mocked(revalidateTag)).toHaveBeenCalledWith('rating-settings', { expire: 0 });
    expect(await ratingSettingsStore().get()).toEqual({ visitorsMayRate: true });
    expect((await getPostRating('post-0001')).visitorsMayRate).toBe(true);
    const shown = await form('post-0001');
    expect(shown).toContain('Your rating');
    expect(shown).not.toContain('(members)');

    expect((await setVisitors(false)).status).toBe(303);
    expect(await ratingSettingsStore().get()).toEqual({ visitorsMayRate: false });
    expect(await form('post-0001')).toContain('Your rating (members)');
  });
});

describe('a visitor’s rating', () => {
  it('members only: a visitor’s form goes to sign in, their JSON is 401, and nothing is written', async () => {
    await setVisitors(false);
    const byForm = await rate('post-0001', 'rating=4');
    expect([byForm.status, byForm.headers.get('location')]).toEqual([
      303,
      `/signin?notice=signin-to-rate&next=${encodeURIComponent('/post/post-1#rating')}`,
    ]);
    expect(visitorCookie(byForm)).toBeUndefined();
    const byJson = await rate('post-0001', JSON.stringify({ rating: 4 }), JSON_TYPE);
    expect([byJson.status, (await byJson.json()).error.wde]).toEqual([401, 'WDE9401']);
    expect(await count()).toBe(0);
  });

  it('where visitors may rate: kept under their cookie, counted with the members’, changed by rating again', async () => {
    await setVisitors(true);
    expect((await rate('post-0001', 'rating=5', FORM, { cookie: member })).status).toBe(303);

    const address = '198.51.100.20';
    const first = await rate('post-0001', 'rating=4', FORM, { 'x-forwarded-for': address });
    expect([first.status, first.headers.get('location')]).toEqual([303, '/post/post-1#rating']);
    const setCookie = first.headers.getSetCookie().find((c) => c.startsWith('visitor_id='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = visitorCookie(first)!;
    const visitorId = visitorOfCookie(cookie.slice('visitor_id='.length))!;
    expect(visitorId).toMatch(/^v-/);
    expect(await read('post-0001', cookie)).toEqual({ average: 4.5, count: 2, mine: 4 });

    // The same visitor again, by JSON: their rating changes, still one; no new cookie.
    const again = await rate('post-0001', JSON.stringify({ rating: 2 }), JSON_TYPE, {
      'x-forwarded-for': address,
      cookie,
    });
    expect([again.status, await again.json()]).toEqual([200, { average: 3.5, count: 2, mine: 2 }]);
    expect(visitorCookie(again)).toBeUndefined();
    expect(await count({ visitorId: { $eq: visitorId } })).toBe(1);
    const kept = await dataClient().get(postRatings.id, `post-0001.${visitorId}`, OWNER);
    expect(kept).toMatchObject({ postId: 'post-0001', visitorId, rating: 2 });
    expect(kept).not.toHaveProperty('memberId');
    expect(await siteRatings().mine('post-0001', visitorId)).toBe(2);

    // GET: theirs for the visitor, none for a visitor without the cookie (or with a forged one), the member's own.
    expect(await read('post-0001', cookie)).toEqual({ average: 3.5, count: 2, mine: 2 });
    expect(await read('post-0001')).toEqual({ average: 3.5, count: 2, mine: null });
    expect(await read('post-0001', `visitor_id=${visitorId}.${'A'.repeat(22)}`)).toMatchObject({ mine: null });
    expect(await read('post-0001', member)).toMatchObject({ mine: 5 });

    // The page and the JSON API count the visitor's rating with the member's.
    expect(await getPostRating('post-0001')).toEqual({ average: 3.5, count: 2, visitorsMayRate: true });
    const api = await postRoute.GET(
      new Request(`${site}/api/posts/post-0001?fieldsets=METRICS`),
      ctx('post-0001') as never,
    );
    expect((await api.json()).post.metrics).toMatchObject({ averageRating: 3.5, totalRatings: 2 });
  });

  it('has three visitors’ ratings a day per address and post: past them a 429, and nothing is written', async () => {
    await setVisitors(true);
    const address = '198.51.100.30';
    let cookie = '';
    for (const value of [1, 2, 3]) {
      const answer = await rate('post-0002', `rating=${value}`, FORM, { 'x-forwarded-for': address });
      expect(answer.status).toBe(303);
      cookie = visitorCookie(answer)!;
    }
    // Each dropped its cookie, so three visitors: the fourth, cookie or not, is over the address's budget.
    expect((await read('post-0002')).count).toBe(3);
    const before = await count();
    for (const extra of [{}, { cookie }] as Record<string, string>[]) {
      const over = await rate('post-0002', JSON.stringify({ rating: 5 }), JSON_TYPE, {
        'x-forwarded-for': address,
        ...extra,
      });
      expect([over.status, (await over.json()).error.wde]).toEqual([429, 'WDE9429']);
      expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(visitorCookie(over)).toBeUndefined();
    }
    const byForm = await rate('post-0002', 'rating=5', FORM, { 'x-forwarded-for': address });
    expect(byForm.status).toBe(429);
    expect(await count()).toBe(before);
    expect(await read('post-0002')).toMatchObject({ average: 2, count: 3 });
    // Another post, another address: budgets of their own. A member is not a visitor.
    expect((await rate('post-0003', 'rating=5', FORM, { 'x-forwarded-for': address })).status).toBe(303);
    expect((await rate('post-0002', 'rating=5', FORM, { 'x-forwarded-for': '198.51.100.31' })).status).toBe(303);
    expect((await rate('post-0002', 'rating=5', FORM, { 'x-forwarded-for': address, cookie: member })).status).toBe(
      303,
    );
  });

  it('refuses a bad rating (400, no point of the budget taken) and a cross-site post (403); nothing is written', async () => {
    await setVisitors(true);
    const address = '198.51.100.40';
    const before = await count();
    for (const body of ['rating=0', 'rating=6', 'rating=2.5', 'rating=five', '']) {
      const answer = await rate('post-0004', body, FORM, { 'x-forwarded-for': address });
      expect([answer.status, (await answer.json()).error.wde], body).toEqual([400, 'WDE0046']);
      expect(visitorCookie(answer), body).toBeUndefined();
    }
    expect((await rate('post-0004', '{not json', JSON_TYPE, { 'x-forwarded-for': address })).status).toBe(400);
    const crossSite = await rate('post-0004', 'rating=3', FORM, {
      'x-forwarded-for': address,
      origin: 'https://elsewhere.example',
    });
    expect(crossSite.status).toBe(403);
    expect(visitorCookie(crossSite)).toBeUndefined();
    expect(await count()).toBe(before);
    // None of them took a point: the address still has its three ratings of the post.
    for (const value of [3, 4, 5]) {
      expect((await rate('post-0004', `rating=${value}`, FORM, { 'x-forwarded-for': address })).status).toBe(303);
    }
    expect(await read('post-0004')).toMatchObject({ average: 4, count: 3 });
  });
});
