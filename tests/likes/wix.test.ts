import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWixLikes } from '@/lib/likes/wix';
import type { Liker } from '@/lib/likes';
import { memoryTokenCache, wixTokens } from '@/lib/wix/tokens';

// The Wix likes against a fake Wix (msw) at WIX_API_BASE_URL, in the Blog Likes REST shapes: createLike as the liker
// (409 when liked already), deleteLikeByFqdnAndEntityId, queryLikes for "you liked this", the post's metrics for the
// count; a visitor's own Wix visitor (anonymous grant) sealed in their cookie; a member's token from their session.

const BASE = 'http://wix.test';
const POST = '8e1cd74d-0746-47d2-b69e-ab7a6a51b539';
const MEMBER_REFRESH = 'OauthNG.JWS.member-refresh';

/** The fake platform: likes per identity (by refresh token), and each post's count. */
const likesBy = new Map<string, Set<string>>();
const counts = new Map<string, number>([[POST, 7]]);
let visitors = 0;
const seen: Array<{ method: string; path: string; auth: string | null; body: unknown }> = [];

/** access token → refresh token it was issued for. */
const issued = new Map<string, string>();
const identity = (request: Request) => issued.get(request.headers.get('authorization') ?? '') ?? null;

const server = setupServer(
  http.post(`${BASE}/oauth2/token`, async ({ request }) => {
    const body = (await request.json()) as Record<string, string>;
    expect(body.clientId).toBe('client-1');
    const refresh = body.grantType === 'anonymous' ? `OauthNG.JWS.visitor-refresh-${++visitors}` : body.refreshToken!;
    if (body.grantType === 'refresh_token' && !refresh.startsWith('OauthNG.JWS.')) {
      return HttpResponse.json({ message: 'invalid grant' }, { status: 400 });
    }
    const access = `OauthNG.JWS.access-${issued.size + 1}`;
    issued.set(access, refresh);
    return HttpResponse.json({ access_token: access, expires_in: 14400, refresh_token: refresh });
  }),
  http.post(`${BASE}/blog/v1/likes`, async ({ request }) => {
    const who = identity(request);
    if (!who) return HttpResponse.json({ message: 'unauthorized' }, { status: 401 });
    const { like } = (await request.json()) as { like: { fqdn: string; entityId: string } };
    expect(like.fqdn).toBe('wix.blog.v3.post');
    if (!counts.has(like.entityId)) return HttpResponse.json({ message: 'not found' }, { status: 404 });
    const mine = likesBy.get(who) ?? new Set();
    likesBy.set(who, mine);
    if (mine.has(like.entityId)) return HttpResponse.json({ message: 'already exists' }, { status: 409 });
    mine.add(like.entityId);
    counts.set(like.entityId, counts.get(like.entityId)! + 1);
    return HttpResponse.json({ like: { id: `like-${counts.get(like.entityId)}`, ...like } });
  }),
  http.delete(`${BASE}/blog/v1/likes/fqdn/:fqdn/entity-id/:entityId`, ({ request, params }) => {
    const who = identity(request);
    if (!who) return HttpResponse.json({ message: 'unauthorized' }, { status: 401 });
    const postId = String(params.entityId);
    if (!likesBy.get(who)?.delete(postId)) return HttpResponse.json({ message: 'not found' }, { status: 404 });
    counts.set(postId, counts.get(postId)! - 1);
    return HttpResponse.json({});
  }),
  http.post(`${BASE}/blog/v1/likes/query`, async ({ request }) => {
    const who = identity(request);
    if (!who) return HttpResponse.json({ message: 'unauthorized' }, { status: 401 });
    const { query } = (await request.json()) as { query: { filter: { entityId: { $eq: string } } } };
    const postId = query.filter.entityId.$eq;
    return HttpResponse.json({ likes: likesBy.get(who)?.has(postId) ? [{ id: 'like', entityId: postId }] : [] });
  }),
  // GetPostMetrics where the SDK sends it: /v3/posts/{postId}/metrics (the URL map for www.wixapis.com,
  // resolveComWixpressNpmCommunitiesPlatformizedBlogV3PostServiceUrl in @wix/auto_sdk_blog_posts build/cjs/index.js).
  http.get(`${BASE}/v3/posts/:postId/metrics`, ({ request, params }) => {
    if (!identity(request)) return HttpResponse.json({ message: 'unauthorized' }, { status: 401 });
    const likes = counts.get(String(params.postId));
    if (likes === undefined) return HttpResponse.json({ message: 'not found' }, { status: 404 });
    return HttpResponse.json({ metrics: { views: 100, likes, comments: 1 } });
  }),
);
server.events.on('request:start', async ({ request }) => {
  const text = request.method === 'GET' ? '' : await request.clone().text();
  seen.push({
    method: request.method,
    path: new URL(request.url).pathname,
    auth: request.headers.get('authorization'),
    body: text ? JSON.parse(text) : undefined,
  });
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
  likesBy.clear();
  counts.set(POST, 7);
});
afterEach(() => expect(seen.filter((r) => r.path.includes('wixapis'))).toEqual([]));

