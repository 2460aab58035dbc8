import { readingList, subscribers } from '@/lib/data';
import { getMissingCollections } from '@/lib/data/reads';

// What the site offers readers, as its platform allows: a bare Wix site lacks the collections the newsletter sign-up
// and the reading list keep their items in (lib/data/reads.ts), and pages leave those out rather than offer a form
// that cannot work. A cached read (the `site-setup` tag): prerendered pages stay prerendered.

export interface SiteOffers {
  /** The sign-up form: the subscribers collection exists. */
  newsletter: boolean;
  /** "Save for later" and the account page's list: the readingList collection exists. */
  readingList: boolean;
}

export async function siteOffers(): Promise<SiteOffers> {
  const missing = await getMissingCollections();
  return { newsletter: !missing.includes(subscribers.id), readingList: !missing.includes(readingList.id) };
}
