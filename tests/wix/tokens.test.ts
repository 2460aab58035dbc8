import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BLOG_APP_ID } from '@/lib/comments/types';
import { createWixComments } from '@/lib/comments/wix';
import { createWixLikes } from '@/lib/likes/wix';
import { createWixMembers, sealSession } from '@/lib/members/wix';
import { memoryRevocations } from '@/lib/members/tokens';
import { EXPIRY_MARGIN_SECONDS, memoryTokenCache, wixTokens } from '@/lib/wix/tokens';
import { transportFor } from '@/lib/wix/transport';
import { strictFakeWix } from '../helpers/fake-wix';

// The process's one token cache (lib/wix/tokens.ts): a member's access token is fetched once, by whichever feature
// acts for them first, and serves the members provider, their likes and their comments until EXPIRY_MARGIN_SECONDS
// before it expires; the site's visitor token likewise. The features here use the process's cache, as they do on the
// site (no `tokens` setting).

const BASE = 'http://wix.test';
const CLIENT = 'client-tokens';
const REFRESH = 'OauthNG.JWS.refresh-of-the-tokens-test';
const MEMBERS_KEY = 'members-key-for-the-tokens-test';
const POST = '8e1cd74d-0746-47d2-b69e-ab7a6a51b539';
const LIFETIME = 3600;

let grants = 0;
const issued = new Set<string>();
const member = (request: Request) => issued.has(request.headers.get('authorization') ?? '');
const unauthorized = () => HttpResponse.json({ message: 'unauthorized' }, { status: 401 });

const { server, to } = strictFakeWix(
  http.post(`${BASE}/oauth2/token`, async ({ request }) => {
    const body = (await request.json()) as Record<string, string>;
    if (body.clientId !== CLIENT) return HttpResponse.json({ error: 'invalid_client' }, { status: 400 });
    if (body.grantType === 'refresh_token' && body.refreshToken !== REFRESH) {
      return HttpResponse.json({ error: 'invalid_grant' }, { status: 400 });
    }
    const access = `OauthNG.JWS.access-${++grants}`;
    issued.add(access);
    return HttpResponse.json({ access_token: access, expires_in: LIFETIME, refresh_token: body.refreshToken ?? 'v' });
  }),
  http.get(`${BASE}/members/v1/members/my`, ({ request }) =>
    member(request)
      ? HttpResponse.json({ member: { id: 'member-1', loginEmail: 'ann@example.com', status: 'APPROVED' } })
      : unauthorized(),
  ),
  http.post(`${BASE}/blog/v1/likes`, ({ request }) =>
    member(request) ? HttpResponse.json({ like: { id: 'like-1' } }) : unauthorized(),
  ),
  // GetPostMetrics at both paths www.wixapis.com serves it on (the URL map in @wix/auto_sdk_blog_posts'
  // build/cjs/index.js): the REST reference's /blog/v3/…, and the /v3/… that posts.getPostMetrics sends.
  ...['/blog/v3/posts/:postId/metrics', '/v3/posts/:postId/metrics'].map((path) =>
    http.get(`${BASE}${path}`, ({ request }) =>
      member(request) ? HttpResponse.json({ metrics: { likes: 1 } }) : unauthorized(),
    ),
  ),
  http.post(`${BASE}/comments/v1/comments`, ({ request }) =>
    member(request)
      ? HttpResponse.json({
          comment: {
            id: 'comment-1',
            appId: BLOG_APP_ID,
            resourceId: POST,
            status: 'PUBLISHED',
            author: { memberId: 'member-1' },
            content: { richContent: { nodes: [] } },
            createdDate: '2026-03-01T10:00:00.000Z',
          },
        })
      : unauthorized(),
  ),
);

let now = Math.floor(Date.parse('2026-03-01T10:00:00Z') / 1000);
const seconds = () => now;
const settings = { clientId: CLIENT, apiBaseUrl: BASE, retries: 0 };
const members = createWixMembers({
  ...settings,
  secret: MEMBERS_KEY,
  siteUrl: 'https://blog.example',
  revocations: memoryRevocations(),
  now: () => new Date(now * 1000),
});
const memberRefreshToken = (session: string) => (session === 'ann-session' ? REFRESH : null);
const likes = createWixLikes({ ...settings, secret: 'likes-key', memberRefreshToken, now: seconds });
const comments = createWixComments({
  ...settings,
  apiKey: 'IST.key',
  siteId: 'site-1',
  memberRefreshToken,
  now: seconds,
});

