import { OWNER } from '@/lib/data/types';
import { PAGE, log, nowOf } from './send-context';
import { deliveryId, newsletterClaims, newsletterDeliveries, newsletterSends } from './send-records';
import type { Sending } from './types';

// The sending's records kept right around the mailing: deliveries a dead worker left `sending` settled as unknown,
// a done send's claims removed once no worker can still be on it, and a delivery marked when its reader unsubscribed
// by its link.

/** Deliveries a dead worker left `sending`: unknown, never mailed again. */
export async function settleInterrupted(sending: Sending, postId: string): Promise<void> {
  for (;;) {
    const { items } = await sending.records.query(
      newsletterDeliveries.id,
      { filter: { postId: { $eq: postId }, status: { $eq: 'sending' } }, limit: PAGE },
      OWNER,
    );
    if (items.length === 0) return;
    await sending.records.bulkUpdate(
      newsletterDeliveries.id,
      items.map((item) => ({ ...item, status: 'unknown', error: 'the worker stopped while sending' })),
      OWNER,
    );
    log(sending, { event: 'interrupted', postId, deliveries: items.length });
  }
}

/**
 * A send's claims are kept while any worker may still be on it: a second worker that read a page of deliveries before
 * the first mailed them claims each attempt before mailing, and a claim removed then would let it mail again. A day
 * after the send was done, no worker is (the queue gives a job back after JOB_EXPIRE_SECONDS), and the claims, one
 * per message, are removed: `newsletter-claims` no longer grows with every message ever sent.
 */
export const CLAIMS_KEPT_MS = 24 * 60 * 60 * 1000;

/** Removes the claims of sends done more than CLAIMS_KEPT_MS ago (at most `sends` of them a call); answers how many. */
export async function pruneClaims(sending: Sending, sends = 20): Promise<number> {
  const cutoff = new Date(nowOf(sending).getTime() - CLAIMS_KEPT_MS).toISOString();
  const { items } = await sending.records.query(
    newsletterSends.id,
    { filter: { status: { $eq: 'done' }, doneDate: { $lt: cutoff } }, limit: 100 },
    OWNER,
  );
  let removed = 0;
  for (const send of items.filter((item) => item.claimsPruned !== true).slice(0, sends)) {
    for (;;) {
      const { items: claims } = await sending.records.query(
        newsletterClaims.id,
        { filter: { postId: { $eq: send._id } }, limit: 1000 },
        OWNER,
      );
      if (claims.length === 0) break;
      await sending.records.bulkRemove(
        newsletterClaims.id,
        claims.map((claim) => claim._id),
        OWNER,
      );
      removed += claims.length;
    }
    await sending.records.update(newsletterSends.id, { ...send, claimsPruned: true }, OWNER);
  }
  if (removed) log(sending, { event: 'claims-pruned', claims: removed });
  return removed;
}

/**
 * A reader left by the unsubscribe link of `postId`'s mail: its delivery to them is marked, for the owner's report
 * (a post's mail that never went to them marks nothing).
 */
export async function noteUnsubscribedFrom(sending: Sending, postId: string, subscriberId: string): Promise<void> {
  const delivery = await sending.records.get(newsletterDeliveries.id, deliveryId(postId, subscriberId), OWNER);
  if (delivery && delivery.unsubscribed !== true) {
    await sending.records.update(newsletterDeliveries.id, { ...delivery, unsubscribed: true }, OWNER);
  }
}
