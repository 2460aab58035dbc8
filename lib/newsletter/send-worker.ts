import { isCatalogueError } from '@/lib/core/errors';
import { smtpRefusal } from '@/lib/core/mail';
import { type DataItem, OWNER } from '@/lib/data/types';
import { messageOf } from './message';
import { nowOf } from './send-context';
import { newsletterClaims, newsletterDeliveries } from './send-records';
import type { Sending } from './types';

// One page of a send's deliveries mailed (sending.ts `sendPost` reads the pages): each delivery marked `sending`,
// claimed, mailed, then marked `sent`, `deferred` (a 4xx, with backoff), `bounced` (a 5xx, and the address never
// mailed again) or `unknown` (the connection failed when the server may have taken it), several at once on the bulk
// mailer's pooled connections.

/** A deferred delivery (a 4xx) is tried again after 1, 2, 4, … minutes, at most MAX_ATTEMPTS times. */
export const RETRY_BASE_MS = 60_000;
export const MAX_ATTEMPTS = 6;
/** Deliveries worked on at once: twice the bulk mailer's pooled connections (lib/core/mail), so that while some lanes
 * write their records the others' messages are on the wire. */
const SENDERS = 6;
/** Mailed deliveries are marked `sent` this many at a time. */
const SENT_BATCH = 20;

/** What a page of one post's deliveries is mailed with. */
export interface Page {
  postId: string;
  subject: string;
  /** The post's mail, rendered once for the whole send (message.ts `renderOnce`): each message its delivery's links. */
  rendered: { html: string; text: string; from?: string; replyTo?: string };
  /** When the page was read: a deferred delivery's next attempt counts from it. */
  now: Date;
  /** The page's subscribers still confirmed (send-plan.ts `stillConfirmed`): the others' deliveries are skipped. */
  confirmed: Set<string>;
}

export interface PageResult {
  /** Deliveries this worker settled (skipped, or claimed and mailed or refused): none means another worker has them. */
  won: number;
  /** When the earliest delivery deferred here is due. */
  retryAt?: Date;
}

/** Mails a page of queued or due deliveries. */
export async function mailPage(sending: Sending, page: Page, items: DataItem[]): Promise<PageResult> {
  const { postId, subject, rendered, now, confirmed } = page;
  let won = 0;
  let retryAt: Date | undefined;
  // Deliveries mailed, marked `sent` SENT_BATCH at a time (one write, not one each); a worker that dies first leaves
  // them `sending`, which the next run counts `unknown`: never mailed twice.
  const sent: DataItem[] = [];
  const markSent = async () => {
    const batch = sent.splice(0);
    if (batch.length) await sending.records.bulkUpdate(newsletterDeliveries.id, batch, OWNER);
  };
  const deliver = async (delivery: DataItem) => {
    const subscriberId = String(delivery.subscriberId);
    if (!confirmed.has(subscriberId)) {
      await sending.records.update(newsletterDeliveries.id, { ...delivery, status: 'skipped' }, OWNER);
      won++;
      return;
    }
    const claimed = { ...delivery, status: 'sending', attempts: Number(delivery.attempts ?? 0) + 1 };
    // `sending` first, then the claim: a worker that dies between the two leaves it `sending` without having mailed
    // it, and a delivery that lost its claim is `sending` too, so neither is read again as queued.
    await sending.records.update(newsletterDeliveries.id, claimed, OWNER);
    if (!(await claim(sending, postId, delivery, claimed.attempts))) return;
    won++;
    const messageId = `<${delivery._id}.${postId}@${new URL(sending.siteUrl).hostname}>`;
    try {
      await sending.mailer.send(
        messageOf(sending, rendered, {
          to: String(delivery.email),
          subscriberId,
          subject,
          messageId,
          postId,
          deliveryId: delivery._id,
        }),
      );
      sent.push({ ...claimed, status: 'sent', messageId, error: undefined });
      if (sent.length >= SENT_BATCH) await markSent();
    } catch (error) {
      const refusal = smtpRefusal(error);
      // The connection failed after the message may have reached the server: as a worker that died sending it, the
      // delivery is unknown, never mailed again.
      if (refusal.mayHaveGone) {
        await sending.records.update(
          newsletterDeliveries.id,
          { ...claimed, status: 'unknown', error: `may have been sent: ${refusal.reason}` },
          OWNER,
        );
        return;
      }
      if (refusal.permanent || claimed.attempts >= MAX_ATTEMPTS) {
        await sending.records.update(
          newsletterDeliveries.id,
          { ...claimed, status: 'bounced', error: refusal.reason },
          OWNER,
        );
        if (refusal.permanent) await bounce(sending, subscriberId);
        return;
      }
      const next = new Date(now.getTime() + RETRY_BASE_MS * 2 ** (claimed.attempts - 1));
      await sending.records.update(
        newsletterDeliveries.id,
        { ...claimed, status: 'deferred', error: refusal.reason, nextAttemptDate: next.toISOString() },
        OWNER,
      );
      retryAt = !retryAt || next < retryAt ? next : retryAt;
    }
  };
  // SENDERS at a time, one message each (the pool's connections), so a message's round trip does not wait for the
  // one before it; each lane takes the next delivery of the page in turn.
  let taken = 0;
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (taken < items.length) await deliver(items[taken++]!);
    }),
  );
  await markSent();
  return { won, retryAt };
}

/** Claims `attempt` at `delivery` for this worker: true if no other worker claimed it first. */
async function claim(sending: Sending, postId: string, delivery: { _id: string }, attempt: number): Promise<boolean> {
  try {
    await sending.records.insert(newsletterClaims.id, { _id: `${delivery._id}.${attempt}`, postId }, OWNER);
    return true;
  } catch (error) {
    if (isCatalogueError(error) && error.wde === 'WDE0074') return false;
    throw error;
  }
}

/** A 5xx answer: the address is bounced, never mailed again (subscribing again needs the confirmation again). */
async function bounce(sending: Sending, subscriberId: string) {
  const subscriber = await sending.subscribers.get('subscribers', subscriberId, OWNER);
  if (!subscriber || subscriber.status === 'bounced') return;
  await sending.subscribers.update(
    'subscribers',
    { ...subscriber, status: 'bounced', bouncedDate: nowOf(sending).toISOString() },
    OWNER,
  );
}
