import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createClient } from '@wix/sdk';
import { z } from 'zod';
import { errors, isCatalogueError } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import { visitorAuth } from '@/lib/wix/auth';
import { processSingleton } from '@/lib/core/process-singleton';
import { discard, type TransportSettings, transportFor } from '@/lib/wix/transport';
import { readWixJson, redact, toCatalogueError } from '@/lib/wix/upstream';
import { isAvatarPath } from './local';
import { acceptablePassword } from './password';
import { MEMBER_SESSION_TTL_SECONDS, type Revocations, signCaptchaState, siteRevocations } from './tokens';
import {
  type CallContext,
  type ChangePasswordResult,
  type IdentityProvider,
  type LoginErrorCode,
  type LoginParams,
  type LoginResult,
  LoginState,
  type Member,
  type MemberAccount,
  type MemberStatus,
  type ProfileChange,
  type ProfileResult,
  type RegisterParams,
  type ResetResult,
} from './types';
import { resetLinkBase } from './reset-link';

// The Wix identity provider: `@wix/sdk`'s `OAuthStrategy` custom-login calls, made in the platform's REST shapes
// through the shared transport (lib/wix/transport.ts: *.wixapis.com rerouted to WIX_API_BASE_URL, 429/5xx retried),
// with the strategy's own mapping of answers to login states (node_modules/@wix/sdk/build/auth/oauth2/
// OAuthStrategy.js, `handleState`, `register`, `login`, `processVerification`). The strategy cannot be used as it is
// on a server: it sends its token requests with the global fetch (no reroute, no retries) and
// `getMemberTokensForDirectLogin` loads the authorize URL in an iframe. Here the same calls are made server-side:
//
//   register             POST /_api/iam/authentication/v2/register
//                        { loginId: { email }, password, profile, captchaTokens }
//   login                POST /_api/iam/authentication/v2/login     { loginId: { email }, password, captchaTokens }
//   processVerification  POST /_api/iam/verification/v1/auth/verify { code, stateToken }
//     → { state: SUCCESS | REQUIRE_OWNER_APPROVAL | REQUIRE_EMAIL_VERIFICATION, sessionToken, stateToken, identity }
//   sendPasswordResetEmail POST /_api/iam/recovery/v1/send-email  { email, redirect: { url, clientId } }
//   resetPassword        POST /_api/iam/recovery/v1/recover         { recoveryToken, password }
//   direct login         POST /_api/redirects-api/v1/redirect-session (prompt none, the Wix session token, PKCE),
//                        GET its fullUrl without following the redirect (the code in the Location's query), then
//                        POST /oauth2/token
//                        { clientId, grantType: authorization_code, redirectUri, code, codeVerifier }
//   token refresh        POST /oauth2/token { clientId, grantType: refresh_token, refreshToken }
//   memberOf             GET  /members/v1/members/my?fieldsets=FULL  (Authorization: the member's access token)
//   updateProfile        PATCH /members/v1/members/{id} { member: { id, profile: { nickname, photo } } } (as the SDK's
//                        `members.updateMember`, with the member's access token)
//   Wix-managed login    POST /_api/redirects-api/v1/redirect-session (prompt login, or none for the silent flow) →
//                        the browser goes to its fullUrl and comes back to the callback with a code →
//                        POST /oauth2/token
//                        (as `generateOAuthData` + `getAuthUrl` + `getMemberTokens`, responseMode query)
//
// A SUCCESS's `sessionToken` is ours, not Wix's (Wix's is single-use and lives seconds): the member's refresh token
// sealed with AES-256-GCM under the members key, with a session id and an expiry, so it holds across instances and
// restarts and shows nothing to whoever reads the cookie. Access tokens are kept per session in memory and renewed
// from the refresh token when they expire. Logout revokes one session (the revocations); signing out everywhere keeps
// the member's last sign-out (SignOuts), which every older session of theirs fails. Nothing here logs or throws a
// password, token or key.

/** The OAuth app's client id, the members key, the site's origin, and the transport's settings. */
export interface WixMembersSettings extends TransportSettings {
  clientId: string;
  /** Seals sessions and signs captcha state tokens (the members key, as the local provider's). */
  secret: string;
  /** The public origin: reset links may only point at it; the direct login's redirect URI is on it. */
  siteUrl: string;
  /** The OAuth redirect URI of both logins, allowed in the OAuth app (default `${siteUrl}/api/members/callback`). */
  redirectUri?: string;
  revocations?: Revocations;
  /** When each member last signed out everywhere (default: the process's, beside the revocations). */
  signOuts?: SignOuts;
  now?: () => Date;
}