const settings = {
  clientId: 'client-1',
  secret: 'likes-wix-test-secret-0123456789abcdef',
  memberRefreshToken: (token: string) => (token === 'member-session' ? MEMBER_REFRESH : null),
  apiBaseUrl: BASE,
  retries: 0,
};
const likes = createWixLikes(settings);
const member: Liker = { kind: 'member', memberId: 'member-1', sessionToken: 'member-session' };

describe('Wix likes', () => {
  it('gives each new visitor a Wix visitor of their own, sealed in the cookie', async () => {
    const a = await likes.newVisitor();
    const b = await likes.newVisitor();
    expect(a).not.toBe(b);
    expect(a).not.toContain('OauthNG');
    expect(likes.isVisitor(a)).toBe(true);
    expect(likes.isVisitor(`${a.slice(0, -2)}AA`)).toBe(false);
    expect(likes.isVisitor('forged')).toBe(false);
    expect(seen.map((r) => [r.method, r.path, (r.body as { grantType: string }).grantType])).toEqual([
      ['POST', '/oauth2/token', 'anonymous'],
      ['POST', '/oauth2/token', 'anonymous'],
    ]);
  });

  it('likes as the visitor with createLike, once, and unlikes with deleteLikeByFqdnAndEntityId', async () => {
    const visitor: Liker = { kind: 'visitor', visitor: await likes.newVisitor() };
    expect(await likes.state(POST, visitor)).toEqual({ total: 7, liked: false });
    expect(await likes.like(POST, visitor)).toEqual({ total: 8, liked: true });
    // A double click: Wix answers 409, one like stands.
    expect(await likes.like(POST, visitor)).toEqual({ total: 8, liked: true });
    expect(await likes.state(POST, visitor)).toEqual({ total: 8, liked: true });
    // Another visitor does not like it.
    expect(await likes.state(POST, { kind: 'visitor', visitor: await likes.newVisitor() })).toEqual({
      total: 8,
      liked: false,
    });
    expect(await likes.unlike(POST, visitor)).toEqual({ total: 7, liked: false });
    expect(await likes.unlike(POST, visitor)).toEqual({ total: 7, liked: false });

    const create = seen.find((r) => r.method === 'POST' && r.path === '/blog/v1/likes')!;
    expect(create.body).toEqual({ like: { fqdn: 'wix.blog.v3.post', entityId: POST } });
    expect(create.auth).toMatch(/^OauthNG\.JWS\.access-/);
    expect(
      seen.some((r) => r.method === 'DELETE' && r.path === `/blog/v1/likes/fqdn/wix.blog.v3.post/entity-id/${POST}`),
    ).toBe(true);
    const query = seen.find((r) => r.path === '/blog/v1/likes/query')!;
    // QueryLikesRequest.query is a CursorQuery (@wix/auto_sdk_blog_likes index.typings.d.ts): cursorPaging, no paging.
    expect(query.body).toEqual({
      query: { filter: { fqdn: { $eq: 'wix.blog.v3.post' }, entityId: { $eq: POST } }, cursorPaging: { limit: 1 } },
    });
  });

  it('likes as the member with a token from their session’s refresh token', async () => {
    expect(await likes.like(POST, member)).toEqual({ total: 8, liked: true });
    const grant = seen.find((r) => r.path === '/oauth2/token')!.body;
    expect(grant).toEqual({ clientId: 'client-1', grantType: 'refresh_token', refreshToken: MEMBER_REFRESH });
    expect(await likes.state(POST, member)).toEqual({ total: 8, liked: true });
    await likes.unlike(POST, member);
  });

  it('refuses a liker whose session Wix cannot act for (400), and a post Wix does not have (404)', async () => {
    await expect(likes.like(POST, { ...member, sessionToken: 'expired' })).rejects.toMatchObject({ status: 400 });
    await expect(likes.like(POST, { kind: 'visitor', visitor: 'forged' })).rejects.toMatchObject({ status: 400 });
    await expect(likes.like('no-such-post', member)).rejects.toMatchObject({ status: 404, wde: 'WDE0073' });
    await expect(likes.state('no-such-post', null)).rejects.toMatchObject({ status: 404, wde: 'WDE0073' });
  });

  it('renews a member’s access token Wix refuses (401) once, and likes with the new one', async () => {
    const cache = memoryTokenCache();
    const stale = 'OauthNG.JWS.stale-access';
    const hold = wixTokens({ clientId: 'client-1', transport: fetch, cache });
    hold.hold(MEMBER_REFRESH, { value: stale, expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    const held = createWixLikes({ ...settings, tokens: cache });
    expect(await held.like(POST, member)).toEqual({ total: 8, liked: true });
    const creates = seen.filter((r) => r.method === 'POST' && r.path === '/blog/v1/likes');
    expect(creates.map((r) => r.auth)).toEqual([stale, expect.stringMatching(/^OauthNG\.JWS\.access-/)]);
    expect(seen.filter((r) => r.path === '/oauth2/token')).toHaveLength(1);
  });

  it('renews a member’s access token Wix refuses with a 403 once too, as Wix answers a token of another identity', async () => {
    const cache = memoryTokenCache();
    const stale = 'OauthNG.JWS.forbidden-access';
    const hold = wixTokens({ clientId: 'client-1', transport: fetch, cache });
    hold.hold(MEMBER_REFRESH, { value: stale, expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    server.use(
      http.post(`${BASE}/blog/v1/likes`, ({ request }) =>
        request.headers.get('authorization') === stale
          ? HttpResponse.json({ message: 'forbidden' }, { status: 403 })
          : undefined,
      ),
    );
    const held = createWixLikes({ ...settings, tokens: cache });
    expect(await held.like(POST, member)).toEqual({ total: 8, liked: true });
    expect(seen.filter((r) => r.path === '/oauth2/token')).toHaveLength(1);
    server.resetHandlers();
  });

  it('answers Wix out of reach with the transport’s catalogue error, through the SDK', async () => {
    server.use(http.post(`${BASE}/blog/v1/likes`, () => HttpResponse.error()));
    await expect(likes.like(POST, member)).rejects.toMatchObject({
      status: 502,
      wde: 'WDE0053',
      message: expect.stringMatching(/^Wix could not be reached \(.+\) for POST \/blog\/v1\/likes after 1 attempt$/),
    });
    server.use(http.get(`${BASE}/v3/posts/:postId/metrics`, () => HttpResponse.json({}, { status: 503 })));
    await expect(likes.state(POST, null)).rejects.toMatchObject({
      status: 502,
      message: `Wix answered HTTP 503 for GET /v3/posts/${POST}/metrics after 1 attempt`,
    });
    server.resetHandlers();
  });

  it('answers a Wix failure as the catalogue’s 502, with no token in the message', async () => {
    server.use(http.post(`${BASE}/blog/v1/likes`, () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const error = await likes.like(POST, member).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, wde: 'WDE0053' });
    expect(String((error as Error).message)).not.toMatch(/OauthNG/);
    server.resetHandlers();
  });
});
