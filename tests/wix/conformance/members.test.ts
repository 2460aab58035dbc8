import { recovery } from '@wix/identity';
import { members } from '@wix/members';
import { LoginState, OAuthStrategy } from '@wix/sdk';
import { describe, expect, it } from 'vitest';
import { createWixMembers, memorySignOuts, sealSession } from '@/lib/members/wix';
import { memoryRevocations } from '@/lib/members/tokens';
import type { CallContext } from '@/lib/members/types';
import { memoryTokenCache } from '@/lib/wix/tokens';
import { member, MEMBER_ID, redirectSession, stateResponse, tokens } from './fixtures';
import { CLIENT_ID, type Recorded, type Reply, type Wire, recorder, route, sdkClient, transportOf } from './recorder';

// Members (lib/members/wix): OAuthStrategy's custom-login calls made server-side, through the same SDK functions the
// strategy calls (@wix/identity's authentication.registerV2 and loginV2, verification.verifyDuringAuthentication,
// recovery.sendRecoveryEmail and recover, @wix/redirects' createRedirectSession) with the site's visitor token, and
// the token grants in REST (tokens.test.ts); the member's own Members calls. Compared with @wix/sdk's OAuthStrategy
// (register, login, processVerification, sendPasswordResetEmail, getAuthUrl, getMemberTokens; its calls go through
// the global fetch, stubbed with the recorder), @wix/identity's recovery and @wix/members's members. Fixtures:
// fixtures.ts (StateMachineResponse from identity_authentication's index.typings.d.ts; CreateRedirectSessionResponse
// from redirects_redirects'; TokenResponse from @wix/sdk's OAuthStrategy.d.ts; Member, GetMyMemberResponse { member }
// and UpdateMemberResponse { member } from members_members'). SendRecoveryEmailResponse and RecoverResponse are `{}`
// (identity_recovery's typings).

const SITE = 'https://blog.example';
const CALLBACK = `${SITE}/api/members/callback`;
const SECRET = 'members-key-for-the-conformance-suite';
const REFRESH = 'OauthNG.JWS.refresh-ada';
const PASSWORD = 'correct-horse-battery-staple';
const IAM = '/_api/iam';

type Routes = [string, string | RegExp, Reply | ((r: Recorded) => Reply)][];

function setup(...routes: Routes) {
  const rec = recorder(
    route('POST', '/oauth2/token', { body: tokens(REFRESH) }),
    ...routes.map(([method, path, reply]) => route(method, path, reply)),
  );
  rec.asGlobal();
  const ours = createWixMembers({
    clientId: CLIENT_ID,
    secret: SECRET,
    siteUrl: SITE,
    revocations: memoryRevocations(),
    signOuts: memorySignOuts(),
    tokens: memoryTokenCache(),
    ...transportOf(rec),
  });
  const strategy = OAuthStrategy({ clientId: CLIENT_ID });
  return { rec, ours, strategy, sdk: sdkClient({ recovery, members }, rec) };
}

/** A session of ours for the member REFRESH signs in. */
function session() {
  const now = Math.floor(Date.now() / 1000);
  return sealSession(SECRET, { v: 1, sub: 'ada', jti: 'jti-0123456789abcdef', rt: REFRESH, iat: now, exp: now + 3600 });
}

const redirectBody = (w: Pick<Wire, 'body'>) =>
  (w.body as { auth: { authRequest: Record<string, string> } }).auth.authRequest;