/** The Wix provider: the identity calls, the member's own account, and the Wix-managed login page. */
export interface WixMembers extends IdentityProvider, MemberAccount {
  /**
   * A redirect session to Wix's login page, as `generateOAuthData` + `getAuthUrl` make it (PKCE S256, a state,
   * responseMode query; prompt `none` for the silent flow): the URL to send the browser to, and the verifier, state
   * and `next` sealed for a short-lived cookie (`maxAge` seconds) that the callback gives back.
   */
  startWixLogin(options: { next: string; silent: boolean }): Promise<{ url: string; sealed: string; maxAge: number }>;
  /** Wix's redirect back (`code`, `state` or `error`) checked against the sealed cookie, the code exchanged. */
  finishWixLogin(
    answer: { code?: string | null; state?: string | null; error?: string | null },
    sealed: string | undefined,
  ): Promise<WixLoginResult>;
}

export type WixLoginResult =
  | { ok: true; sessionToken: string; next: string }
  | { ok: false; reason: 'loginRequired' | 'denied' | 'invalidState' | 'failed'; next?: string };

/** The login page's sealed state, on the member routes only (MEMBER_ROUTES_PATH), for the page's time. */
export const WIX_LOGIN_COOKIE = 'member_wix_login';

/** The SDK's silent-login time-out (its iframe gives up after 120 s): a silent flow's state lives no longer. */
export const SILENT_LOGIN_TIMEOUT_SECONDS = 120;
/** How long the Wix login page may take before its state is refused (long enough to type a password, or register). */
export const WIX_LOGIN_TTL_SECONDS = 10 * 60;

/**
 * "Sign out everywhere" for stateless sessions: the second each member last did it; any session of theirs signed at
 * or before it is anonymous. Per process, as the revocations (tokens.ts): with several instances it moves to the same
 * shared store (issue 16).
 */
export interface SignOuts {
  signOut(memberId: string, at: number, until: number): void | Promise<void>;
  lastSignOut(memberId: string): number | undefined | Promise<number | undefined>;
}

const MAX_SIGN_OUTS = 100_000;

export function memorySignOuts(): SignOuts {
  const map = new Map<string, { at: number; until: number }>();
  return {
    signOut(memberId, at, until) {
      for (const [id, entry] of map) if (entry.until <= at) map.delete(id);
      map.delete(memberId);
      map.set(memberId, { at, until });
      while (map.size > MAX_SIGN_OUTS) map.delete(map.keys().next().value!);
    },
    lastSignOut: (memberId) => map.get(memberId)?.at,
  };
}

export const siteSignOuts = () => processSingleton('member-wix-sign-outs', memorySignOuts);

type Json = Record<string, unknown>;

const WIX = 'https://www.wixapis.com';
const PATHS = {
  register: '/_api/iam/authentication/v2/register',
  login: '/_api/iam/authentication/v2/login',
  verify: '/_api/iam/verification/v1/auth/verify',
  sendEmail: '/_api/iam/recovery/v1/send-email',
  recover: '/_api/iam/recovery/v1/recover',
  redirectSession: '/_api/redirects-api/v1/redirect-session',
  token: '/oauth2/token',
  me: '/members/v1/members/my',
  member: '/members/v1/members/',
} as const;

// The application error codes `OAuthStrategy` tests (its constants.js), with the names the REST reference lists.
const CODES = {
  missingCaptcha: ['-19971', 'MISSING_CAPTCHA_TOKEN', 'CAPTCHA_TOKEN_REQUIRED', 'RECAPTCHA_REQUIRED'],
  invalidCaptcha: ['-19970', 'INVALID_CAPTCHA_TOKEN', 'RECAPTCHA_FAILED'],
  emailExists: ['-19995', 'DUPLICATE_EMAIL'],
  invalidPassword: ['-19976'],
  resetPassword: ['-19973'],
  // Not in the SDK's constants (it answers them `invalidEmail`): the Wix site viewer's own login codes
  // (thunderbolt's feature-site-members ERROR_CODES): ACCESS_DENIED, "blocked by site owner", and pending approval.
  blocked: ['-19956', '-19980'],
  pending: ['-19958'],
};

