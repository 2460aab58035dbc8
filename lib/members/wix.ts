import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { createClient } from '@wix/sdk';
import { z } from 'zod';
import { errors, isCatalogueError } from '@/lib/errors';
import { isRecord } from '@/lib/json';
import { visitorAuth } from '@/lib/wix/auth';
import { discard, type TransportSettings, transportFor } from '@/lib/wix/transport';
import { readWixJson, redact, toCatalogueError } from '@/lib/wix/upstream';
import { acceptablePassword } from './password';
import { MEMBER_SESSION_TTL_SECONDS, type Revocations, signCaptchaState, siteRevocations } from './tokens';
import {
  type CallContext,
  type IdentityProvider,
  type LoginErrorCode,
  type LoginParams,
  type LoginResult,
  LoginState,
  type Member,
  type MemberStatus,
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
//
// A SUCCESS's `sessionToken` is ours, not Wix's (Wix's is single-use and lives seconds): the member's refresh token
// sealed with AES-256-GCM under the members key, with a session id and an expiry, so it holds across instances and
// restarts and shows nothing to whoever reads the cookie. Access tokens are kept per session in memory and renewed
// from the refresh token when they expire. Nothing here logs or throws a password, token or key.

/** The OAuth app's client id, the members key, the site's origin, and the transport's settings. */
export interface WixMembersSettings extends TransportSettings {
  clientId: string;
  /** Seals sessions and signs captcha state tokens (the members key, as the local provider's). */
  secret: string;
  /** The public origin: reset links may only point at it; the direct login's redirect URI is on it. */
  siteUrl: string;
  /** The direct login's redirect URI, allowed in the OAuth app (default `${siteUrl}/api/members/callback`). */
  redirectUri?: string;
  revocations?: Revocations;
  now?: () => Date;
}

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
} as const;

// The application error codes `OAuthStrategy` tests (its constants.js), with the names the REST reference lists.
const CODES = {
  missingCaptcha: ['-19971', 'MISSING_CAPTCHA_TOKEN', 'CAPTCHA_TOKEN_REQUIRED', 'RECAPTCHA_REQUIRED'],
  invalidCaptcha: ['-19970', 'INVALID_CAPTCHA_TOKEN', 'RECAPTCHA_FAILED'],
  emailExists: ['-19995', 'DUPLICATE_EMAIL'],
  invalidPassword: ['-19976'],
  resetPassword: ['-19973'],
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
const sealKey = (secret: string) => createHmac('sha256', secret).update('member-wix-session').digest();

export function sealSession(secret: string, session: WixSession): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  cipher.setAAD(Buffer.from('w1'));
  const data = Buffer.concat([cipher.update(JSON.stringify(session), 'utf8'), cipher.final()]);
  return ['w1', iv, data, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function openSession(secret: string, token: unknown, now: number): WixSession | null {
  if (typeof token !== 'string' || token.length > MAX_SESSION_LENGTH) return null;
  const match = /^w1\.([\w-]{16})\.([\w-]+)\.([\w-]{22})$/.exec(token);
  if (!match) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), Buffer.from(match[1]!, 'base64url'));
    decipher.setAAD(Buffer.from('w1'));
    decipher.setAuthTag(Buffer.from(match[3]!, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(match[2]!, 'base64url')), decipher.final()]).toString();
    const parsed = SessionPayload.safeParse(JSON.parse(text));
    if (!parsed.success) return null;
    const { iat, exp } = parsed.data;
    if (exp <= now || iat > now + 60 || exp - iat > MEMBER_SESSION_TTL_SECONDS) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

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