describe('conformance: sign-up and sign-in (IAM, as OAuthStrategy)', () => {
  const verify = stateResponse('REQUIRE_EMAIL_VERIFICATION');

  it('register: as OAuthStrategy.register', async () => {
    const { rec, ours, strategy } = setup(['POST', `${IAM}/authentication/v2/register`, { body: verify }]);
    const captcha = 'captcha-token';
    const mine = await rec.one(() =>
      ours.register({ email: 'ada@example.com', password: PASSWORD, profile: { nickname: 'Ada' } }, {
        captchaToken: captcha,
      } as CallContext),
    );
    const theirs = await rec.one(() =>
      strategy.register({
        email: 'ada@example.com',
        password: PASSWORD,
        profile: { nickname: 'Ada' },
        captchaTokens: { invisibleRecaptchaToken: captcha },
      }),
    );
    expect(mine).toEqual(theirs);
  });

  it('login: as OAuthStrategy.login', async () => {
    const { rec, ours, strategy } = setup(['POST', `${IAM}/authentication/v2/login`, { body: verify }]);
    const mine = await rec.one(() =>
      ours.login({ email: 'ada@example.com', password: PASSWORD, captchaToken: 'user:t' }),
    );
    const theirs = await rec.one(() =>
      strategy.login({ email: 'ada@example.com', password: PASSWORD, captchaTokens: { recaptchaToken: 't' } }),
    );
    expect(mine).toEqual(theirs);
  });

  it('processVerification: as OAuthStrategy.processVerification', async () => {
    const { rec, ours, strategy } = setup(['POST', `${IAM}/verification/v1/auth/verify`, { body: verify }]);
    const mine = await rec.one(() => ours.processVerification({ verificationCode: '123456' }, 'JWS.state-token'));
    const theirs = await rec.one(() =>
      strategy.processVerification(
        { verificationCode: '123456' },
        { loginState: LoginState.EMAIL_VERIFICATION_REQUIRED, data: { stateToken: 'JWS.state-token' } },
      ),
    );
    expect(mine).toEqual(theirs);
  });

  it('sendPasswordResetEmail: as OAuthStrategy.sendPasswordResetEmail', async () => {
    const { rec, ours, strategy } = setup(['POST', `${IAM}/recovery/v1/send-email`, { body: {} }]);
    const link = `${SITE}/account/reset`;
    const mine = await rec.one(() => ours.sendPasswordResetEmail('ada@example.com', link));
    const theirs = await rec.one(() => strategy.sendPasswordResetEmail('ada@example.com', link));
    expect(mine).toEqual(theirs);
  });

  it('resetPassword: as recovery.recover', async () => {
    const { rec, ours, sdk } = setup(['POST', `${IAM}/recovery/v1/recover`, { body: {} }]);
    const mine = await rec.one(() => ours.resetPassword('JWS.recovery-token', PASSWORD));
    const theirs = await rec.one(() => sdk.recovery.recover('JWS.recovery-token', { password: PASSWORD }));
    expect(mine).toEqual(theirs);
  });
});