const MESSAGES: Record<LoginErrorCode, string> = {
  invalidEmail: 'The e-mail address or the password is not right.',
  invalidPassword: 'The e-mail address or the password is not right.',
  resetPassword: 'Please reset your password before signing in.',
  missingCaptchaToken: 'Please solve the captcha.',
  invalidCaptchaToken: 'The captcha was not solved. Please try again.',
  emailAlreadyExists: 'An account with this e-mail address exists already.',
};

const failure = (errorCode?: LoginErrorCode, error?: string): LoginResult => ({
  loginState: LoginState.FAILURE,
  error: error ?? (errorCode ? MESSAGES[errorCode] : 'Wix did not accept this request.'),
  ...(errorCode ? { errorCode } : {}),
});

/** A captcha token as passed: `user:<token>` from the visible captcha; `silent:<token>` or bare: invisible. */
function captchaOf(token: string | undefined): { kind: 'user' | 'silent'; token: string } | null {
  if (typeof token !== 'string' || token === '') return null;
  if (token.startsWith('user:')) return { kind: 'user', token: token.slice(5) };
  return { kind: 'silent', token: token.startsWith('silent:') ? token.slice(7) : token };
}

const captchaTokens = (captcha: ReturnType<typeof captchaOf>) =>
  captcha
    ? {
        captchaTokens: [captcha.kind === 'user' ? { Recaptcha: captcha.token } : { InvisibleRecaptcha: captcha.token }],
      }
    : {};

/** Wix's error envelope: `{ message, details: { applicationError, validationError: { fieldViolations } } }`. */
function envelope(body: unknown) {
  const details = isRecord(body) && isRecord(body.details) ? body.details : {};
  const app = isRecord(details.applicationError) ? details.applicationError : {};
  const validation = isRecord(details.validationError) ? details.validationError : {};
  const violations = Array.isArray(validation.fieldViolations) ? validation.fieldViolations.filter(isRecord) : [];
  return {
    code: typeof app.code === 'string' || typeof app.code === 'number' ? String(app.code) : undefined,
    emailViolation: violations.some((v) => isRecord(v.data) && v.data.type === 'EMAIL'),
    passwordViolation: violations.some((v) => typeof v.field === 'string' && /password/i.test(v.field)),
  };
}

// ---- sealed sessions ----

const SessionPayload = z.object({
  v: z.literal(1),
  sub: z.string().max(100),
  jti: z.string().regex(/^[\w-]{16,64}$/),
  rt: z.string().min(1).max(4000),
  iat: z.number().int(),
  exp: z.number().int(),
});
type WixSession = z.infer<typeof SessionPayload>;

const MAX_SESSION_LENGTH = 6000;

/** AES-256-GCM under a key per kind (`w1` a session, `l1` a login page's state): JSON in, opaque text out. */
function seal(secret: string, kind: 'w1' | 'l1', value: unknown): string {
  const key = createHmac('sha256', secret)
    .update(kind === 'w1' ? 'member-wix-session' : 'member-wix-login')
    .digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(kind));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [kind, iv, data, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

function unseal(secret: string, kind: 'w1' | 'l1', token: unknown): unknown {
  if (typeof token !== 'string' || token.length > MAX_SESSION_LENGTH) return null;
  const match = /^(w1|l1)\.([\w-]{16})\.([\w-]+)\.([\w-]{22})$/.exec(token);
  if (!match || match[1] !== kind) return null;
  try {
    const key = createHmac('sha256', secret)
      .update(kind === 'w1' ? 'member-wix-session' : 'member-wix-login')
      .digest();
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(match[2]!, 'base64url'));
    decipher.setAAD(Buffer.from(kind));
    decipher.setAuthTag(Buffer.from(match[4]!, 'base64url'));
    return JSON.parse(
      Buffer.concat([decipher.update(Buffer.from(match[3]!, 'base64url')), decipher.final()]).toString(),
    );
  } catch {
    return null;
  }
}

export const sealSession = (secret: string, session: WixSession): string => seal(secret, 'w1', session);

export function openSession(secret: string, token: unknown, now: number): WixSession | null {
  const parsed = SessionPayload.safeParse(unseal(secret, 'w1', token));
  if (!parsed.success) return null;
  const { iat, exp } = parsed.data;
  if (exp <= now || iat > now + 60 || exp - iat > MEMBER_SESSION_TTL_SECONDS) return null;
  return parsed.data;
}