const refreshGrants = () =>
  to('/oauth2/token').filter((r) => (r.body as { grantType: string }).grantType === 'refresh_token');

describe('one token cache for every Wix client', () => {
  it('fetches a member’s token once for members, likes and comments, and renews it at the margin', async () => {
    const session = sealSession(MEMBERS_KEY, {
      v: 1,
      sub: 'ann',
      jti: 'session-id-0123456789',
      rt: REFRESH,
      iat: now,
      exp: now + 3600,
    });
    const ann = { kind: 'member', memberId: 'member-1', name: 'Ann', sessionToken: 'ann-session' } as const;
    const everyone = async () => {
      expect((await members.memberOf(session))?.id).toBe('member-1');
      expect(await likes.like(POST, ann)).toEqual({ total: 1, liked: true });
      expect((await comments.create({ postId: POST, text: 'Hi' }, ann, 'PUBLISHED')).id).toBe('comment-1');
    };

    await everyone();
    expect(refreshGrants()).toHaveLength(1);
    const first = to('/members/v1/members/my')[0]!.headers.get('authorization');
    for (const path of ['/blog/v1/likes', '/comments/v1/comments']) {
      expect(to(path).map((r) => r.headers.get('authorization'))).toEqual([first]);
    }

    now += LIFETIME - EXPIRY_MARGIN_SECONDS - 1; // still good for more than the margin
    await everyone();
    expect(refreshGrants()).toHaveLength(1);

    now += 1; // within the margin: renewed once, by whoever asks first
    await everyone();
    expect(refreshGrants()).toHaveLength(2);
    expect(to('/comments/v1/comments').at(-1)!.headers.get('authorization')).not.toBe(first);
    expect(refreshGrants().map((r) => r.body)).toEqual([
      { clientId: CLIENT, grantType: 'refresh_token', refreshToken: REFRESH },
      { clientId: CLIENT, grantType: 'refresh_token', refreshToken: REFRESH },
    ]);
  });

  it('sends one grant for an identity however many ask at once, and renews a token Wix refuses', async () => {
    const tokens = wixTokens({ clientId: CLIENT, transport: transportFor(settings), cache: memoryTokenCache() });
    const [a, b, c] = await Promise.all([tokens.access(REFRESH), tokens.access(REFRESH), tokens.siteVisitor()]);
    expect(a).toEqual(b);
    expect(c).toMatchObject({ ok: true });
    expect(to('/oauth2/token')).toHaveLength(2); // one refresh, one anonymous
    expect(await tokens.siteVisitor()).toEqual(c);

    let calls = 0;
    server.use(http.get(`${BASE}/refused-once`, () => (++calls === 1 ? unauthorized() : HttpResponse.json({}))));
    const answer = await tokens.callAs(REFRESH, (authorization) =>
      fetch(`${BASE}/refused-once`, { headers: { authorization } }),
    );
    expect('response' in answer && answer.response.status).toBe(200);
    expect(to('/refused-once').map((r) => r.headers.get('authorization') === (a as { value: string }).value)).toEqual([
      true,
      false,
    ]);
  });

  it('answers a refused refresh token with its status, holding nothing', async () => {
    const tokens = wixTokens({ clientId: CLIENT, transport: transportFor(settings), cache: memoryTokenCache() });
    expect(await tokens.access('OauthNG.JWS.unknown')).toEqual({ refused: 400 });
    expect(await tokens.access('OauthNG.JWS.unknown')).toEqual({ refused: 400 });
    expect(to('/oauth2/token')).toHaveLength(2);
  });

  it('holds at most its size, the least recently held dropped first', () => {
    const cache = memoryTokenCache(2);
    const tokens = (value: string) => ({ access: { value, expiresAt: 2_000 }, refreshToken: '' });
    cache.hold('a', tokens('a'));
    cache.hold('b', tokens('b'));
    cache.hold('a', tokens('a2'));
    cache.hold('c', tokens('c'));
    expect(['a', 'b', 'c'].map((id) => cache.fresh(id, 1_000)?.access.value)).toEqual(['a2', undefined, 'c']);
    expect(cache.fresh('a', 2_000 - EXPIRY_MARGIN_SECONDS)).toBeUndefined();
  });
});
