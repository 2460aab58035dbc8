import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isCatalogueError } from '@/lib/core/errors';
import { memorySignOuts, openSession, SILENT_LOGIN_TIMEOUT_SECONDS } from '@/lib/members/wix';
import {
  ACCESS,
  appError,
  BASE,
  CLIENT_ID,
  directLogin,
  json,
  loginPage,
  me,
  MEMBER,
  REFRESH,
  SITE,
  tokenEndpoint,
  VISITOR,
  withFakeWixMembers,
} from '../helpers/wix-members';

const { server, seen, provider, to } = withFakeWixMembers();
const PASSWORD = 'correct horse battery';
const LOGIN = '/_api/iam/authentication/v2/login';
const REGISTER = '/_api/iam/authentication/v2/register';
const VERIFY = '/_api/iam/verification/v1/auth/verify';

const loginAnswers = (resolver: Parameters<typeof http.post>[1]) => http.post(`${BASE}${LOGIN}`, resolver);

let logs: ReturnType<typeof vi.spyOn>[] = [];
beforeEach(() => {
  logs = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
    vi.spyOn(console, m).mockImplementation(() => {}),
  );
  return () => {
    const printed = logs.flatMap((s) => s.mock.calls.flat().map(String)).join('\n');
    for (const secret of [PASSWORD, ACCESS, REFRESH, 'wix-session-1', 'state-token-1'])
      expect(printed).not.toContain(secret);
  };
});

