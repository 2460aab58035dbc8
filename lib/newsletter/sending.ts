import { type Language, languageOf } from '@/lib/core/i18n/languages';
import { isCatalogueError } from '@/lib/core/errors';
import { smtpRefusal } from '@/lib/core/mail';
import { OWNER } from '@/lib/data/types';
import { messageOf, renderOnce, subjectOf } from './message';
import type { Sending } from './types';
import {
  type SendStatus,
  deliveryId,
  isPaused,
  newsletterClaims,
  newsletterDeliveries,
  newsletterSends,
} from './send-records';

export { messageOf, renderOnce, subjectOf } from './message';
export type { Sending } from './types';
export {
  type SendStatus,
  deliveryId,
  newsletterClaims,
  newsletterDeliveries,
  newsletterSends,
  newsletterSettings,
} from './send-records';

// Every new post to every confirmed subscriber, once. A post's first publication makes a send (its id is the post's, so
// the platform's event delivered twelve times to two instances makes one) and a job on the site's queue (pg-boss,
// lib/data/jobs.ts). The job's worker lists the confirmed subscribers into deliveries (one each, its id derived from
// the post and the subscriber: listing again adds no second) and mails the queued ones, one by one, at the mailer's
// rate. Each delivery is marked `sending` before its message goes out and `sent` after: a worker that dies between
// the two leaves it `sending`, and the job, given back by the queue and resumed elsewhere, marks those `unknown`
// rather than mail them again (never twice; the dashboard counts them). Two workers may run one send at once (the
// queue gives a job back after JOB_EXPIRE_SECONDS though its worker still runs; an instance asks again at its start):
// each attempt at a delivery is marked `sending`, then claimed by inserting a record named for it (send-records.ts),
// and only the worker whose insert made it mails. A 4xx answer defers the delivery, with
// backoff; a 5xx bounces it and the address is never mailed again. An unsubscribed or bounced address is skipped.

/** A post mailed when it is first published this recently: an import of an old post, or a re-publish, sends nothing. */
export const FIRST_PUBLICATION_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A deferred delivery (a 4xx) is tried again after 1, 2, 4, … minutes, at most MAX_ATTEMPTS times. */
export const RETRY_BASE_MS = 60_000;
export const MAX_ATTEMPTS = 6;
const PAGE = 500;
/** Deliveries worked on at once: twice the bulk mailer's pooled connections (lib/core/mail), so that while some lanes
 * write their records the others' messages are on the wire. */
const SENDERS = 6;
/** Mailed deliveries are marked `sent` this many at a time. */
const SENT_BATCH = 20;

const nowOf = (sending: Sending) => (sending.now ?? (() => new Date()))();
const log = (sending: Sending, line: Record<string, unknown>) =>
  (sending.log ?? ((l) => console.log(JSON.stringify(l))))({ msg: 'newsletter', ...line });

export type AnnounceOutcome = 'queued' | 'already' | 'not-published' | 'back-dated';

/**
 * A post event: the post is mailed if this is its first publication (published, first published within the last day,
 * no send yet). The send is made once whoever asks; the job is asked for by whoever made it (`enqueue`).
 */
export async function announce(
  sending: Sending,
  postId: string,
  enqueue: (postId: string) => Promise<unknown>,
): Promise<AnnounceOutcome> {
  const post = await sending.post(postId);
  if (!post || post.status !== 'PUBLISHED') return 'not-published';
  const first = Date.parse(post.firstPublishedDate ?? '');
  if (!Number.isFinite(first) || nowOf(sending).getTime() - first > FIRST_PUBLICATION_WINDOW_MS) return 'back-dated';
  try {
    await sending.records.insert(
      newsletterSends.id,
      { _id: postId, postId, title: post.title, status: 'queued' satisfies SendStatus },
      OWNER,
    );
  } catch (error) {
    if (isCatalogueError(error) && error.wde === 'WDE0074') return 'already';
    throw error;
  }
  await enqueue(postId);
  log(sending, { event: 'queued', postId });
  return 'queued';
}

/**
 * Lists the confirmed subscribers of the post's language into its deliveries (those listed before stay as they are).
 * A subscriber's language is the one their form's page was in (none: the main language), matched here rather than in
 * the query, so that one filter holds on every data backend whatever a subscriber without the field stores.
 */
async function listDeliveries(sending: Sending, postId: string, language: Language): Promise<void> {
  let after = '';
  for (;;) {
    const { items } = await sending.subscribers.query(
      'subscribers',
      {
        filter: { status: { $eq: 'confirmed' }, ...(after && { _id: { $gt: after } }) },
        sort: [{ fieldName: '_id', order: 'ASC' }],
        limit: PAGE,
      },
      OWNER,
    );
    if (items.length === 0) return;
    const ids = items.map((item) => deliveryId(postId, item._id));
    const { items: known } = await sending.records.query(
      newsletterDeliveries.id,
      { filter: { _id: { $in: ids } }, limit: ids.length },
      OWNER,
    );
    const have = new Set(known.map((item) => item._id));
    const fresh = items
      .filter((item) => !have.has(deliveryId(postId, item._id)))
      .filter((item) => languageOf(typeof item.language === 'string' ? item.language : undefined) === language)
      .map((item) => ({
        _id: deliveryId(postId, item._id),
        postId,
        subscriberId: item._id,
        email: String(item.email),
        status: 'queued',
        attempts: 0,
      }));
    if (fresh.length) await sending.records.bulkInsert(newsletterDeliveries.id, fresh, OWNER);
    after = items[items.length - 1]!._id;
    if (items.length < PAGE) return;
  }
}

