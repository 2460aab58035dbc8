import type { DataClient } from '@/lib/data';
import type { Mailer } from '@/lib/core/mail';
import type { Language } from '@/lib/core/i18n/languages';

// What the newsletter's sign-up works with (subscribe.ts, confirmations.ts, queue.ts), apart from both so that neither
// imports the other for it.

/** A subscribe the form asked for, as it waits on the site's queue. */
export interface SubscribeJob {
  email: string;
  language: Language;
}

export interface Newsletter {
  /** Where the subscribers are (the site's data collections: on Wix, its CMS). */
  client: DataClient;
  /** The site's own records: each address's open confirmation request (confirmations.ts). */
  records: DataClient;
  mailer: Mailer;
  /** Leaves a subscribe to the site's queue (queue.ts), whose worker runs `subscribe`. */
  queue(job: SubscribeJob): Promise<unknown>;
  /** The public origin the confirmation link points at. */
  siteUrl: string;
  /** Signs confirmation links (key.ts). */
  key: Buffer;
  now?: () => Date;
}