export function createWixMembers(settings: WixMembersSettings): IdentityProvider {
  const { clientId, secret, siteUrl } = settings;
  if (!clientId) throw new Error('The Wix members provider needs WIX_CLIENT_ID (an OAuth app of the site)');
  const redirectUri = settings.redirectUri ?? `${siteUrl.replace(/\/+$/, '')}/api/members/callback`;
  const revocations = settings.revocations ?? siteRevocations();
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
    if (response.status >= 400 && response.status < 500 && ![401, 403, 429].includes(response.status)) {
      return { ok: false, status: response.status, body: parsed ?? {} };
    }
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

  /** getMemberTokensForDirectLogin, server-side: Wix's single-use session token → member tokens → our session. */
  async function directLogin(wixSessionToken: string): Promise<LoginResult> {
    const { verifier, challenge } = pkce();
    const state = randomBytes(16).toString('base64url');
    const session = await post(
      PATHS.redirectSession,
      {
        auth: {
          authRequest: {
            clientId,
            redirectUri,
            codeChallenge: challenge,
            codeChallengeMethod: 'S256',
            responseMode: 'query',
            responseType: 'code',
            scope: 'offline_access',
            state,
            sessionToken: wixSessionToken,
          },
          prompt: 'none',
        },
      },
      'the direct login',
    );
    const redirect = session.ok && isRecord(session.body.redirectSession) ? session.body.redirectSession : {};
    if (typeof redirect.fullUrl !== 'string') {
      throw errors.upstreamUnparseable('Wix answered the direct login without an authorize URL');
    }
    let location: string | null;
    try {
      const response = await reads(redirect.fullUrl, { method: 'GET', redirect: 'manual' });
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
    const tokens = await token(
      { grantType: 'authorization_code', redirectUri, code, codeVerifier: verifier },
      'the member token request',
    );
    if (!tokens?.refreshToken) return failure(undefined, 'Wix did not complete the sign-in. Please try again.');
    const now = nowSeconds();
    const jti = randomBytes(16).toString('base64url');
    remember(jti, tokens.accessToken, tokens.expiresAt);
    const sub = createHash('sha256').update(tokens.refreshToken).digest('base64url').slice(0, 22);
    const sessionToken = sealSession(secret, {
      v: 1,
      sub,
      jti,
      rt: tokens.refreshToken,
      iat: now,
      exp: now + MEMBER_SESSION_TTL_SECONDS,
    });
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
        // As OAuthStrategy.login: the wrong password and reset codes by name; every other refusal (unknown address,
        // blocked member) is `invalidEmail`.
        if (code && CODES.invalidPassword.includes(code)) return failure('invalidPassword');
        if (code && CODES.resetPassword.includes(code)) return failure('resetPassword');
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
      const session = openSession(secret, sessionToken, nowSeconds());
      if (!session || (await revocations.isRevoked(session.jti))) return null;
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
            response = await reads(`${WIX}${PATHS.me}?fieldsets=FULL`, { headers: { Authorization: held.value } });
          } catch (error) {
            throw upstream(error, 'the current member');
          } finally {
            forgetAccess();
          }
          const body = await readWixJson(response);
          if (response.status === 401 || response.status === 403) {
            // A revoked or expired access token: renew it once from the refresh token.
            access.delete(session.jti);
            continue;
          }
          if (response.status === 404) return null;
          if (!response.ok) throw errors.upstreamFailed(`Wix failed the current member (HTTP ${response.status})`);
          const member = body && isRecord(body.member) ? body.member : null;
          if (!member) throw errors.upstreamUnparseable('Wix answered the current member without a member');
          return toMember(member);
        }
        return null;
      } finally {
        forget();
      }
    },

    async logout(sessionToken: string) {
      const session = openSession(secret, sessionToken, nowSeconds());
      if (!session) return;
      access.delete(session.jti);
      await revocations.revoke(session.jti, session.exp, nowSeconds());
    },
  };
}

/** A Members v1 member (REST field names) as the site shows it; null unless it may sign in. */
function toMember(member: Json): Member | null {
  const status = STATUS[String(member.status)] ?? 'PENDING';
  if (status !== 'ACTIVE') return null;
  const id = typeof member.id === 'string' ? member.id : typeof member._id === 'string' ? member._id : '';
  const email = typeof member.loginEmail === 'string' ? member.loginEmail : '';
  const profile = isRecord(member.profile) ? member.profile : {};
  const nickname = typeof profile.nickname === 'string' ? profile.nickname.trim() : '';
  const created = member.createdDate ?? member._createdDate;
  return {
    id,
    email,
    displayName: (nickname || email.split('@')[0] || '').slice(0, 80),
    status,
    emailVerified: member.loginEmailVerified === true,
    createdDate: typeof created === 'string' ? created : '',
  };
}
