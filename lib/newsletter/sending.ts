import { languageOf } from '@/lib/core/i18n/languages';
import { OWNER } from '@/lib/data/types';
import { renderOnce, subjectOf } from './message';
import { log, nowOf } from './send-context';
import { listDeliveries, stillConfirmed } from './send-plan';
import { type SendStatus, isPaused, newsletterDeliveries, newsletterSends, tracksOpens } from './send-records';
import { mailPage } from './send-worker';
import { pruneClaims, settleInterrupted } from './send-upkeep';
import type { Sending } from './types';

export {
  type SendStatus,
  deliveryId,
  newsletterClaims,
  newsletterClicks,
  newsletterDeliveries,
  newsletterOpens,
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
// This file is the job's course over a send (`sendPost`); who gets the post is send-plan.ts, the mailing of a page of
// deliveries send-worker.ts, and the records' upkeep (interrupted deliveries, old claims, unsubscribes) send-upkeep.ts.

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
  // Whether its mail counts opens is the owner's setting when it starts, kept on the send: a send resumed after the
  // owner changed it mails the mail its first readers got.
  let trackOpens = send.trackOpens === true;
  if (send.status === 'queued') {
    trackOpens = await tracksOpens(sending.records);
    await sending.records.update(
      newsletterSends.id,
      { ...send, status: 'sending', startedDate: nowOf(sending).toISOString(), trackOpens },
      OWNER,
    );
  }
  await settleInterrupted(sending, postId);
  await listDeliveries(sending, postId, languageOf(post.language));

  const subject = subjectOf(post);
  const rendered = await renderOnce(sending, post, trackOpens);
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
    const mailed = await mailPage(sending, { postId, subject, rendered, now, confirmed }, items);
    if (mailed.retryAt && (!retryAt || mailed.retryAt < retryAt)) retryAt = mailed.retryAt;
    // Another worker claimed the whole page: it is on this send, and finishes it; this one lets it.
    if (mailed.won === 0) return { status: 'sending' };
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
