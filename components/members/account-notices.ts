import type { NoticeText } from './notices';

// What the account page says after its picture, newsletter and plan forms (lib/members/session-cookie.ts's
// ACCOUNT_NOTICES, which the page checks a notice against before it gets here). The members' pages stay in the site's
// main language, as their other words do (notices.ts).

export const ACCOUNT_NOTICE_TEXT: Record<string, NoticeText> = {
  'picture-saved': { text: 'Your new picture is saved.', alert: false },
  'picture-removed': { text: 'Your picture is removed.', alert: false },
  'picture-missing': { text: 'Please choose an image file to upload.', alert: true },
  'picture-not-image': {
    text: 'That file is not an image this site takes. Please choose a JPEG, PNG, WebP or GIF image. Your picture is unchanged.',
    alert: true,
  },
  'picture-too-large': {
    text: 'That file is larger than 5 MB. Please choose a smaller image. Your picture is unchanged.',
    alert: true,
  },
  'picture-rate-limited': {
    text: 'You have uploaded many pictures in the last hour. Please wait a while and try again.',
    alert: true,
  },
  'newsletter-asked': {
    text: 'Almost done: we are mailing a link to your address. Follow it to confirm your subscription.',
    alert: false,
  },
  'newsletter-confirmed-already': { text: 'Your address is subscribed to the newsletter already.', alert: false },
  'newsletter-unsubscribed': {
    text: 'You are unsubscribed. The newsletter is no longer mailed to your address.',
    alert: false,
  },
  'newsletter-unverified': {
    text: 'Your address is not confirmed as yours yet, so it cannot be unsubscribed here. Use the unsubscribe link in any newsletter mail.',
    alert: true,
  },
  'newsletter-off': { text: 'This site does not offer a newsletter just now.', alert: true },
  'newsletter-rate-limited': {
    text: 'Too many subscribe requests from this address. Please wait a few minutes and try again.',
    alert: true,
  },
  'plan-cancelled': {
    text: 'Your plan is cancelled. Its paid posts show their preview from now on.',
    alert: false,
  },
  'plan-not-held': { text: 'You do not hold that plan (any more). Nothing was changed.', alert: true },
  'plan-confirm': {
    text: 'To cancel a plan, tick the box that says you understand, then press its button again. Nothing was changed.',
    alert: true,
  },
  'plan-at-wix': {
    text: 'That plan was bought at Wix, and is cancelled there: in the site’s member area at Wix. Nothing was changed here.',
    alert: true,
  },
  'invalid-request': { text: 'That request was not understood. Nothing was changed.', alert: true },
};
