import path from 'node:path';
import { config } from '@/lib/core/config';
import { siteKey } from '@/lib/core/security/site-key';

/** The key the newsletter's links are signed with (confirm, unsubscribe, stop replies): the site key `newsletter`. */
export const newsletterKey = () => {
  const c = config();
  return siteKey('newsletter', c.sessionSecret, path.resolve(/*turbopackIgnore: true*/ c.dataDir));
};
