import { readFileSync } from 'node:fs';
import path from 'node:path';
import { revalidateTag } from 'next/cache';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makePost } from '../helpers/posts';
import { joinMember, OPEN_MEMBERS, withSite } from '../helpers/site';

// GET/POST/DELETE /api/posts/{id}/likes on the local source and the embedded database: a form gets a 303 back to the
// post's button, JSON the new { total, liked }; the visitor cookie is HttpOnly; a like's event goes through the
// site's one invalidation and clears the post's metrics tag; cross-site posts, floods and unknown posts are refused.

const site = 'https://blog.example';
const { contentDir } = withSite(
  {
    SESSION_SECRET: 'likes-api-test-secret-long-enough-0123456789',
    SITE_URL: site,
    TRUST_PROXY_HOPS: '1',
    ...OPEN_MEMBERS,
  },
  {
    content: [
      makePost(1, { metrics: { views: 1, likes: 4, comments: 0 } }),
      makePost(2, { metrics: { views: 1, likes: 0, comments: 0 } }),
    ],
    database: true,
  },
);

const route = await import('@/app/api/posts/[postId]/likes/route');
const { likeCount, VISITOR_LIKES_PER_POST } = await import('@/lib/likes');

// The first open of the database and the webhook key pair's generation take seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const POST = 'post-0001';
let client = 0;
beforeEach(() => {
  client += 1;
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

const ctx = (postId = POST) => ({ params: Promise.resolve({ postId }) }) as never;
const headers = (extra: Record<string, string> = {}) => ({
  origin: site,
  'x-forwarded-for': `203.0.113.${client}`,
  ...extra,
});
const form = (fields: Record<string, string>, extra: Record<string, string> = {}, postId = POST) =>
  route.POST(
    new Request(`${site}/api/posts/${postId}/likes`, {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: headers({ 'content-type': 'application/x-www-form-urlencoded', ...extra }),
    }),
    ctx(postId),
  );
const json = (method: 'POST' | 'DELETE', body: unknown, extra: Record<string, string> = {}, postId = POST) =>
  route[method](
    new Request(`${site}/api/posts/${postId}/likes`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: headers({ 'content-type': 'application/json', ...extra }),
    }),
    ctx(postId),
  );
const state = (cookie = '', postId = POST) =>
  route.GET(new Request(`${site}/api/posts/${postId}/likes`, { headers: { cookie } }), ctx(postId));
const fileLikesOf = (postId: string) =>
  JSON.parse(readFileSync(path.join(contentDir, 'posts', `${postId}.json`), 'utf8')).metrics.likes as number;
const FILE_LIKES = new Map([POST, 'post-0002'].map((id) => [id, fileLikesOf(id)]));
/**
 * The post's like count as its page shows it (its platform's `metrics.likes` plus the likes the site keeps), after
 * checking that no like moved the post file's own count (the platform's, never the site's).
 */
const shownLikes = async (postId = POST) => {
  expect(fileLikesOf(postId)).toBe(FILE_LIKES.get(postId));
  return likeCount(postId);
};

/** The Cookie header a browser would send back from a response's Set-Cookie headers. */
const jar = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function expectError(response: Response, status: number, wde: string) {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body.error).toMatchObject({ wde });
}