describe('conformance: the OAuth logins (redirect session and code, as OAuthStrategy)', () => {
  it('direct login after a password: the redirect session as OAuthStrategy.getMemberTokensForDirectLogin’s', async () => {
    let state = '';
    const { rec, ours, strategy } = setup(
      ['POST', `${IAM}/authentication/v2/login`, { body: stateResponse('SUCCESS') }],
      [
        'POST',
        '/_api/redirects-api/v1/redirect-session',
        (r) => {
          state = redirectBody(r).state!;
          return { body: redirectSession() };
        },
      ],
      // Wix's authorize URL answers with a redirect to the redirect URI, the code and state in its query.
      [
        'GET',
        '/oauth2/authorize',
        () => ({ status: 302, headers: { location: `${CALLBACK}?code=code-1&state=${state}` } }),
      ],
    );
    const made = await rec.calls(() => ours.login({ email: 'ada@example.com', password: PASSWORD }), { tokens: true });
    expect(made.map((w) => `${w.method} ${w.path}`)).toEqual([
      'POST /oauth2/token',
      `POST ${IAM}/authentication/v2/login`,
      'POST /_api/redirects-api/v1/redirect-session',
      'GET /oauth2/authorize',
      'POST /oauth2/token',
    ]);
    const mine = made[2]!;
    const ask = redirectBody(mine);
    const oauthData = {
      redirectUri: CALLBACK,
      originalUri: '',
      codeChallenge: ask.codeChallenge!,
      codeVerifier: 'v',
      state,
    };
    const theirs = await rec.one(() =>
      strategy.getAuthUrl(oauthData, {
        prompt: 'none',
        responseMode: 'web_message',
        // getAuthUrl passes it on (OAuthStrategy.js) though its options type leaves it out.
        sessionToken: 'JWS.wix-session',
      } as Parameters<typeof strategy.getAuthUrl>[1]),
    );
    // The SDK has the browser load the authorize URL in an iframe and get the code by postMessage (responseMode
    // web_message); ours reads the code server-side from the redirect's Location, so it asks for responseMode query.
    // The GET of the authorize URL itself has no SDK function (the iframe loads it).
    const their = redirectBody(theirs);
    expect(mine).toEqual({
      ...theirs,
      body: { auth: { ...(theirs.body as { auth: object }).auth, authRequest: { ...their, responseMode: 'query' } } },
    });
    // Then the code for the member's tokens, as OAuthStrategy.getMemberTokens (tokens.test.ts compares the grant).
    expect(made[4]!.body).toMatchObject({ grantType: 'authorization_code', code: 'code-1', redirectUri: CALLBACK });
  });

  it('startWixLogin (the Wix login page): as OAuthStrategy.getAuthUrl, responseMode query', async () => {
    const { rec, ours, strategy } = setup([
      'POST',
      '/_api/redirects-api/v1/redirect-session',
      { body: redirectSession() },
    ]);
    const mine = await rec.one(() => ours.startWixLogin({ next: '/', silent: false }));
    const { codeChallenge, state } = redirectBody(mine);
    const oauthData = {
      redirectUri: CALLBACK,
      originalUri: '',
      codeChallenge: codeChallenge!,
      codeVerifier: 'v',
      state: state!,
    };
    const theirs = await rec.one(() => strategy.getAuthUrl(oauthData, { prompt: 'login', responseMode: 'query' }));
    expect(mine).toEqual(theirs);
  });

  it('startWixLogin, silent (prompt none): as OAuthStrategy.getAuthUrl', async () => {
    const { rec, ours, strategy } = setup([
      'POST',
      '/_api/redirects-api/v1/redirect-session',
      { body: redirectSession() },
    ]);
    const mine = await rec.one(() => ours.startWixLogin({ next: '/', silent: true }));
    const { codeChallenge, state } = redirectBody(mine);
    const oauthData = {
      redirectUri: CALLBACK,
      originalUri: '',
      codeChallenge: codeChallenge!,
      codeVerifier: 'v',
      state: state!,
    };
    const theirs = await rec.one(() => strategy.getAuthUrl(oauthData, { prompt: 'none', responseMode: 'query' }));
    expect(mine).toEqual(theirs);
  });

  it('finishWixLogin (the callback’s code): as OAuthStrategy.getMemberTokens', async () => {
    const { rec, ours, strategy } = setup([
      'POST',
      '/_api/redirects-api/v1/redirect-session',
      { body: redirectSession() },
    ]);
    let sealed = '';
    const [start] = await rec.calls(async () => {
      sealed = (await ours.startWixLogin({ next: '/', silent: false })).sealed;
    });
    const ask = redirectBody(start!);
    const mine = await rec.one(() => ours.finishWixLogin({ code: 'code-1', state: ask.state }, sealed), {
      tokens: true,
    });
    const verifier = (mine.body as { codeVerifier: string }).codeVerifier;
    const oauthData = {
      redirectUri: CALLBACK,
      originalUri: '',
      codeChallenge: ask.codeChallenge!,
      codeVerifier: verifier,
      state: ask.state!,
    };
    const theirs = await rec.one(() => strategy.getMemberTokens('code-1', ask.state!, oauthData), { tokens: true });
    expect(mine).toEqual(theirs);
  });
});

describe('conformance: the member’s own account (@wix/members members, as the member)', () => {
  const my = ['GET', '/members/v1/members/my', { body: { member } }] as const;

  it('memberOf: as members.getCurrentMember', async () => {
    const { rec, ours, sdk } = setup([...my]);
    const mine = await rec.one(() => ours.memberOf(session()));
    expect(rec.requests.at(-1)!.headers.get('authorization')).toBe(tokens().access_token);
    const theirs = await rec.one(() => sdk.members.getCurrentMember({ fieldsets: ['FULL'] }));
    expect(mine).toEqual(theirs);
  });

  it('updateProfile: as members.updateMember', async () => {
    const { rec, ours, sdk } = setup([...my], ['PATCH', `/members/v1/members/${MEMBER_ID}`, { body: { member } }]);
    const [, mine] = await rec.calls(() => ours.updateProfile(session(), { displayName: 'Ada L.' }));
    const theirs = await rec.one(() => sdk.members.updateMember(MEMBER_ID, { profile: { nickname: 'Ada L.' } }));
    expect(mine).toEqual(theirs);
  });

  it('updateProfile with an uploaded picture (issue 47): as members.updateMember with its absolute URL as the photo', async () => {
    const picture = `/api/members/account/picture/${'a'.repeat(32)}.webp`;
    const { rec, ours, sdk } = setup([...my], ['PATCH', `/members/v1/members/${MEMBER_ID}`, { body: { member } }]);
    const [, mine] = await rec.calls(() => ours.updateProfile(session(), { avatar: picture }));
    const theirs = await rec.one(() =>
      sdk.members.updateMember(MEMBER_ID, { profile: { photo: { url: `${SITE}${picture}` } } }),
    );
    expect(mine).toEqual(theirs);
  });
});
