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
};
