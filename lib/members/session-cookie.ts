import { localPath } from '@/lib/core/site';
import { MEMBER_PAGES, type MemberPage } from './pages';
import { MEMBER_SESSION_TTL_SECONDS, VERIFICATION_TTL_SECONDS } from './tokens';

// The members' pages and their cookies: names, lifetimes, the notices a form post can come back with (an enum, so no
// text from a request is ever reflected), where a sign-in may send the member, and who a session cookie names.

/** The member's session (HttpOnly, SameSite=Lax, Secure on https, Path=/): the provider's session token. */
export const MEMBER_SESSION_COOKIE = 'member_session';
export { MEMBER_SESSION_TTL_SECONDS };

/** EMAIL_VERIFICATION_REQUIRED's state token, between the form that asked and the code's form: never in a URL. */
export const MEMBER_STATE_COOKIE = 'member_state';
export const MEMBER_STATE_TTL_SECONDS = VERIFICATION_TTL_SECONDS;

/** A reset token kept for a second try after a refused new password, so the token never goes back into a URL. */
export const MEMBER_RESET_COOKIE = 'member_reset';
export const MEMBER_RESET_TTL_SECONDS = 10 * 60;

/** Only the member routes read the state and reset cookies: the browser sends them nowhere else. */
export const MEMBER_ROUTES_PATH = '/api/members';

export { MEMBER_PAGES, type MemberPage };

/** What a members' page tells the visitor after a form post (components/members/notices.ts words each). */
export const MEMBER_NOTICES = [
  'cross-site',
  'rate-limited',
  'try-later',
  'invalid-email',
  'invalid-password',
  'email-exists',
  'invalid-login',
  'blocked',
  'captcha',
  'captcha-silent',
  'captcha-user',
  'captcha-failed',
  'code-sent',
  'wrong-code',
  'code-expired',
  'reset-sent',
  'link-expired',
  'password-changed',
  'signed-out',
  'signin-required',
  'profile-saved',
  'invalid-name',
  'invalid-avatar',
  'wrong-password',
  'password-updated',
  'password-unsupported',
  'signed-out-everywhere',
  // The Wix login page's callback (app/api/members/callback).
  'wix-login-failed',
  'wix-login-required',
  'wix-login-cancelled',
  // The reading list (app/api/members/reading-list).
  'signin-to-save',
  'signin-to-comment',
  // A post's rating form (app/api/posts/[postId]/rating).
  'signin-to-rate',
  // A members-only poll's form (app/api/posts/[postId]/polls/[pollId]).
  'signin-to-vote',
  'unknown-post',
  'reading-list-full',
  'reading-list-removed',
  'reading-list-missing',
] as const;

/**
 * What the account page tells the member after its picture, newsletter and plan forms (app/api/members/account/*;
 * components/members/account-notices.ts words each, apart from the other members' pages' words).
 */
export const ACCOUNT_NOTICES = [
  'picture-saved',
  'picture-removed',
  'picture-missing',
  'picture-not-image',
  'picture-too-large',
  'picture-rate-limited',
  'newsletter-asked',
  'newsletter-confirmed-already',
  'newsletter-unsubscribed',
  'newsletter-unverified',
  'newsletter-off',
  'newsletter-rate-limited',
  'plan-cancelled',
  'plan-not-held',
  'plan-confirm',
  'plan-at-wix',
  'invalid-request',
] as const;

export type MemberNotice = (typeof MEMBER_NOTICES)[number] | (typeof ACCOUNT_NOTICES)[number];

const NOTICES: readonly string[] = [...MEMBER_NOTICES, ...ACCOUNT_NOTICES];

export const isMemberNotice = (value: unknown): value is MemberNotice =>
  typeof value === 'string' && NOTICES.includes(value);

/**
 * Where a sign-in sends the member: a path of this site (`localPath`, as the owner's `safeNext` checks it), never an
 * API route, else `/account`.
 */
export function safeMemberNext(next: unknown): string {
  const url = localPath(next);
  if (!url || url.pathname === '/api' || url.pathname.startsWith('/api/')) return MEMBER_PAGES.account;
  // The fragment too: a reader sent to sign in from a post's comments comes back to them.
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The Wix-managed login page (app/api/members/wix-login), when members are at Wix: where a sign-in goes when Wix asks
 * for a captcha (Wix's reCAPTCHA runs on its own page, not on ours), and the sign-in page's other way in.
 */
export function wixLoginPath(next?: string): string {
  const target = safeMemberNext(next);
  return `/api/members/wix-login${target === MEMBER_PAGES.account ? '' : `?next=${encodeURIComponent(target)}`}`;
}

/** A members' page with a notice and, for the sign-in page, where to go after it. */
export function memberPagePath(page: MemberPage, notice?: MemberNotice, next?: string): string {
  const params = new URLSearchParams();
  if (notice) params.set('notice', notice);
  if (next !== undefined) {
    const target = safeMemberNext(next);
    if (target !== MEMBER_PAGES.account) params.set('next', target);
  }
  const query = params.toString();
  return `${page}${query ? `?${query}` : ''}`;
}
