import { OWNER } from '@/lib/data/types';
import { closeRequest } from './confirmations';
import { unsubscribeToken, unsubscribeTokenHolds } from './key';
import type { Newsletter } from './types';

// One-click unsubscribe (RFC 8058): every mail carries `List-Unsubscribe: <https://…/newsletter/unsubscribe?s=…&t=…>`
// and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so a mail client unsubscribes with one POST, and the same
// URL as a visible link, whose GET is a page with one button posting it. A GET never unsubscribes (link scanners
// follow links). An unsubscribed address is never mailed again; subscribing again needs the confirmation again
// (subscribe.ts mails a link of a new request and leaves the status as it is until it is followed).

/**
 * The unsubscribe URL: the mail's visible link (GET: a page with one button) and its one-click POST. `p`, the post
 * whose mail it is in, only tells the owner's report which post the reader left from (unsigned: it names a delivery,
 * and one that was never made counts nothing).
 */
export const unsubscribePath = (id: string, token: string, postId?: string) =>
  `/newsletter/unsubscribe?${new URLSearchParams({ s: id, t: token, ...(postId && { p: postId }) })}`;

/** A subscriber's unsubscribe URL, absolute on the site's origin: the visible link and the one-click target. */
export const unsubscribeUrl = (newsletter: Pick<Newsletter, 'siteUrl' | 'key'>, id: string, postId?: string) =>
  `${newsletter.siteUrl}${unsubscribePath(id, unsubscribeToken(newsletter.key, id), postId)}`;

/** Whether a link's subscriber and token hold (the page shows its button only then). */
export const unsubscribeLinkHolds = (newsletter: Pick<Newsletter, 'key'>, id: unknown, token: unknown) =>
  typeof id === 'string' &&
  typeof token === 'string' &&
  /^[0-9a-f]{32}$/.test(id) &&
  unsubscribeTokenHolds(newsletter.key, id, token);

export type UnsubscribeOutcome = 'unsubscribed' | 'invalid';

/**
 * Unsubscribes the link's subscriber (again, harmlessly), and closes any confirmation request the address has open: a
 * confirmation link mailed before this (a week-old one a reader or a mail scanner opens) confirms nothing after it. A
 * bad or altered link is `invalid` and changes nothing.
 */
export async function unsubscribe(newsletter: Newsletter, id: unknown, token: unknown): Promise<UnsubscribeOutcome> {
  if (!unsubscribeLinkHolds(newsletter, id, token)) return 'invalid';
  const subscriber = id as string;
  await closeRequest(newsletter, subscriber);
  const known = await newsletter.client.get('subscribers', subscriber, OWNER);
  if (!known) return 'unsubscribed';
  if (known.status !== 'unsubscribed') {
    const now = (newsletter.now ?? (() => new Date()))();
    await newsletter.client.update(
      'subscribers',
      { ...known, status: 'unsubscribed', unsubscribedDate: now.toISOString() },
      OWNER,
    );
  }
  return 'unsubscribed';
}