/** The Wix login page's state, between the redirect to Wix and the callback: never readable in the browser. */
const LoginPayload = z.object({
  v: z.literal(1),
  st: z.string().regex(/^[\w-]{16,128}$/),
  cv: z.string().regex(/^[\w-]{43,128}$/),
  n: z.string().max(1000),
  p: z.enum(['login', 'none']),
  exp: z.number().int(),
});

// ---- the provider ----

const MAX_CACHED = 10_000;
const MARGIN_SECONDS = 60;
const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const STATUS: Record<string, MemberStatus> = {
  APPROVED: 'ACTIVE',
  ACTIVE: 'ACTIVE',
  PENDING: 'PENDING',
  BLOCKED: 'BLOCKED',
};

export function createWixMembers(settings: WixMembersSettings): WixMembers {
  const { clientId, secret } = settings;
  if (!clientId) throw new Error('The Wix members provider needs WIX_CLIENT_ID (an OAuth app of the site)');
  const siteUrl = settings.siteUrl.replace(/\/+$/, '');
  // One redirect URI for both uses, the one the OAuth app allows: the direct login reads its code from Wix's
  // redirect server-side (the browser never goes there), and the login page's browser lands on the callback route.
  const redirectUri = settings.redirectUri ?? `${siteUrl}/api/members/callback`;
  const revocations = settings.revocations ?? siteRevocations();
  const signOuts = settings.signOuts ?? siteSignOuts();
  const clock = settings.now ?? (() => new Date());
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);

  // Reads (and the token refresh, which may be sent twice) are retried after a 5xx; the rest only after a 429.
  const reads = transportFor(settings);
  const writes = transportFor(settings, false);
  const visitor = createClient({ auth: visitorAuth(clientId, reads), fetch: writes });
  const access = new Map<string, { value: string; expiresAt: number }>();
  const secrets: string[] = [];

  /** Any failure to reach Wix as a catalogue error, without a token, password or key in it. */
  const upstream = (error: unknown, what: string) => {
    if (isCatalogueError(error)) return error;
    const converted = toCatalogueError(error, what, secrets);
    return Object.assign(converted, { message: redact(converted.message, secrets) });
  };

  /** A visitor-authorised POST: 2xx → its body; 4xx → `{ refused }` with the envelope; 5xx and the rest throw. */
  async function post(
    path: string,
    body: Json,
    what: string,
  ): Promise<{ ok: true; body: Json } | { ok: false; status: number; body: Json }> {
    let response: Response;
    try {
      response = await visitor.fetchWithAuth(`${WIX}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw upstream(error, what);
    }
    const parsed = await readWixJson(response);
    if (response.ok) {
      if (!parsed) throw errors.upstreamUnparseable(`Wix answered ${what} with a body that could not be parsed`);
      return { ok: true, body: parsed };
    }
    // A 403 with an application error is Wix refusing this member (a blocked one), not our credentials.
    const refusal =
      (response.status >= 400 && response.status < 500 && ![401, 403, 429].includes(response.status)) ||
      (response.status === 403 && envelope(parsed).code !== undefined);
    if (refusal) return { ok: false, status: response.status, body: parsed ?? {} };
    throw upstream({ status: response.status, response: { status: response.status, data: parsed ?? {} } }, what);
  }

  /** POST /oauth2/token; null when Wix refuses the grant (a bad or expired code or refresh token). */
  async function token(payload: Json, what: string) {
    let response: Response;
    try {
      response = await reads(`${WIX}${PATHS.token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ clientId, ...payload }),
      });
    } catch (error) {
      throw upstream(error, what);
    }
    const body = await readWixJson(response);
    if (response.status >= 400 && response.status < 500) return null;
    if (!response.ok) throw errors.upstreamFailed(`Wix failed ${what} (HTTP ${response.status})`);
    const expiresIn = Number(body?.expires_in);
    if (typeof body?.access_token !== 'string' || !body.access_token || !Number.isFinite(expiresIn)) {
      throw errors.upstreamUnparseable(`Wix answered ${what} without an access token`);
    }
    return {
      accessToken: body.access_token,
      expiresAt: nowSeconds() + expiresIn,
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : '',
    };
  }

  function remember(jti: string, value: string, expiresAt: number) {
    access.delete(jti);
    access.set(jti, { value, expiresAt });
    while (access.size > MAX_CACHED) access.delete(access.keys().next().value!);
  }

  /** `createRedirectSession` as `getAuthorizationUrlWithOptions` sends it: the authorize URL of a PKCE request. */
  async function authorizeUrl(
    request: { challenge: string; state: string; sessionToken?: string },
    prompt: 'login' | 'none',
    what: string,
  ): Promise<string> {
    const session = await post(
      PATHS.redirectSession,
      {
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
      },
      what,
    );
    const redirect = session.ok && isRecord(session.body.redirectSession) ? session.body.redirectSession : {};
    const url = typeof redirect.fullUrl === 'string' && /^https?:\/\//.test(redirect.fullUrl) ? redirect.fullUrl : '';
    if (!url || !URL.canParse(url)) throw errors.upstreamUnparseable(`Wix answered ${what} without an authorize URL`);
    return url;
  }

  /** `getMemberTokens`: the code and the verifier → member tokens → our sealed session; null when Wix refuses. */
  async function sessionFromCode(code: string, verifier: string): Promise<string | null> {
    const tokens = await token(
      { grantType: 'authorization_code', redirectUri, code, codeVerifier: verifier },
      'the member token request',
    );
    if (!tokens?.refreshToken) return null;
    const now = nowSeconds();
    const jti = randomBytes(16).toString('base64url');
    remember(jti, tokens.accessToken, tokens.expiresAt);
    const sub = createHash('sha256').update(tokens.refreshToken).digest('base64url').slice(0, 22);
    return sealSession(secret, {
      v: 1,
      sub,
      jti,
      rt: tokens.refreshToken,
      iat: now,
      exp: now + MEMBER_SESSION_TTL_SECONDS,
    });
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

  /** `handleState`: Wix's `state` → ours; SUCCESS through the direct login. */
  async function handleState(body: Json): Promise<LoginResult> {
    switch (body.state) {
      case 'SUCCESS':
        if (typeof body.sessionToken !== 'string' || !body.sessionToken) {
          throw errors.upstreamUnparseable('Wix answered SUCCESS without a session token');
        }
        return directLogin(body.sessionToken);
      case 'REQUIRE_OWNER_APPROVAL':
        return { loginState: LoginState.OWNER_APPROVAL_REQUIRED };
      case 'REQUIRE_EMAIL_VERIFICATION':
        if (typeof body.stateToken !== 'string' || !body.stateToken) {
          throw errors.upstreamUnparseable('Wix asked for e-mail verification without a state token');
        }
        return { loginState: LoginState.EMAIL_VERIFICATION_REQUIRED, data: { stateToken: body.stateToken } };
      default:
        return failure(undefined, 'Unknown _state');
    }
  }

  /** A captcha refusal: the invisible captcha first, the visible one after it failed, then FAILURE. */
  function captchaState(
    code: string | undefined,
    given: ReturnType<typeof captchaOf>,
    client: string,
  ): LoginResult | null {
    const missing = code !== undefined && CODES.missingCaptcha.includes(code);
    const invalid = code !== undefined && CODES.invalidCaptcha.includes(code);
    if (!missing && !invalid) return null;
    if (!given) {
      const stateToken = signCaptchaState(secret, client, 'silent', nowSeconds());
      return { loginState: LoginState.SILENT_CAPTCHA_REQUIRED, data: { stateToken } };
    }
    if (given.kind === 'silent') {
      const stateToken = signCaptchaState(secret, client, 'user', nowSeconds());
      return { loginState: LoginState.USER_CAPTCHA_REQUIRED, data: { stateToken } };
    }
    return failure(missing ? 'missingCaptchaToken' : 'invalidCaptchaToken');
  }

  const remembered = (...values: (string | undefined)[]) => {
    for (const v of values) if (typeof v === 'string' && v.length >= 4) secrets.push(v);
    return () => {
      for (const v of values) {
        const i = typeof v === 'string' ? secrets.indexOf(v) : -1;
        if (i >= 0) secrets.splice(i, 1);
      }
    };
  };

  /** A session that is sealed by us, unexpired and not logged out; null otherwise (no call to Wix). */
  const liveSession = async (sessionToken: string) => {
    const session = openSession(secret, sessionToken, nowSeconds());
    return session && !(await revocations.isRevoked(session.jti)) ? session : null;
  };

  /**
   * A call as the member: their access token (renewed from the refresh token when it expires, or once when Wix
   * refuses it). null when the refresh token is refused (revoked at Wix, or the member may no longer sign in).
   */
  async function asMember(
    session: WixSession,
    url: string,
    init: RequestInit,
    transport: typeof fetch,
    what: string,
  ): Promise<{ response: Response; body: Json | null } | null> {
    const forget = remembered(session.rt);
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        let held = access.get(session.jti);
        if (!held || held.expiresAt - MARGIN_SECONDS <= nowSeconds()) {
          const renewed = await token({ grantType: 'refresh_token', refreshToken: session.rt }, 'the token refresh');
          if (!renewed) return null;
          held = { value: renewed.accessToken, expiresAt: renewed.expiresAt };
          remember(session.jti, held.value, held.expiresAt);
        }
        const forgetAccess = remembered(held.value);
        let response: Response;
        try {
          response = await transport(url, { ...init, headers: { ...init.headers, Authorization: held.value } });
        } catch (error) {
          throw upstream(error, what);
        } finally {
          forgetAccess();
        }
        const body = await readWixJson(response);
        if (response.status === 401 || response.status === 403) {
          // A revoked or expired access token: renew it once from the refresh token.
          access.delete(session.jti);
          continue;
        }
        return { response, body };
      }
      return null;
    } finally {
      forget();
    }
  }

  /** The member a live session names, as Wix has them (REST fields), or null: anonymous, or signed out everywhere. */
  async function currentMember(session: WixSession): Promise<Json | null> {
    const answer = await asMember(
      session,
      `${WIX}${PATHS.me}?fieldsets=FULL`,
      { method: 'GET' },
      reads,
      'the current member',
    );
    if (!answer || answer.response.status === 404) return null;
    if (!answer.response.ok) {
      throw errors.upstreamFailed(`Wix failed the current member (HTTP ${answer.response.status})`);
    }
    const member = answer.body && isRecord(answer.body.member) ? answer.body.member : null;
    if (!member) throw errors.upstreamUnparseable('Wix answered the current member without a member');
    const id = idOf(member);
    const cutOff = id ? await signOuts.lastSignOut(id) : undefined;
    if (cutOff !== undefined && session.iat <= cutOff) {
      access.delete(session.jti);
      return null;
    }
    return member;
  }

  /** A profile change in the Members API's shape; null when a value is not acceptable. */
  function profilePatch(change: ProfileChange, member: Member): Json | null {
    const profile: Json = {};
    if (change.displayName !== undefined) {
      const name =
        typeof change.displayName === 'string'
          ? change.displayName
              .replace(/[\u0000-\u001f\u007f]/g, '')
              .trim()
              .slice(0, 80)
          : '';
      if (!name) return null;
      if (name !== member.displayName) profile.nickname = name;
    }
    if (change.avatar === null) {
      // Wix keeps a field the update leaves out: an empty picture removes it.
      if (member.avatar) profile.photo = { url: '' };
    } else if (change.avatar !== undefined) {
      const url = photoUrl(change.avatar, siteUrl);
      if (!url) return null;
      if (change.avatar !== member.avatar) profile.photo = { url };
    }
    return profile;
  }

  return {
    async register(
      { email, password, profile }: RegisterParams,
      context: CallContext & { captchaToken?: string } = {},
    ) {
      const forget = remembered(password);
      try {
        const given = captchaOf(context.captchaToken);
        const answer = await post(
          PATHS.register,
          {
            loginId: { email },
            password,
            ...(profile?.nickname ? { profile: { nickname: profile.nickname } } : {}),
            ...captchaTokens(given),
          },
          'the registration',
        );
        if (answer.ok) return handleState(answer.body);
        const { code, emailViolation } = envelope(answer.body);
        if (emailViolation) return failure('invalidEmail', 'Please give a valid e-mail address.');
        const captcha = captchaState(code, given, context.client ?? 'unidentified');
        if (captcha) return captcha;
        if (code && CODES.emailExists.includes(code)) return failure('emailAlreadyExists');
        return failure();
      } finally {
        forget();
      }
    },

    async login({ email, password, captchaToken }: LoginParams, context: CallContext = {}) {
      const forget = remembered(password, captchaToken);
      try {
        const given = captchaOf(captchaToken);
        const answer = await post(PATHS.login, { loginId: { email }, password, ...captchaTokens(given) }, 'the login');
        if (answer.ok) return handleState(answer.body);
        const { code } = envelope(answer.body);
        const captcha = captchaState(code, given, context.client ?? 'unidentified');
        if (captcha) return captcha;
        // As OAuthStrategy.login: the wrong password and reset codes by name, every other refusal (an unknown
        // address) `invalidEmail`; but a blocked member gets FAILURE without a code (the page's "cannot sign in", as
        // the local provider's), and a member waiting for approval the state that says so.
        if (code && CODES.invalidPassword.includes(code)) return failure('invalidPassword');
        if (code && CODES.resetPassword.includes(code)) return failure('resetPassword');
        if (code && CODES.blocked.includes(code)) {
          return failure(undefined, 'This account cannot sign in. Please contact the site owner.');
        }
        if (code && CODES.pending.includes(code)) return { loginState: LoginState.OWNER_APPROVAL_REQUIRED };
        return failure('invalidEmail');
      } finally {
        forget();
      }
    },

    async processVerification({ verificationCode }: { verificationCode: string }, stateToken: string) {
      if (typeof stateToken !== 'string' || !stateToken) return failure(undefined, 'Unknown _state');
      const forget = remembered(stateToken);
      try {
        const code = typeof verificationCode === 'string' ? verificationCode.trim() : '';
        const answer = await post(PATHS.verify, { code, stateToken }, 'the verification');
        if (answer.ok) return handleState(answer.body);
        return failure(undefined, 'The code is not right, or no longer works. Please check it or sign in again.');
      } finally {
        forget();
      }
    },

    async sendPasswordResetEmail(email: string, redirectUri: string) {
      const link = resetLinkBase(redirectUri, siteUrl);
      // An unknown address is refused by Wix with a 4xx: the same (empty) answer as for a member's.
      await post(PATHS.sendEmail, { email, redirect: { url: link.href, clientId } }, 'the password reset mail');
    },

    async resetPassword(resetToken: string, newPassword: string): Promise<ResetResult> {
      if (typeof resetToken !== 'string' || !resetToken) return { ok: false, reason: 'invalidToken' };
      if (!acceptablePassword(newPassword)) return { ok: false, reason: 'invalidPassword' };
      const forget = remembered(resetToken, newPassword);
      try {
        const answer = await post(
          PATHS.recover,
          { recoveryToken: resetToken, password: newPassword },
          'the password reset',
        );
        if (answer.ok) return { ok: true };
        return envelope(answer.body).passwordViolation
          ? { ok: false, reason: 'invalidPassword' }
          : { ok: false, reason: 'invalidToken' };
      } finally {
        forget();
      }
    },

    async memberOf(sessionToken: string) {
      const session = await liveSession(sessionToken);
      if (!session) return null;
      const member = await currentMember(session);
      return member ? toMember(member, siteUrl) : null;
    },

    async logout(sessionToken: string) {
      const session = openSession(secret, sessionToken, nowSeconds());
      if (!session) return;
      access.delete(session.jti);
      await revocations.revoke(session.jti, session.exp, nowSeconds());
    },

    // The member's own account (the /account page), each call naming the member by a session memberOf accepts.

    async updateProfile(sessionToken: string, change: ProfileChange): Promise<ProfileResult> {
      const session = await liveSession(sessionToken);
      const raw = session ? await currentMember(session) : null;
      const member = raw ? toMember(raw, siteUrl) : null;
      if (!session || !member) return { ok: false, reason: 'invalidSession' };
      const profile = profilePatch(change ?? {}, member);
      if (!profile) return { ok: false, reason: 'invalidProfile' };
      if (Object.keys(profile).length === 0) return { ok: true, member };
      const answer = await asMember(
        session,
        `${WIX}${PATHS.member}${encodeURIComponent(member.id)}`,
        {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ member: { id: member.id, profile } }),
        },
        writes,
        'the profile update',
      );
      if (!answer) return { ok: false, reason: 'invalidSession' };
      const { response, body } = answer;
      if (response.status === 400 || response.status === 422) return { ok: false, reason: 'invalidProfile' };
      if (!response.ok) throw errors.upstreamFailed(`Wix failed the profile update (HTTP ${response.status})`);
      const updated = body && isRecord(body.member) ? toMember(body.member, siteUrl) : null;
      if (!updated) throw errors.upstreamUnparseable('Wix answered the profile update without a member');
      return { ok: true, member: updated };
    },

    async changePassword(sessionToken: string): Promise<ChangePasswordResult> {
      // Wix has no member-facing "change the password, given the current one": its ChangePassword
      // (POST /_api/iam/authentication/v2/change-password, `authentication.changePassword(newPassword)`) takes the new
      // password alone, so whoever holds a session cookie could set one, and it leaves every other session valid.
      // The page offers the reset mail instead, which proves the inbox.
      if (!(await liveSession(sessionToken))) return { ok: false, reason: 'invalidSession' };
      return { ok: false, reason: 'notSupported' };
    },

    async signOutEverywhere(sessionToken: string) {
      const session = await liveSession(sessionToken);
      if (!session) return;
      // Our sessions are stateless: every one of this member's signed until now ends through the member's last
      // sign-out (checked by memberOf after Wix names the member). Wix has no call that revokes a member's refresh
      // tokens (the SDK's `logout` only makes a URL that clears Wix's own cookies in the browser), so a session's
      // refresh token stays valid at Wix until it expires, but none of ours will use it again.
      const member = await currentMember(session).catch(() => null);
      const now = nowSeconds();
      const id = member ? idOf(member) : '';
      if (id) await signOuts.signOut(id, now, now + MEMBER_SESSION_TTL_SECONDS);
      access.delete(session.jti);
      await revocations.revoke(session.jti, session.exp, now);
    },

    // The Wix-managed login page.

    async startWixLogin({ next, silent }) {
      const { verifier, challenge } = pkce();
      const state = randomBytes(24).toString('base64url');
      const prompt = silent ? 'none' : 'login';
      const url = await authorizeUrl({ challenge, state }, prompt, 'the login page');
      const maxAge = silent ? SILENT_LOGIN_TIMEOUT_SECONDS : WIX_LOGIN_TTL_SECONDS;
      const login: z.infer<typeof LoginPayload> = {
        v: 1,
        st: state,
        cv: verifier,
        n: next.slice(0, 1000),
        p: prompt,
        exp: nowSeconds() + maxAge,
      };
      return { url, sealed: seal(secret, 'l1', login), maxAge };
    },

    async finishWixLogin(answer, sealed) {
      const parsed = LoginPayload.safeParse(unseal(secret, 'l1', sealed));
      // No cookie, another's, a tampered one, or one past its time (120 s for the silent flow): as a wrong state.
      if (!parsed.success || parsed.data.exp <= nowSeconds()) return { ok: false, reason: 'invalidState' };
      const login = parsed.data;
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
    },
  };
}

