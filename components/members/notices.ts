// What each members' page says after a form post, by the notice name in its URL (lib/members/session-cookie.ts's
// MEMBER_NOTICES, which the pages check a notice against before it gets here).

export interface NoticeText {
  text: string;
  /** An alert (something to fix) or a status (something that happened). */
  alert: boolean;
}

export const MEMBER_NOTICE_TEXT: Record<string, NoticeText> = {
  'cross-site': { text: 'That request came from another site and was refused.', alert: true },
  'rate-limited': { text: 'Too many attempts from this address. Please wait a while and try again.', alert: true },
  'try-later': { text: 'Something went wrong on our side. Please try again in a few minutes.', alert: true },
  'invalid-email': { text: 'Please give a valid e-mail address.', alert: true },
  'invalid-password': { text: 'A password has 8 to 256 characters.', alert: true },
  'email-exists': {
    text: 'An account with this e-mail address exists already. Sign in, or reset its password.',
    alert: true,
  },
  'invalid-login': { text: 'The e-mail address or the password is not right.', alert: true },
  blocked: { text: 'This account cannot sign in. Please contact the site owner.', alert: true },
  captcha: { text: 'Sign-in needs an extra check right now. Please try again later.', alert: true },
  'captcha-silent': {
    text: 'One more step: please enter your password again. A short check runs in your browser as you sign in.',
    alert: true,
  },
  'captcha-user': {
    text: 'Please show you are not a robot: tick the box below, then enter your password again.',
    alert: true,
  },
  'captcha-failed': { text: 'The check did not pass. Please tick the box and try again.', alert: true },
  'code-sent': { text: 'We mailed you a 6-digit code. It works for 15 minutes.', alert: false },
  'wrong-code': {
    text: 'That code is not right, or it no longer works (after 5 tries or 15 minutes). Check it, or sign in again for a new one.',
    alert: true,
  },
  'code-expired': { text: 'Your code has expired. Sign in again and we will mail you a new one.', alert: true },
  'reset-sent': {
    text: 'If an account exists for that address, we have sent it a link to choose a new password.',
    alert: false,
  },
  'link-expired': {
    text: 'This link has expired or has been used already. Ask for a new one below.',
    alert: true,
  },
  'password-changed': { text: 'Your password is changed. Sign in with it.', alert: false },
  'signed-out': { text: 'You are signed out.', alert: false },
  'signin-required': { text: 'Please sign in to change your account.', alert: true },
  'profile-saved': { text: 'Your profile is saved.', alert: false },
  'invalid-name': { text: 'A display name has 1 to 80 characters.', alert: true },
  'invalid-avatar': { text: 'That picture is not one of the pictures offered. Please choose one below.', alert: true },
  'wrong-password': { text: 'Your current password is not right. Nothing was changed.', alert: true },
  'password-updated': {
    text: 'Your password is changed. You are still signed in here; every other device is signed out.',
    alert: false,
  },
  'password-unsupported': {
    text: 'The password cannot be changed here. Sign out, then use “Forgot your password?” on the sign-in page.',
    alert: true,
  },
  'signed-out-everywhere': { text: 'You are signed out on every device.', alert: false },
  'wix-login-failed': {
    text: 'Signing in with Wix did not complete, or took too long. Please try again.',
    alert: true,
  },
  'wix-login-required': { text: 'You are not signed in with Wix yet. Sign in below.', alert: false },
  'wix-login-cancelled': { text: 'Signing in with Wix was cancelled.', alert: false },
  'signin-to-save': { text: 'Sign in to save posts to your reading list.', alert: false },
  'signin-to-comment': { text: 'Sign in to comment. New here? Join: it takes a minute.', alert: false },
  'signin-to-rate': { text: 'Sign in to rate posts. New here? Join: it takes a minute.', alert: false },
  'signin-to-vote': { text: 'This poll takes members’ votes: sign in to vote. New here? Join first.', alert: false },
  'unknown-post': { text: 'That post could not be found. It may have been unpublished.', alert: true },
  'reading-list-full': {
    text: 'Your reading list is full (100 posts). Remove some below to save more.',
    alert: true,
  },
  'reading-list-removed': { text: 'Removed from your reading list.', alert: false },
  'reading-list-missing': { text: 'That post is not on your reading list.', alert: true },
};
