import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { errors } from '@/lib/core/errors';
import { discard } from '@/lib/wix/transport';
import { type LoginResult, LoginState } from '../types';
import type { MembersContext } from './context';
import { failure, siteVisitor } from './iam';
import { openLoginState, sealLoginState, type WixLoginState } from './session';

// The OAuth logins, PKCE (S256) both: the direct login after a password (server-side: Wix's single-use session token
// → a redirect session with prompt none → its code → member tokens) and the Wix-managed login page (the browser goes
// to Wix and comes back to the callback with a code; the verifier and state wait sealed in a cookie).

/** The SDK's silent-login time-out (its iframe gives up after 120 s): a silent flow's state lives no longer. */
export const SILENT_LOGIN_TIMEOUT_SECONDS = 120;
/** How long the Wix login page may take before its state is refused (long enough to type a password, or register). */
export const WIX_LOGIN_TTL_SECONDS = 10 * 60;

export type WixLoginResult =
  | { ok: true; sessionToken: string; next: string }
  | { ok: false; reason: 'loginRequired' | 'denied' | 'invalidState' | 'failed'; next?: string };

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

export function wixLogins(context: MembersContext) {
  const { clientId, secret, redirectUri, nowSeconds, reads, upstream, remembered, sessionFromCode } = context;
  const asVisitor = siteVisitor(context);

  /** `createRedirectSession` as `getAuthorizationUrlWithOptions` sends it: the authorize URL of a PKCE request. */
  async function authorizeUrl(
    request: { challenge: string; state: string; sessionToken?: string },
    prompt: 'login' | 'none',
    what: string,
  ): Promise<string> {
    const session = await asVisitor(what, (wix) =>
      wix.redirects.createRedirectSession({
        auth: {
          authRequest: {
            clientId,
            redirectUri,
            codeChallenge: request.challenge,
            codeChallengeMethod: 'S256',
            responseMode: 'query',
            responseType: 'code',
            scope: 'offline_access',
            state: request.state,
            ...(request.sessionToken ? { sessionToken: request.sessionToken } : {}),
          },
          prompt,
        },
      }),
    );
    // Wix refusing the session (a spent session token) is an answer without an authorize URL, as one lacking it.
    const fullUrl = session.ok ? session.value?.redirectSession?.fullUrl : undefined;
    const url = typeof fullUrl === 'string' && /^https?:\/\//.test(fullUrl) ? fullUrl : '';
    if (!url || !URL.canParse(url)) throw errors.upstreamUnparseable(`Wix answered ${what} without an authorize URL`);
    return url;
  }

  /** getMemberTokensForDirectLogin, server-side: Wix's single-use session token → member tokens → our session. */
  async function directLogin(wixSessionToken: string): Promise<LoginResult> {
    const { verifier, challenge } = pkce();
    const state = randomBytes(16).toString('base64url');
    const fullUrl = await authorizeUrl({ challenge, state, sessionToken: wixSessionToken }, 'none', 'the direct login');
    let location: string | null;
    try {
      const response = await reads(fullUrl, { method: 'GET', redirect: 'manual' });
      location = response.headers.get('location');
      discard(response);
    } catch (error) {
      throw upstream(error, 'the direct login');
    }
    const answer = location ? new URL(location, redirectUri).searchParams : new URLSearchParams();
    const code = answer.get('code');
    if (!code || answer.get('state') !== state) {
      return failure(undefined, 'Wix did not complete the sign-in. Please try again.');
    }
    const sessionToken = await sessionFromCode(code, verifier);
    if (!sessionToken) return failure(undefined, 'Wix did not complete the sign-in. Please try again.');
    return { loginState: LoginState.SUCCESS, data: { sessionToken } };
  }

  /**
   * A redirect session to Wix's login page, as `generateOAuthData` + `getAuthUrl` make it (PKCE S256, a state,
   * responseMode query; prompt `none` for the silent flow): the URL to send the browser to, and the verifier, state
   * and `next` sealed for a short-lived cookie (`maxAge` seconds) that the callback gives back.
   */
  async function startWixLogin({ next, silent }: { next: string; silent: boolean }) {
    const { verifier, challenge } = pkce();
    const state = randomBytes(24).toString('base64url');
    const prompt = silent ? 'none' : 'login';
    const url = await authorizeUrl({ challenge, state }, prompt, 'the login page');
    const maxAge = silent ? SILENT_LOGIN_TIMEOUT_SECONDS : WIX_LOGIN_TTL_SECONDS;
    const login: WixLoginState = {
      v: 1,
      st: state,
      cv: verifier,
      n: next.slice(0, 1000),
      p: prompt,
      exp: nowSeconds() + maxAge,
    };
    return { url, sealed: sealLoginState(secret, login), maxAge };
  }

  /** Wix's redirect back (`code`, `state` or `error`) checked against the sealed cookie, the code exchanged. */
  async function finishWixLogin(
    answer: { code?: string | null; state?: string | null; error?: string | null },
    sealed: string | undefined,
  ): Promise<WixLoginResult> {
    const login = openLoginState(secret, sealed);
    // No cookie, another's, a tampered one, or one past its time (120 s for the silent flow): as a wrong state.
    if (!login || login.exp <= nowSeconds()) return { ok: false, reason: 'invalidState' };
    const given = typeof answer.state === 'string' ? Buffer.from(answer.state) : Buffer.alloc(0);
    const expected = Buffer.from(login.st);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, reason: 'invalidState' };
    }
    const next = login.n;
    if (answer.error) {
      // OIDC's answers to prompt=none when Wix has no session for the browser, and a member who said no.
      const reason = ['login_required', 'interaction_required', 'consent_required'].includes(answer.error)
        ? 'loginRequired'
        : answer.error === 'access_denied'
          ? 'denied'
          : 'failed';
      return { ok: false, reason, next };
    }
    if (typeof answer.code !== 'string' || !answer.code || answer.code.length > 4000) {
      return { ok: false, reason: 'failed', next };
    }
    const forget = remembered(answer.code, login.cv);
    try {
      const sessionToken = await sessionFromCode(answer.code, login.cv);
      return sessionToken ? { ok: true, sessionToken, next } : { ok: false, reason: 'failed', next };
    } finally {
      forget();
    }
  }

  return { directLogin, startWixLogin, finishWixLogin };
}