const idOf = (member: Json) =>
  typeof member.id === 'string' ? member.id : typeof member._id === 'string' ? member._id : '';

// A Wix media file (`<id>~mv2.jpg`): one name of word characters, `~`, dots and dashes; no query, no subfolder.
const WIX_MEDIA = /^https:\/\/static\.wixstatic\.com\/media\/[\w~-]+(?:\.[\w~-]+)*$/;

/** The picture a member chose, as Wix keeps it: a Wix media URL as it is, this site's media path made absolute. */
function photoUrl(avatar: unknown, siteUrl: string): string | null {
  if (typeof avatar !== 'string' || avatar.length > 300) return null;
  if (WIX_MEDIA.test(avatar)) return avatar;
  return isAvatarPath(avatar) ? `${siteUrl}${avatar}` : null;
}

/** Wix's picture URL as the site shows it (photoUrl's inverse); absent when it is neither kind. */
function avatarOf(url: unknown, siteUrl: string): string | undefined {
  if (typeof url !== 'string' || url === '') return undefined;
  if (WIX_MEDIA.test(url)) return url;
  const local = url.startsWith(`${siteUrl}/`) ? url.slice(siteUrl.length) : '';
  return isAvatarPath(local) ? local : undefined;
}

/** A Members v1 member (REST field names) as the site shows it; null unless it may sign in. */
function toMember(member: Json, siteUrl: string): Member | null {
  const status = STATUS[String(member.status)] ?? 'PENDING';
  if (status !== 'ACTIVE') return null;
  const email = typeof member.loginEmail === 'string' ? member.loginEmail : '';
  const profile = isRecord(member.profile) ? member.profile : {};
  const nickname = typeof profile.nickname === 'string' ? profile.nickname.trim() : '';
  const created = member.createdDate ?? member._createdDate;
  const avatar = avatarOf(isRecord(profile.photo) ? profile.photo.url : undefined, siteUrl);
  return {
    id: idOf(member),
    email,
    displayName: (nickname || email.split('@')[0] || '').slice(0, 80),
    status,
    emailVerified: member.loginEmailVerified === true,
    createdDate: typeof created === 'string' ? created : '',
    ...(avatar ? { avatar } : {}),
  };
}
