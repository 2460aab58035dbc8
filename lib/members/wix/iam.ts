import { authentication, recovery, verification } from '@wix/identity';
import { redirects } from '@wix/redirects';
import type { AuthenticationStrategy, WixClient } from '@wix/sdk';
import { isRecord } from '@/lib/core/json';
import { statusOf } from '@/lib/wix/upstream';
import { visitorClient } from '@/lib/wix/visitor-client';
import { type LoginErrorCode, type LoginResult, LoginState } from '../types';
import type { MembersContext } from './context';

// The calls the Wix provider makes as the site's visitor, through the official SDK's typed modules (@wix/identity's
// authentication, verification and recovery, @wix/redirects), and what OAuthStrategy makes of Wix's answers: its
// application error codes, the captcha tokens, the error envelope, the failure messages.

// The application error codes `OAuthStrategy` tests (its constants.js), with the names the REST reference lists.
export const CODES = {
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

export const failure = (errorCode?: LoginErrorCode, error?: string): LoginResult => ({
  loginState: LoginState.FAILURE,
  error: error ?? (errorCode ? MESSAGES[errorCode] : 'Wix did not accept this request.'),
  ...(errorCode ? { errorCode } : {}),
});

export type Captcha = ReturnType<typeof captchaOf>;

/** A captcha token as passed: `user:<token>` from the visible captcha; `silent:<token>` or bare: invisible. */
export function captchaOf(token: string | undefined): { kind: 'user' | 'silent'; token: string } | null {
  if (typeof token !== 'string' || token === '') return null;
  if (token.startsWith('user:')) return { kind: 'user', token: token.slice(5) };
  return { kind: 'silent', token: token.startsWith('silent:') ? token.slice(7) : token };
}

/** The `captchaTokens` option of registerV2 and loginV2 (`CaptchaToken`: Recaptcha, or InvisibleRecaptcha). */
export const captchaTokens = (captcha: Captcha): { captchaTokens?: authentication.CaptchaToken[] } =>
  captcha
    ? {
        captchaTokens: [captcha.kind === 'user' ? { Recaptcha: captcha.token } : { InvisibleRecaptcha: captcha.token }],
      }
    : {};

/** Wix's error envelope: `{ message, details: { applicationError, validationError: { fieldViolations } } }`. */
export function envelope(body: unknown) {
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

export type Refusal = ReturnType<typeof envelope>;

/**
 * Wix refusing a call (a 4xx but 401, 403 and 429; a 403 with an application error code: a blocked member, not our
 * credentials), read from the error the SDK throws; null for any other error. The SDK surfaces Wix's error envelope
 * as the error's `details` (@wix/sdk build/rest-modules.js `errorBuilder`, @wix/sdk-runtime transform-error.js):
 * `{ applicationError: { code, description, data } }`, or `{ validationError: { fieldViolations } }` with each field
 * renamed after the function's argument (`password` → `options.password`); the status is the error's `status`. An
 * answer without an application error gets one with the HTTP status as its code: that is no code of Wix's.
 */
export function refusalOf(error: unknown): Refusal | null {
  const status = statusOf(error);
  if (status === undefined || status < 400 || status >= 500) return null;
  const refusal = envelope(error);
  const app = isRecord(error) && isRecord(error.details) ? error.details.applicationError : undefined;
  if (isRecord(app) && app.code === status) refusal.code = undefined;
  if (status === 403) return refusal.code === undefined ? null : refusal;
  return status === 401 || status === 429 ? null : refusal;
}

/** The SDK modules called as the site's visitor. */
const VISITOR_MODULES = { authentication, verification, recovery, redirects };

// A token client's type is `any` (its `M` is lost in createClient's inference, sdk-clients.ts): the SDK's type here.
export type VisitorClient = WixClient<undefined, AuthenticationStrategy<undefined>, typeof VISITOR_MODULES>;

/** What a call as the site's visitor ends in: the SDK function's answer, or Wix's refusal (`refusalOf`). */
export type Answer<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/**
 * Calls as the site's visitor (lib/wix/visitor-client.ts: its access token from the process's token cache, as
 * OAuthStrategy without tokens calls), over the transport that retries only a 429 (register, login, the reset mail and
 * the new password are writes; the verification and the redirect session are sent the same way). Wix's refusal is an
 * answer; anything else that fails, a catalogue error naming `what`.
 */
export function siteVisitor({ tokens, writes, upstream }: Pick<MembersContext, 'tokens' | 'writes' | 'upstream'>) {
  return async function call<T>(what: string, send: (client: VisitorClient) => Promise<T>): Promise<Answer<T>> {
    const client: VisitorClient = await visitorClient(tokens, VISITOR_MODULES, writes, what, upstream);
    try {
      return { ok: true, value: await send(client) };
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return { ok: false, refusal };
      throw upstream(error, what);
    }
  };
}
