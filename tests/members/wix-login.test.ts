import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import {
  ACCESS,
  appError,
  BASE,
  CLIENT_ID,
  loginPage,
  me,
  REFRESH,
  SITE,
  withFakeWixMembers,
} from '../helpers/wix-members';
import { withSite } from '../helpers/site';

// The Wix-managed login page through its two routes, with members at Wix (BLOG_SOURCE=wix, WIX_CLIENT_ID) and every
// Wix call answered by the msw fake at WIX_API_BASE_URL: the redirect to Wix, the callback's checks, the silent flow's
// 120 s, and that nothing secret shows in a body, a Location, a cookie in clear or the console. Then the local
// provider's 404, and the owner's member routes on Wix.

const SECRET = 'members-wix-test-secret-long-enough-0123456789';
withSite({
  BLOG_SOURCE: 'wix',
  WIX_CLIENT_ID: CLIENT_ID,
  WIX_API_BASE_URL: BASE,
  SITE_URL: SITE,
  SESSION_SECRET: SECRET,
  OWNER_PASSWORD: 'owner-password',
});

const { server, seen } = withFakeWixMembers();
const { GET: wixLogin, POST: postWixLogin } = await import('@/app/api/members/wix-login/route');
const { GET: callback } = await import('@/app/api/members/callback/route');
const { POST: signin } = await import('@/app/api/members/signin/route');
const { POST: ownerMembers } = await import('@/app/api/owner/members/route');
const { resetConfig } = await import('@/lib/core/config');
const { siteMemberAdmin, siteMembers, siteWixMembers } = await import('@/lib/members');

let printed: string[] = [];
/** Every answer a test got: none may carry a secret. */
let answers: Response[] = [];
beforeEach(() => {
  printed = [];
  answers = [];
  for (const m of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(' ')));
  }
});
afterEach(async () => {
  vi.useRealTimers();
  const verifiers = seen.flatMap((r) => {
    const v = (r.body as { codeVerifier?: unknown } | undefined)?.codeVerifier;
    return typeof v === 'string' ? [v] : [];
  });
  const texts = [...printed];
  for (const answer of answers) {
    texts.push(
      await answer.clone().text(),
      answer.headers.get('location') ?? '',
      answer.headers.get('set-cookie') ?? '',
    );
  }
  for (const secret of [ACCESS, REFRESH, SECRET, 'owner-password', ...verifiers]) {
    for (const text of texts) expect(text).not.toContain(secret);
  }
});

const get = async (handler: (r: Request) => Promise<Response>, url: string, cookie?: string) => {
  const answer = await handler(new Request(url, { headers: cookie ? { cookie } : {} }));
  answers.push(answer);
  return answer;
};
const cookieOf = (answer: Response, name: string) =>
  answer.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]
    ?.slice(name.length + 1);

/** GET /api/members/wix-login → Wix's URL, its state, and the login cookie as the browser sends it back. */
async function startLogin(query = 'next=/post/hello') {
  const answer = await get(wixLogin, `${SITE}/api/members/wix-login?${query}`);
  expect(answer.status).toBe(303);
  const location = new URL(answer.headers.get('location')!);
  const sealed = cookieOf(answer, 'member_wix_login')!;
  return { answer, location, state: location.searchParams.get('state')!, cookie: `member_wix_login=${sealed}` };
}