describe('login states', () => {
  it('SUCCESS: the Wix session token is exchanged for member tokens, sealed into our session', async () => {
    server.use(
      loginAnswers(() => json({ state: 'SUCCESS', sessionToken: 'wix-session-1', identity: { id: 'member-1' } })),
      ...directLogin(),
      me(),
    );
    const members = provider();
    const result = await members.login({ email: 'ann@example.com', password: PASSWORD });
    expect(result.loginState).toBe('SUCCESS');
    const token = (result as { data: { sessionToken: string } }).data.sessionToken;
    expect(token).not.toContain(REFRESH);
    expect(token).not.toContain(ACCESS);
    expect(to(LOGIN)[0]!.body).toEqual({ loginId: { email: 'ann@example.com' }, password: PASSWORD });
    expect(to(LOGIN)[0]!.headers.get('authorization')).toMatch(/visitor/);
    const code = to('/oauth2/token').find((r) => (r.body as { grantType: string }).grantType === 'authorization_code');
    expect(code!.body).toMatchObject({
      clientId: CLIENT_ID,
      code: 'auth-code-1',
      redirectUri: `${SITE}/api/members/callback`,
    });
    expect(await members.memberOf(token)).toEqual({
      id: 'member-1',
      email: 'ann@example.com',
      displayName: 'Ann',
      status: 'ACTIVE',
      emailVerified: true,
      createdDate: MEMBER.createdDate,
    });
    await members.logout(token);
    expect(await members.memberOf(token)).toBeNull();
  });

  it.each([
    ['wrong password', '-19976', 'invalidPassword'],
    ['unknown e-mail', '-19999', 'invalidEmail'],
    ['password must be reset', '-19973', 'resetPassword'],
  ])('FAILURE: %s', async (_, code, errorCode) => {
    server.use(loginAnswers(() => appError(400, code)));
    const result = await provider().login({ email: 'ann@example.com', password: PASSWORD });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode });
  });

  // The site viewer's codes for a member the owner blocked: ACCESS_DENIED (-19956), "blocked by site owner" (-19980).
  it.each([
    ['-19956 (403)', 403, '-19956'],
    ['-19980 (400)', 400, '-19980'],
  ])(
    'FAILURE: a blocked member, %s, is FAILURE without a code (the page says the account cannot sign in)',
    async (_, status, code) => {
      server.use(loginAnswers(() => appError(status, code, 'access denied')));
      const result = await provider().login({ email: 'ann@example.com', password: PASSWORD });
      expect(result).toEqual({
        loginState: 'FAILURE',
        error: 'This account cannot sign in. Please contact the site owner.',
      });
    },
  );

  it('a member waiting for approval (-19958) is OWNER_APPROVAL_REQUIRED; a 403 without a code is our failure', async () => {
    server.use(loginAnswers(() => appError(400, '-19958', 'pending')));
    expect(await provider().login({ email: 'ann@example.com', password: PASSWORD })).toEqual({
      loginState: 'OWNER_APPROVAL_REQUIRED',
    });
    server.use(loginAnswers(() => json({ message: 'forbidden' }, { status: 403 })));
    const error = await provider()
      .login({ email: 'ann@example.com', password: PASSWORD })
      .catch((e: unknown) => e);
    expect(isCatalogueError(error)).toBe(true);
  });

  it('EMAIL_VERIFICATION_REQUIRED → processVerification with the code → SUCCESS', async () => {
    server.use(
      loginAnswers(() => json({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'state-token-1' })),
      http.post(`${BASE}${VERIFY}`, async ({ request }) => {
        const body = (await request.json()) as { code: string; stateToken: string };
        return body.code === '123456' && body.stateToken === 'state-token-1'
          ? json({ state: 'SUCCESS', sessionToken: 'wix-session-1' })
          : appError(400, '-19988', 'wrong code');
      }),
      ...directLogin(),
    );
    const members = provider();
    const first = await members.login({ email: 'ann@example.com', password: PASSWORD });
    expect(first).toEqual({ loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'state-token-1' } });
    expect((await members.processVerification({ verificationCode: '000000' }, 'state-token-1')).loginState).toBe(
      'FAILURE',
    );
    const done = await members.processVerification({ verificationCode: '123456' }, 'state-token-1');
    expect(done.loginState).toBe('SUCCESS');
    expect(to(VERIFY)[1]!.body).toEqual({ code: '123456', stateToken: 'state-token-1' });
  });

  it('OWNER_APPROVAL_REQUIRED', async () => {
    server.use(loginAnswers(() => json({ state: 'REQUIRE_OWNER_APPROVAL' })));
    expect(await provider().login({ email: 'ann@example.com', password: PASSWORD })).toEqual({
      loginState: 'OWNER_APPROVAL_REQUIRED',
    });
  });

  it('SILENT_CAPTCHA_REQUIRED without a token, USER_CAPTCHA_REQUIRED when the invisible one fails, then FAILURE', async () => {
    server.use(
      loginAnswers(async ({ request }) => {
        const body = (await request.json()) as { captchaTokens?: Record<string, string>[] };
        const t = body.captchaTokens?.[0];
        if (!t) return appError(400, '-19971', 'missing captcha');
        if (t.Recaptcha === 'good') return json({ state: 'REQUIRE_OWNER_APPROVAL' });
        return appError(400, '-19970', 'invalid captcha');
      }),
    );
    const members = provider();
    const params = { email: 'ann@example.com', password: PASSWORD };
    expect(await members.login(params)).toMatchObject({
      loginState: 'SILENT_CAPTCHA_REQUIRED',
      data: { stateToken: expect.any(String) },
    });
    expect(await members.login({ ...params, captchaToken: 'invisible' })).toMatchObject({
      loginState: 'USER_CAPTCHA_REQUIRED',
    });
    expect(to(LOGIN)[1]!.body).toMatchObject({ captchaTokens: [{ InvisibleRecaptcha: 'invisible' }] });
    expect(await members.login({ ...params, captchaToken: 'user:bad' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidCaptchaToken',
    });
    expect(await members.login({ ...params, captchaToken: 'user:good' })).toEqual({
      loginState: 'OWNER_APPROVAL_REQUIRED',
    });
  });
});

