import { isRecord } from '@/lib/core/json';
import { type LoginErrorCode, type LoginResult, LoginState } from '../types';

// The IAM and Members REST paths the Wix provider calls (index.ts lists the requests), and what OAuthStrategy makes of
// Wix's answers: its application error codes, the captcha tokens, the error envelope, the failure messages.

export type Json = Record<string, unknown>;

export const PATHS = {
  register: '/_api/iam/authentication/v2/register',
  login: '/_api/iam/authentication/v2/login',
  verify: '/_api/iam/verification/v1/auth/verify',
  sendEmail: '/_api/iam/recovery/v1/send-email',
  recover: '/_api/iam/recovery/v1/recover',
  redirectSession: '/_api/redirects-api/v1/redirect-session',
  me: '/members/v1/members/my',
  member: '/members/v1/members/',
} as const;

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

export const captchaTokens = (captcha: ReturnType<typeof captchaOf>) =>
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