/** Deliveries a dead worker left `sending`: unknown, never mailed again. */
async function settleInterrupted(sending: Sending, postId: string): Promise<void> {
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

/** The subscribers among `ids` still confirmed now (one unsubscribed or bounced since the listing is skipped). */
async function stillConfirmed(sending: Sending, ids: string[]): Promise<Set<string>> {
  const { items } = await sending.subscribers.query(
    'subscribers',
    { filter: { _id: { $in: ids }, status: { $eq: 'confirmed' } }, limit: ids.length },
    OWNER,
  );
  return new Set(items.map((item) => item._id));
}

export interface SendResult {
  /** `paused`: the owner paused every send; resuming asks for the send again. */
  status: SendStatus | 'paused';
  /** When deferred deliveries are due: the job runs again then. */
  retryAt?: Date;
}

/** The job: mails the post's queued deliveries; what is deferred is left for `retryAt`. */
export async function sendPost(sending: Sending, postId: string): Promise<SendResult> {
  const send = await sending.records.get(newsletterSends.id, postId, OWNER);
  if (!send) return { status: 'cancelled' };
  if (send.status === 'held' || send.status === 'done' || send.status === 'cancelled') {
    return { status: send.status as SendStatus };
  }
  if (await isPaused(sending.records)) return { status: 'paused' };
  const post = await sending.post(postId);
  if (!post || post.status !== 'PUBLISHED') {
    await sending.records.update(newsletterSends.id, { ...send, status: 'cancelled' }, OWNER);
    return { status: 'cancelled' };
  }
  if (send.status === 'queued') {
    await sending.records.update(
      newsletterSends.id,
      { ...send, status: 'sending', startedDate: nowOf(sending).toISOString() },
      OWNER,
    );
  }
  await settleInterrupted(sending, postId);
  await listDeliveries(sending, postId, languageOf(post.language));

  const subject = subjectOf(post);
  const rendered = await renderOnce(sending, post);
  let retryAt: Date | undefined;
  for (;;) {
    const now = nowOf(sending);
    const { items } = await sending.records.query(
      newsletterDeliveries.id,
      {
        filter: {
          postId: { $eq: postId },
          $or: [
            { status: { $eq: 'queued' } },
            { status: { $eq: 'deferred' }, nextAttemptDate: { $lte: now.toISOString() } },
          ],
        },
        sort: [{ fieldName: '_id', order: 'ASC' }],
        limit: 100,
      },
      OWNER,
    );
    if (items.length === 0) break;
    // The owner held the post back (or paused every send) meanwhile: stop between pages; the rest waits.
    const current = await sending.records.get(newsletterSends.id, postId, OWNER);
    if (current?.status === 'held') return { status: 'held' };
    if (await isPaused(sending.records)) return { status: 'paused' };
    const confirmed = await stillConfirmed(
      sending,
      items.map((item) => String(item.subscriberId)),
    );
    let won = 0;
    // Deliveries mailed, marked `sent` SENT_BATCH at a time (one write, not one each); a worker that dies first leaves
    // them `sending`, which the next run counts `unknown`: never mailed twice.
    const sent: (typeof items)[number][] = [];
    const markSent = async () => {
      const batch = sent.splice(0);
      if (batch.length) await sending.records.bulkUpdate(newsletterDeliveries.id, batch, OWNER);
    };
    const deliver = async (delivery: (typeof items)[number]) => {
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
          messageOf(sending, rendered, { to: String(delivery.email), subscriberId, subject, messageId, postId }),
        );
        sent.push({ ...claimed, status: 'sent', messageId, error: undefined });
        if (sent.length >= SENT_BATCH) await markSent();
      } catch (error) {
        const refusal = smtpRefusal(error);
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
    // Another worker claimed the whole page: it is on this send, and finishes it; this one lets it.
    if (won === 0) return { status: 'sending' };
  }
  if (!retryAt) {
    const { items: later } = await sending.records.query(
      newsletterDeliveries.id,
      {
        filter: { postId: { $eq: postId }, status: { $eq: 'deferred' } },
        sort: [{ fieldName: 'nextAttemptDate', order: 'ASC' }],
        limit: 1,
      },
      OWNER,
    );
    if (later[0]) retryAt = new Date(String(later[0].nextAttemptDate));
  }
  if (retryAt) return { status: 'sending', retryAt };
  const current = await sending.records.get(newsletterSends.id, postId, OWNER);
  if (current) {
    await sending.records.update(
      newsletterSends.id,
      { ...current, status: 'done', doneDate: nowOf(sending).toISOString() },
      OWNER,
    );
  }
  log(sending, { event: 'done', postId });
  // Older sends' claims go now (this one's a day from now, at a later send or a server's start).
  await pruneClaims(sending).catch((error: unknown) =>
    log(sending, { event: 'claims-not-pruned', error: String(error) }),
  );
  return { status: 'done' };
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