describe('register, reset, sessions', () => {
  it('an existing address is FAILURE emailAlreadyExists', async () => {
    server.use(http.post(`${BASE}${REGISTER}`, () => appError(409, '-19995', 'email exists')));
    const result = await provider().register({
      email: 'ann@example.com',
      password: PASSWORD,
      profile: { nickname: 'Ann' },
    });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'emailAlreadyExists' });
    expect(to(REGISTER)[0]!.body).toEqual({
      loginId: { email: 'ann@example.com' },
      password: PASSWORD,
      profile: { nickname: 'Ann' },
    });
  });

  it('an invalid address is FAILURE invalidEmail', async () => {
    server.use(
      http.post(`${BASE}${REGISTER}`, () =>
        json(
          {
            message: 'bad',
            details: { validationError: { fieldViolations: [{ field: 'loginId.email', data: { type: 'EMAIL' } }] } },
          },
          { status: 400 },
        ),
      ),
    );
    expect(await provider().register({ email: 'nope', password: PASSWORD })).toMatchObject({
      errorCode: 'invalidEmail',
    });
  });

  it('sendPasswordResetEmail posts the documented body, and only for links to this site', async () => {
    server.use(http.post(`${BASE}/_api/iam/recovery/v1/send-email`, () => json({})));
    await provider().sendPasswordResetEmail('ann@example.com', `${SITE}/reset`);
    expect(to('/_api/iam/recovery/v1/send-email')[0]!.body).toEqual({
      email: 'ann@example.com',
      redirect: { url: `${SITE}/reset`, clientId: CLIENT_ID },
    });
    await expect(provider().sendPasswordResetEmail('ann@example.com', 'https://evil.example/reset')).rejects.toThrow(
      /this site/,
    );
  });

  it('resetPassword posts the recovery token and the new password', async () => {
    server.use(
      http.post(`${BASE}/_api/iam/recovery/v1/recover`, async ({ request }) => {
        const body = (await request.json()) as { recoveryToken: string };
        return body.recoveryToken === 'rt-good' ? json({}) : appError(400, 'INVALID_TOKEN');
      }),
    );
    expect(await provider().resetPassword('rt-good', 'a new password 1')).toEqual({ ok: true });
    expect(await provider().resetPassword('rt-bad', 'a new password 1')).toEqual({ ok: false, reason: 'invalidToken' });
    expect(await provider().resetPassword('rt-good', 'short')).toEqual({ ok: false, reason: 'invalidPassword' });
  });

  it('a tampered or foreign session is anonymous, without a call', async () => {
    const members = provider();
    expect(await members.memberOf('w1.AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    expect(await members.memberOf('not a token')).toBeNull();
    expect(seen).toEqual([]);
  });

  it('an access token Wix refuses is renewed from the refresh token; a refused refresh token is anonymous', async () => {
    const token = await signedIn(provider());
    // Another instance: no access token held, so it renews one.
    const other = provider();
    expect((await other.memberOf(token))?.id).toBe('member-1');
    expect(to('/oauth2/token').some((r) => (r.body as { grantType: string }).grantType === 'refresh_token')).toBe(true);
    server.use(http.post(`${BASE}/oauth2/token`, () => json({ error: 'invalid_grant' }, { status: 400 })));
    expect(await provider().memberOf(token)).toBeNull();
    expect(openSession('another-key', token, Math.floor(Date.now() / 1000))).toBeNull();
  });

  it('a 5xx is retried for reads and then answered as a catalogue error, naming no secret', async () => {
    const token = await signedIn(provider());
    let calls = 0;
    server.use(
      tokenEndpoint(),
      http.get(`${BASE}/members/v1/members/my`, () =>
        ++calls < 3 ? json({ message: 'down' }, { status: 503 }) : json({ member: MEMBER }),
      ),
    );
    expect((await provider().memberOf(token))?.id).toBe('member-1');
    expect(calls).toBe(3);
    server.use(http.get(`${BASE}/members/v1/members/my`, () => json({ message: `down ${ACCESS}` }, { status: 503 })));
    const error = await provider({ retries: 1 })
      .memberOf(token)
      .catch((e: unknown) => e);
    expect(isCatalogueError(error)).toBe(true);
    expect(error).toMatchObject({ status: 502 });
    for (const secret of [ACCESS, REFRESH, PASSWORD, token])
      expect(String((error as Error).message)).not.toContain(secret);
  });

  it('calls as a visitor with an anonymous grant, renewed once it expires (as OAuthStrategy without tokens)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.parse('2026-03-01T10:00:00Z'));
      server.use(loginAnswers(() => json({ state: 'REQUIRE_OWNER_APPROVAL' })));
      const members = provider();
      const params = { email: 'ann@example.com', password: PASSWORD };
      await members.login(params);
      await members.login(params);
      const grants = () =>
        to('/oauth2/token').filter((r) => (r.body as { grantType: string }).grantType === 'anonymous');
      expect(grants().map((r) => r.body)).toEqual([{ clientId: CLIENT_ID, grantType: 'anonymous' }]);
      vi.setSystemTime(Date.parse('2026-03-01T14:00:00Z')); // the visitor token's 14,400 s are over
      await members.login(params);
      expect(grants()).toHaveLength(2);
      expect(to(LOGIN).every((r) => r.headers.get('authorization') === VISITOR)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a 5xx on login is not retried (a write) and is a catalogue error without the password', async () => {
    server.use(loginAnswers(() => json({ message: 'down' }, { status: 500 })));
    const error = await provider()
      .login({ email: 'a@example.com', password: PASSWORD })
      .catch((e: unknown) => e);
    expect(isCatalogueError(error)).toBe(true);
    expect((error as Error).message).not.toContain(PASSWORD);
    expect(to(LOGIN)).toHaveLength(1);
  });
});