describe('the Wix login page: /api/members/wix-login and /api/members/callback', () => {
  it('chooses the Wix provider from the configuration, with no member admin', () => {
    expect(siteWixMembers()).toBe(siteMembers());
    expect(siteMemberAdmin()).toBeNull();
  });

  it('redirects to Wix with PKCE, and the callback signs the member in and goes to next', async () => {
    const fake = loginPage();
    server.use(...fake.handlers, me());
    const { answer, location, state, cookie } = await startLogin();
    expect(location.origin).toBe('https://users.wix.example');
    expect(location.searchParams.get('redirect_uri')).toBe(`${SITE}/api/members/callback`);
    expect(location.searchParams.get('prompt')).toBe('login');
    const set = answer.headers.getSetCookie().find((c) => c.startsWith('member_wix_login='))!;
    expect(set).toMatch(/Max-Age=600/);
    expect(set).toMatch(/Path=\/api\/members/);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/Secure/);
    expect(set).toMatch(/SameSite=Lax/);

    const back = await get(callback, `${SITE}/api/members/callback?code=${fake.code}&state=${state}`, cookie);
    expect([back.status, back.headers.get('location')]).toEqual([303, '/post/hello']);
    const session = cookieOf(back, 'member_session')!;
    expect(session).toMatch(/^w1\./);
    expect(cookieOf(back, 'member_wix_login')).toBe('');
    expect((await siteMembers().memberOf(session))?.id).toBe('member-1');
    // Used once: the same answer again has no login state left in the browser.
    const again = await get(callback, `${SITE}/api/members/callback?code=${fake.code}&state=${state}`);
    expect(again.headers.get('location')).toBe('/signin?notice=wix-login-failed');
  });

  it('a wrong or missing state, or another browser’s cookie, goes to /signin with a notice and signs nobody in', async () => {
    const fake = loginPage();
    server.use(...fake.handlers);
    const { state, cookie } = await startLogin();
    const other = await startLogin();
    const urls = [
      [`code=${fake.code}&state=wrong-state-0123456789`, cookie],
      [`code=${fake.code}`, cookie],
      [`code=${fake.code}&state=${state}`, undefined],
      [`code=${fake.code}&state=${state}`, other.cookie],
      [`code=${fake.code}&state=${state}`, 'member_wix_login=l1.garbage'],
    ] as const;
    for (const [query, jar] of urls) {
      const back = await get(callback, `${SITE}/api/members/callback?${query}`, jar);
      expect([back.status, back.headers.get('location')], query).toEqual([303, '/signin?notice=wix-login-failed']);
      expect(cookieOf(back, 'member_session')).toBeUndefined();
    }
    expect(seen.filter((r) => (r.body as { grantType?: string })?.grantType === 'authorization_code')).toEqual([]);
  });

  it('login_required and access_denied go to /signin with their notices, next kept', async () => {
    server.use(...loginPage().handlers);
    const { state, cookie } = await startLogin('next=/account&silent=1');
    const required = await get(callback, `${SITE}/api/members/callback?error=login_required&state=${state}`, cookie);
    expect(required.headers.get('location')).toBe('/signin?notice=wix-login-required');
    const page = await startLogin('next=/post/hello');
    const denied = await get(
      callback,
      `${SITE}/api/members/callback?error=access_denied&state=${page.state}`,
      page.cookie,
    );
    expect(denied.headers.get('location')).toBe('/signin?notice=wix-login-cancelled&next=%2Fpost%2Fhello');
  });

  it('the silent flow sends prompt=none and its state lives 120 s: a later callback is refused', async () => {
    const fake = loginPage();
    server.use(...fake.handlers, me());
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.parse('2026-03-01T10:00:00Z');
    vi.setSystemTime(t0);
    const late = await startLogin('next=/post/hello&silent=1');
    expect(late.location.searchParams.get('prompt')).toBe('none');
    expect(late.answer.headers.getSetCookie().find((c) => c.startsWith('member_wix_login='))).toMatch(/Max-Age=120/);
    vi.setSystemTime(t0 + 120_000);
    const refused = await get(
      callback,
      `${SITE}/api/members/callback?code=${fake.code}&state=${late.state}`,
      late.cookie,
    );
    expect(refused.headers.get('location')).toBe('/signin?notice=wix-login-failed');
    expect(cookieOf(refused, 'member_session')).toBeUndefined();

    const inTime = await startLogin('next=/post/hello&silent=1');
    vi.setSystemTime(t0 + 120_000 + 119_000);
    const ok = await get(
      callback,
      `${SITE}/api/members/callback?code=${fake.code}&state=${inTime.state}`,
      inTime.cookie,
    );
    expect(ok.headers.get('location')).toBe('/post/hello');
    expect(cookieOf(ok, 'member_session')).toMatch(/^w1\./);
  });

  it('an unsafe next is replaced; Wix failing is "try later", never a 5xx; other methods are 405', async () => {
    server.use(...loginPage().handlers);
    const unsafe = await startLogin('next=https://evil.example/');
    const denied = await get(
      callback,
      `${SITE}/api/members/callback?error=access_denied&state=${unsafe.state}`,
      unsafe.cookie,
    );
    // The sealed next is /account (safeMemberNext), which the sign-in page's link leaves out.
    expect(denied.headers.get('location')).toBe('/signin?notice=wix-login-cancelled');
    const { state, cookie } = await startLogin();
    server.use(
      http.post(`${BASE}/_api/redirects-api/v1/redirect-session`, () => Response.json({ m: 'down' }, { status: 503 })),
      http.post(`${BASE}/oauth2/token`, async ({ request }) =>
        ((await request.clone().json()) as { grantType: string }).grantType === 'anonymous'
          ? undefined
          : Response.json({ m: 'down' }, { status: 503 }),
      ),
    );
    const down = await get(wixLogin, `${SITE}/api/members/wix-login?next=/post/hello`);
    expect([down.status, down.headers.get('location')]).toEqual([303, '/signin?notice=try-later&next=%2Fpost%2Fhello']);
    const exchange = await get(callback, `${SITE}/api/members/callback?code=page-code-1&state=${state}`, cookie);
    expect([exchange.status, exchange.headers.get('location')]).toEqual([303, '/signin?notice=try-later']);
    const post = await postWixLogin(new Request(`${SITE}/api/members/wix-login`, { method: 'POST' }));
    expect(post.status).toBe(405);
  });

  it('our sign-in form: when Wix asks for its captcha, the member goes to the Wix login page, next kept', async () => {
    server.use(http.post(`${BASE}/_api/iam/authentication/v2/login`, () => appError(400, '-19971', 'missing captcha')));
    const answer = await signin(
      new Request(`${SITE}/api/members/signin`, {
        method: 'POST',
        body: new URLSearchParams({ email: 'ann@example.com', password: 'correct horse battery', next: '/post/x' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE },
      }),
    );
    answers.push(answer);
    expect([answer.status, answer.headers.get('location')]).toEqual([303, '/api/members/wix-login?next=%2Fpost%2Fx']);
  });

  it("the owner's member routes say members are managed in the Wix dashboard (404), after the owner check", async () => {
    const form = (cookie?: string) =>
      new Request(`${SITE}/api/owner/members`, {
        method: 'POST',
        body: 'id=member-1&action=approve',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: SITE,
          ...(cookie ? { cookie } : {}),
        },
      });
    const visitor = await ownerMembers(form());
    expect(visitor.status).toBe(401);
    const owner = await ownerMembers(form(`${SESSION_COOKIE}=${signSession(SECRET).token}`));
    answers.push(owner);
    expect(owner.status).toBe(404);
    expect(await owner.clone().json()).toMatchObject({
      error: { wde: 'WDE0073', message: expect.stringContaining('Wix dashboard') },
    });
  });
});

describe('with local members', () => {
  it('the Wix login routes answer 404 from the catalogue, and the member admin is the local provider', async () => {
    vi.stubEnv('BLOG_SOURCE', 'local');
    resetConfig();
    try {
      expect(siteWixMembers()).toBeNull();
      expect(siteMemberAdmin()).not.toBeNull();
      for (const [handler, url] of [
        [wixLogin, `${SITE}/api/members/wix-login?next=/`],
        [callback, `${SITE}/api/members/callback?code=a&state=b`],
      ] as const) {
        const answer = await get(handler, url);
        expect(answer.status).toBe(404);
        expect(await answer.clone().json()).toMatchObject({ error: { wde: 'WDE0073' } });
      }
      expect(seen).toEqual([]);
    } finally {
      vi.unstubAllEnvs();
      resetConfig();
    }
  });
});
