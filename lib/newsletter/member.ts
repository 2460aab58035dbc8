import { type Language, MAIN_LANGUAGE, languageOf } from '@/lib/core/i18n/languages';
import { OWNER } from '@/lib/data/types';
import { unsubscribeToken } from './key';
import { normaliseEmail, subscriberId } from './subscribe';
import type { Newsletter } from './types';
import { unsubscribe } from './unsubscribe';

// A signed-in member's own address on the newsletter (the account page): where it stands, and the unsubscribe its
// mail's link would make. Subscribing goes through the form's rules (service.ts: the client's limit, then the queue's
// job mailing a confirmation link), so the account page confirms an address exactly as the public form does. The
// account page shows a member where their address stands only once the address is known to be theirs (confirmed at
// sign-up, by a reset link, or at Wix): whoever signs up with someone else's address learns nothing of it, and cannot
// take it off the list.

/** Where an address stands: never subscribed, waiting for its link, confirmed, unsubscribed, or bounced for good. */
export type NewsletterStanding = 'none' | 'pending' | 'confirmed' | 'unsubscribed' | 'bounced';

const STANDINGS: readonly NewsletterStanding[] = ['pending', 'confirmed', 'unsubscribed', 'bounced'];

export interface MemberSubscription {
  standing: NewsletterStanding;
  /** The language whose posts it is mailed (the main one when none is kept). */
  language: Language;
}

/** Where `email` stands on the newsletter (an address that is not one stands nowhere). */
export async function subscriptionOf(newsletter: Newsletter, email: string): Promise<MemberSubscription> {
  let id: string;
  try {
    id = subscriberId(normaliseEmail(email));
  } catch {
    return { standing: 'none', language: MAIN_LANGUAGE };
  }
  const item = await newsletter.client.get('subscribers', id, OWNER);
  if (!item) return { standing: 'none', language: MAIN_LANGUAGE };
  const status = String(item.status) as NewsletterStanding;
  return {
    standing: STANDINGS.includes(status) ? status : 'pending',
    language: languageOf(typeof item.language === 'string' ? item.language : null),
  };
}

/**
 * Unsubscribes `email` as its mail's one-click link does (unsubscribe.ts: marked unsubscribed, any open confirmation
 * request closed, so an old confirmation link confirms nothing after it); an address not on the list stays off it.
 */
export async function unsubscribeAddress(newsletter: Newsletter, email: string): Promise<void> {
  const id = subscriberId(normaliseEmail(email));
  await unsubscribe(newsletter, id, unsubscribeToken(newsletter.key, id));
}