describe('Wix’s answers as the SDK surfaces them (@wix/identity, @wix/redirects)', () => {
  const RECOVER = '/_api/iam/recovery/v1/recover';
  const SEND_EMAIL = '/_api/iam/recovery/v1/send-email';

  it('a validation error on the new password is invalidPassword (the SDK’s field: options.password)', async () => {
    server.use(
      http.post(`${BASE}${RECOVER}`, () =>
        json(
          {
            message: 'weak',
            details: { validationError: { fieldViolations: [{ field: 'password', description: 'too weak' }] } },
          },
          { status: 400 },
        ),
      ),
    );
    expect(await provider().resetPassword('rt-good', 'a new password 1')).toEqual({
      ok: false,
      reason: 'invalidPassword',
    });
  });

  it('an unknown address (a 4xx) is answered as a known one; a 5xx is a catalogue error, sent once', async () => {
    server.use(http.post(`${BASE}${SEND_EMAIL}`, () => appError(404, '-19999', 'no such member')));
    await expect(provider().sendPasswordResetEmail('nobody@example.com', `${SITE}/reset`)).resolves.toBeUndefined();
    server.use(http.post(`${BASE}${SEND_EMAIL}`, () => json({ message: 'down' }, { status: 503 })));
    const error = await provider()
      .sendPasswordResetEmail('ann@example.com', `${SITE}/reset`)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, wde: 'WDE0053' });
    expect(to(SEND_EMAIL)).toHaveLength(2);
  });

  it('Wix refusing the visitor token (401) is our credentials’ failure, not a wrong password', async () => {
    server.use(loginAnswers(() => json({ message: 'unauthorized' }, { status: 401 })));
    const error = await provider()
      .login({ email: 'ann@example.com', password: PASSWORD })
      .catch((e: unknown) => e);
    expect(isCatalogueError(error)).toBe(true);
    expect(error).toMatchObject({ status: 502, message: expect.stringContaining('check the Wix credentials') });
  });

  it('no visitor token (the grant refused) fails before any IAM call', async () => {
    server.use(http.post(`${BASE}/oauth2/token`, () => json({ error: 'invalid_client' }, { status: 400 })));
    const error = await provider()
      .login({ email: 'ann@example.com', password: PASSWORD })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: expect.stringContaining('Wix refused a visitor token') });
    expect(to(LOGIN)).toEqual([]);
  });

  it('an answer that is not JSON is unparseable (502 WDE0055)', async () => {
    server.use(loginAnswers(() => new HttpResponse('<html>busy</html>', { status: 200 })));
    const error = await provider()
      .login({ email: 'ann@example.com', password: PASSWORD })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, wde: 'WDE0055' });
  });

  it('a redirect session Wix refuses (a spent session token) is an answer without an authorize URL', async () => {
    server.use(
      loginAnswers(() => json({ state: 'SUCCESS', sessionToken: 'wix-session-spent' })),
      ...directLogin(), // answers 400 to any session token but wix-session-1
    );
    const error = await provider()
      .login({ email: 'ann@example.com', password: PASSWORD })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: expect.stringContaining('without an authorize URL') });
  });
});

