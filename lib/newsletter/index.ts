import path from 'node:path';
import { config } from '@/lib/core/config';
import { dataClient } from '@/lib/data';
import { mailer } from '@/lib/core/mail';
import { processSingleton } from '@/lib/core/process-singleton';
import { siteKey } from '@/lib/core/security/site-key';
import type { Newsletter } from './subscribe';

export { confirm, normaliseEmail, subscribe, type ConfirmOutcome, type SubscribeOutcome } from './subscribe';

/** The site's newsletter: its data client, mailer and link key, one per process. */
export const siteNewsletter = (): Newsletter =>
  processSingleton('newsletter', () => {
    const c = config();
    return {
      client: dataClient(),
      mailer: mailer(),
      siteUrl: c.siteUrl,
      key: siteKey('newsletter', c.sessionSecret, path.resolve(/*turbopackIgnore: true*/ c.dataDir)),
    };
  });

export { subscriberWeeks, subscribersCsv } from './report';
export { NEWSLETTER_STATES, isNewsletterState, newsletterStatePath } from './states';
export type { NewsletterStateName } from './states';