describe('the likes route', () => {
  it('likes by form with a 303 to the post, sets an HttpOnly visitor cookie, and is idempotent', async () => {
    const before = await shownLikes();
    const liked = await form({ intent: 'like' });
    expect(liked.status).toBe(303);
    expect(liked.headers.get('location')).toBe('/post/post-1#likes');
    const cookies = liked.headers.getSetCookie();
    const visitorCookie = cookies.find((c) => c.startsWith('post_liker='))!;
    expect(visitorCookie).toMatch(/HttpOnly/i);
    expect(visitorCookie).toMatch(/SameSite=Lax/i);
    expect(visitorCookie).toMatch(/Secure/i);
    expect(visitorCookie).toMatch(/post_liker=[\w-]{43};/);
    expect(cookies.find((c) => c.startsWith('liker_hint='))).not.toMatch(/HttpOnly/i);
    expect(await shownLikes()).toBe(before + 1);

    const cookie = jar(liked);
    const again = await form({ intent: 'like' }, { cookie });
    expect(again.status).toBe(303);
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(await shownLikes()).toBe(before + 1);

    const read = await state(cookie);
    expect(read.headers.get('cache-control')).toBe('private, no-store');
    expect(await read.json()).toEqual({ total: before + 1, liked: true });
    expect(await (await state()).json()).toEqual({ total: before + 1, liked: false });

    const unliked = await form({ intent: 'unlike' }, { cookie });
    expect(unliked.headers.get('location')).toBe('/post/post-1#likes');
    expect(await shownLikes()).toBe(before);
  });

  it('answers JSON to JSON, and DELETE unlikes', async () => {
    const before = await shownLikes();
    const liked = await json('POST', { intent: 'like' });
    expect(liked.status).toBe(200);
    expect(liked.headers.get('cache-control')).toBe('private, no-store');
    expect(await liked.json()).toEqual({ total: before + 1, liked: true });
    const cookie = jar(liked);
    expect(await (await json('POST', {}, { cookie })).json()).toEqual({ total: before + 1, liked: true });
    expect(await (await json('DELETE', undefined, { cookie })).json()).toEqual({ total: before, liked: false });
    // An unlike by a browser that never liked sets no cookie and changes nothing.
    const stranger = await json('POST', { intent: 'unlike' });
    expect(stranger.headers.getSetCookie()).toEqual([]);
    expect(await stranger.json()).toEqual({ total: before, liked: false });
  });

  it('clears the post’s metrics tag after each like and unlike, in process (no request to its own webhook)', async () => {
    vi.mocked(revalidateTag).mockClear();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const liked = await json('POST', { intent: 'like' });
    expect(vi.mocked(revalidateTag).mock.calls).toEqual([[`metrics:${POST}`, { expire: 0 }]]);
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.mocked(revalidateTag).mockClear();
    await json('DELETE', undefined, { cookie: jar(liked) });
    expect(vi.mocked(revalidateTag)).toHaveBeenCalledWith(`metrics:${POST}`, { expire: 0 });
  });

  it('replaces a forged visitor cookie with a new one', async () => {
    const liked = await json('POST', {}, { cookie: 'post_liker=guess' });
    expect(liked.headers.getSetCookie().find((c) => c.startsWith('post_liker='))).toMatch(/post_liker=[\w-]{43};/);
    await json('DELETE', undefined, { cookie: jar(liked) });
  });

  it('refuses cross-site posts, and changes nothing', async () => {
    const before = await shownLikes();
    await expectError(await form({ intent: 'like' }, { origin: 'https://evil.example' }), 403, 'WDE9403');
    await expectError(await json('POST', {}, { 'sec-fetch-site': 'cross-site' }), 403, 'WDE9403');
    expect(await shownLikes()).toBe(before);
  });

  it('answers an unknown or malformed post with the catalogue 404', async () => {
    await expectError(await json('POST', {}, {}, 'no-such-post'), 404, 'WDE0073');
    await expectError(await form({}, {}, '..%2Fetc'), 404, 'WDE0073');
    await expectError(await state('', 'no-such-post'), 404, 'WDE0073');
  });

  it('refuses bad input with a 4xx, never a 5xx', async () => {
    await expectError(await json('POST', { intent: 'love' }), 400, 'WDE0051');
    await expectError(await form({ intent: 'x'.repeat(2000) }), 413, 'WDE0109');
    const broken = await route.POST(
      new Request(`${site}/api/posts/${POST}/likes`, { method: 'POST', body: '{', headers: headers() }),
      ctx(),
    );
    await expectError(broken, 400, 'WDE0004');
  });

  it('rate-limits a client to 30 likes and unlikes a minute', async () => {
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await json('POST', { intent: 'unlike' }));
    expect(answers.slice(0, 30).every((r) => r.status === 200)).toBe(true);
    await expectError(answers[30]!, 429, 'WDE9429');
    expect(Number(answers[30]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('what the JSON API and the dashboard count', () => {
  it('a like shows in the post’s metrics, the posts list and the dashboard’s table, as on its page', async () => {
    const metricsRoute = await import('@/app/api/posts/[postId]/metrics/route');
    const listRoute = await import('@/app/api/posts/route');
    const { loadPostTable } = await import('@/lib/edge/pages/dashboard-table');
    const counts = async () => {
      const { metrics } = await (
        await metricsRoute.GET(new Request(`${site}/api/posts/${POST}/metrics`), ctx())
      ).json();
      const { posts } = await (
        await listRoute.GET(new Request(`${site}/api/posts?fieldsets=METRICS&paging.limit=100`))
      ).json();
      const listed = posts.find((p: { id: string }) => p.id === POST);
      const table = await loadPostTable({ sort: 'newest', page: 1, cursor: undefined });
      const row = table.rows.find((r) => r.id === POST);
      return [metrics.likes, listed.metrics.likes, row?.likes];
    };
    const before = await shownLikes();
    expect(await counts()).toEqual([before, before, before]);
    expect((await json('POST', {})).status).toBe(200);
    expect(await shownLikes()).toBe(before + 1);
    expect(await counts()).toEqual([before + 1, before + 1, before + 1]);
  });
});

describe('a visitor’s likes from one address', () => {
  /** A like as a browser without the cookie sends it, from `address`. */
  const cookieless = (address: string, postId = POST) =>
    json('POST', { intent: 'like' }, { 'x-forwarded-for': address }, postId);

  it('move the count by at most the limit however often the cookie is dropped; another address still likes', async () => {
    expect(VISITOR_LIKES_PER_POST).toBe(3);
    const address = '198.51.100.10';
    const before = await shownLikes();
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await cookieless(address));
    expect(answers.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
    for (const refused of answers.slice(3)) {
      await expectError(refused, 429, 'WDE9429');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Nothing counted, and no visitor made for it.
      expect(refused.headers.getSetCookie()).toEqual([]);
    }
    expect(await shownLikes()).toBe(before + VISITOR_LIKES_PER_POST);

    // Another address still likes.
    expect((await cookieless('198.51.100.11')).status).toBe(200);
    expect(await shownLikes()).toBe(before + VISITOR_LIKES_PER_POST + 1);
  });

  it('past the limit refuse a form too, let a visitor who likes already press again, and hold per post', async () => {
    const address = '198.51.100.12';
    const before = await shownLikes();
    const first = await cookieless(address);
    for (let i = 1; i < VISITOR_LIKES_PER_POST; i++) expect((await cookieless(address)).status).toBe(200);
    await expectError(await form({ intent: 'like' }, { 'x-forwarded-for': address }), 429, 'WDE9429');
    expect(await shownLikes()).toBe(before + VISITOR_LIKES_PER_POST);
    // A visitor of this address who likes the post already: nothing changes, nothing is refused.
    const again = await json('POST', { intent: 'like' }, { 'x-forwarded-for': address, cookie: jar(first) });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ total: before + VISITOR_LIKES_PER_POST, liked: true });
    // The budget is per post: another post still takes this address's likes.
    const elsewhere = await cookieless(address, 'post-0002');
    expect(elsewhere.status).toBe(200);
    expect(await shownLikes('post-0002')).toBe(1);
    expect(await shownLikes()).toBe(before + VISITOR_LIKES_PER_POST);
  });

  it('count an IPv6 client by its /64', async () => {
    const before = await shownLikes();
    for (const host of ['a', 'b', 'c']) expect((await cookieless(`2001:db8:0:1::${host}`)).status).toBe(200);
    await expectError(await cookieless('2001:db8:0:1:ffff:ffff:ffff:ffff'), 429, 'WDE9429');
    expect((await cookieless('2001:db8:0:2::1')).status).toBe(200);
    expect(await shownLikes()).toBe(before + 4);
  });

  it('do not limit a member, who likes once as their account', async () => {
    const address = '198.51.100.20';
    for (let i = 0; i < VISITOR_LIKES_PER_POST; i++) expect((await cookieless(address)).status).toBe(200);
    await expectError(await cookieless(address), 429, 'WDE9429');

    const { cookie } = await joinMember('ann@example.com', 'Ann');
    const before = await shownLikes();
    const liked = await json('POST', { intent: 'like' }, { 'x-forwarded-for': address, cookie });
    expect(liked.status).toBe(200);
    expect(await liked.json()).toEqual({ total: before + 1, liked: true });
    // A second like by the same member counts nothing, whatever cookies the browser drops.
    const twice = await json('POST', { intent: 'like' }, { 'x-forwarded-for': address, cookie });
    expect(await twice.json()).toEqual({ total: before + 1, liked: true });
    expect(await shownLikes()).toBe(before + 1);
    // Unliking and liking again is theirs to do, past the visitors' budget of the address.
    await json('DELETE', undefined, { 'x-forwarded-for': address, cookie });
    expect((await json('POST', {}, { 'x-forwarded-for': address, cookie })).status).toBe(200);
    expect(await shownLikes()).toBe(before + 1);
  });
});