/** A signed-in member's session token through the login form (Wix SUCCESS → direct login). */
async function signedIn(members: ReturnType<typeof provider>) {
  server.use(
    loginAnswers(() => json({ state: 'SUCCESS', sessionToken: 'wix-session-1' })),
    ...directLogin(),
    me(),
  );
  const result = await members.login({ email: 'ann@example.com', password: PASSWORD });
  return (result as { data: { sessionToken: string } }).data.sessionToken;
}

describe("the member's own account", () => {
  it('updateProfile PATCHes the member as members.updateMember does, with the member token', async () => {
    const members = provider();
    const token = await signedIn(members);
    server.use(
      http.patch(`${BASE}/members/v1/members/:id`, async ({ request, params }) => {
        if (request.headers.get('authorization') !== ACCESS) return json({ message: 'unauthorized' }, { status: 401 });
        const body = (await request.json()) as { member: { profile: Record<string, unknown> } };
        return json({ member: { ...MEMBER, id: params.id, profile: { ...MEMBER.profile, ...body.member.profile } } });
      }),
    );
    const result = await members.updateProfile(token, { displayName: '  Ann B\u0007 ', avatar: '/media/ann.png' });
    expect(result).toEqual({
      ok: true,
      member: expect.objectContaining({ id: 'member-1', displayName: 'Ann B', avatar: '/media/ann.png' }),
    });
    const patch = seen.find((r) => r.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/members/v1/members/member-1');
    expect(patch.body).toEqual({
      member: { id: 'member-1', profile: { nickname: 'Ann B', photo: { url: `${SITE}/media/ann.png` } } },
    });
    const wixPhoto = 'https://static.wixstatic.com/media/abc_123~mv2.jpg';
    expect(await members.updateProfile(token, { avatar: wixPhoto })).toMatchObject({
      ok: true,
      member: { avatar: wixPhoto },
    });
  });

  it('updateProfile refuses a bad value or session without writing', async () => {
    const members = provider();
    const token = await signedIn(members);
    for (const change of [
      { displayName: ' \u0000 ' },
      { avatar: 'https://evil.example/a.png' },
      { avatar: '/media/../x.png' },
    ]) {
      expect(await members.updateProfile(token, change)).toEqual({ ok: false, reason: 'invalidProfile' });
    }
    expect(await members.updateProfile('not a token', { displayName: 'X' })).toEqual({
      ok: false,
      reason: 'invalidSession',
    });
    expect(seen.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('changePassword is notSupported on Wix (no call takes the current password), without a call', async () => {
    const members = provider();
    const token = await signedIn(members);
    const before = seen.length;
    expect(await members.changePassword(token, PASSWORD, 'a new password 1')).toEqual({
      ok: false,
      reason: 'notSupported',
    });
    expect(await members.changePassword('not a token', PASSWORD, 'a new password 1')).toEqual({
      ok: false,
      reason: 'invalidSession',
    });
    expect(seen.slice(before)).toEqual([]);
  });

  it('signOutEverywhere ends every session of the member, on every instance sharing the store; a later sign-in works', async () => {
    let now = Date.parse('2026-03-01T10:00:00Z');
    const signOuts = memorySignOuts();
    const settings = { now: () => new Date(now), signOuts };
    const members = provider(settings);
    const phone = await signedIn(members);
    const laptop = await signedIn(members);
    const other = provider(settings);
    expect((await other.memberOf(laptop))?.id).toBe('member-1');
    now += 5_000;
    await members.signOutEverywhere(phone);
    expect(await members.memberOf(phone)).toBeNull();
    expect(await members.memberOf(laptop)).toBeNull();
    expect(await other.memberOf(laptop)).toBeNull();
    now += 1_000;
    const again = await signedIn(members);
    expect((await members.memberOf(again))?.id).toBe('member-1');
    await members.signOutEverywhere('not a token'); // nothing to end
    expect((await members.memberOf(again))?.id).toBe('member-1');
  });
});

describe('the Wix-managed login page (provider)', () => {
  const start = async (members: ReturnType<typeof provider>, silent = false) => {
    const page = await members.startWixLogin({ next: '/post/hello', silent });
    const url = new URL(page.url);
    return { ...page, state: url.searchParams.get('state')!, url };
  };

  it('makes a PKCE redirect session, and the callback exchanges the code with the verifier', async () => {
    const fake = loginPage();
    server.use(...fake.handlers, me());
    const members = provider();
    const page = await start(members);
    expect(fake.sessions).toEqual([
      {
        state: page.state,
        challenge: expect.any(String),
        prompt: 'login',
        redirectUri: `${SITE}/api/members/callback`,
      },
    ]);
    expect(page.maxAge).toBe(600);
    const result = await members.finishWixLogin({ code: fake.code, state: page.state }, page.sealed);
    expect(result).toEqual({ ok: true, sessionToken: expect.any(String), next: '/post/hello' });
    const verifier = (
      to('/oauth2/token').find((r) => (r.body as { code?: string }).code === fake.code)!.body as {
        codeVerifier: string;
      }
    ).codeVerifier;
    for (const text of [page.url.href, page.sealed]) {
      expect(text).not.toContain(verifier);
    }
    expect((await members.memberOf((result as { sessionToken: string }).sessionToken))?.id).toBe('member-1');
  });

  it('refuses a wrong, missing or tampered state, another kind of sealed token, and maps Wix errors', async () => {
    const fake = loginPage();
    server.use(...fake.handlers);
    const members = provider();
    const page = await start(members);
    const code = fake.code;
    expect(await members.finishWixLogin({ code, state: 'x'.repeat(32) }, page.sealed)).toEqual({
      ok: false,
      reason: 'invalidState',
    });
    expect(await members.finishWixLogin({ code, state: null }, page.sealed)).toMatchObject({ reason: 'invalidState' });
    expect(await members.finishWixLogin({ code, state: page.state }, undefined)).toMatchObject({
      reason: 'invalidState',
    });
    const tampered = page.sealed.slice(0, -2) + (page.sealed.endsWith('A') ? 'BA' : 'AA');
    expect(await members.finishWixLogin({ code, state: page.state }, tampered)).toMatchObject({
      reason: 'invalidState',
    });
    expect(
      await provider({ secret: 'another-key' }).finishWixLogin({ code, state: page.state }, page.sealed),
    ).toMatchObject({
      reason: 'invalidState',
    });
    expect(await members.finishWixLogin({ error: 'access_denied', state: page.state }, page.sealed)).toEqual({
      ok: false,
      reason: 'denied',
      next: '/post/hello',
    });
    expect(await members.finishWixLogin({ code: 'stolen-code', state: page.state }, page.sealed)).toMatchObject({
      ok: false,
      reason: 'failed',
    });
    expect(
      to('/oauth2/token').filter((r) => (r.body as { grantType: string }).grantType === 'authorization_code'),
    ).toHaveLength(1);
  });

  it('the silent flow sends prompt=none; its state lives 120 s, then the callback is refused like a wrong state', async () => {
    const fake = loginPage();
    server.use(...fake.handlers);
    let now = Date.parse('2026-03-01T10:00:00Z');
    const members = provider({ now: () => new Date(now) });
    const first = await start(members, true);
    expect([fake.sessions[0]!.prompt, first.maxAge, SILENT_LOGIN_TIMEOUT_SECONDS]).toEqual(['none', 120, 120]);
    expect(await members.finishWixLogin({ error: 'login_required', state: first.state }, first.sealed)).toMatchObject({
      reason: 'loginRequired',
    });
    now += 119_000;
    expect(await members.finishWixLogin({ code: fake.code, state: first.state }, first.sealed)).toMatchObject({
      ok: true,
    });
    const second = await start(members, true);
    now += 120_000;
    expect(await members.finishWixLogin({ code: fake.code, state: second.state }, second.sealed)).toEqual({
      ok: false,
      reason: 'invalidState',
    });
  });
});
