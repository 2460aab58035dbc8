import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isCatalogueError } from '@/lib/errors';
import { openSession } from '@/lib/members/wix';
import {
  ACCESS,
  appError,
  BASE,
  CLIENT_ID,
  directLogin,
  json,
  me,
  MEMBER,
  REFRESH,
  SITE,
  tokenEndpoint,
  withFakeWixMembers,
} from './wix-server';

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
    ['blocked member', '-19958', 'invalidEmail'],
    ['password must be reset', '-19973', 'resetPassword'],
  ])('FAILURE: %s', async (_, code, errorCode) => {
    server.use(loginAnswers(() => appError(400, code)));
    const result = await provider().login({ email: 'ann@example.com', password: PASSWORD });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode });
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
    server.use(
      loginAnswers(() => json({ state: 'SUCCESS', sessionToken: 'wix-session-1' })),
      ...directLogin(),
      me(),
    );
    const token = (
      (await provider().login({ email: 'a@example.com', password: PASSWORD })) as { data: { sessionToken: string } }
    ).data.sessionToken;
    // Another instance: no access token held, so it renews one.
    const other = provider();
    expect((await other.memberOf(token))?.id).toBe('member-1');
    expect(to('/oauth2/token').some((r) => (r.body as { grantType: string }).grantType === 'refresh_token')).toBe(true);
    server.use(http.post(`${BASE}/oauth2/token`, () => json({ error: 'invalid_grant' }, { status: 400 })));
    expect(await provider().memberOf(token)).toBeNull();
    expect(openSession('another-key', token, Math.floor(Date.now() / 1000))).toBeNull();
  });

  it('a 5xx is retried for reads and then answered as a catalogue error, naming no secret', async () => {
    server.use(
      loginAnswers(() => json({ state: 'SUCCESS', sessionToken: 'wix-session-1' })),
      ...directLogin(),
      me(),
    );
    const token = (
      (await provider().login({ email: 'a@example.com', password: PASSWORD })) as { data: { sessionToken: string } }
    ).data.sessionToken;
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
