import path from 'node:path';
import { config } from '@/lib/core/config';
import { siteKey } from '@/lib/core/security/site-key';
import { unsubscribeApiPath, unsubscribeLinkHolds } from './unsubscribe';

// What pages show of the newsletter: its state pages and the unsubscribe page's check. Kept apart from the feature's
// index (its queue, mailer and renderer): a prerendered page that imports a module evaluates it while it renders, and
// the sending side's libraries read the clock and random numbers as they load, which a prerender refuses ("uncached
// or runtime data"): the state pages answered 500 once a post event had them rendered again.

export { NEWSLETTER_STATES, isNewsletterState, newsletterStatePath, type NewsletterStateName } from './states';
export { unsubscribeApiPath };

/** Whether an unsubscribe link's subscriber and token hold, under the site's newsletter key. */
export const unsubscribeLinkHoldsHere = (id: unknown, token: unknown) => {
  const c = config();
  const key = siteKey('newsletter', c.sessionSecret, path.resolve(/*turbopackIgnore: true*/ c.dataDir));
  return unsubscribeLinkHolds({ key }, id, token);
};
