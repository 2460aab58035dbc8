import type PgBoss from 'pg-boss';
import { isCatalogueError } from '@/lib/core/errors';
import { ensureQueue, workOnce } from '@/lib/data';
import { sendPost } from './sending';
import { subscribe } from './subscribe';
import type { Newsletter, Sending, SubscribeJob } from './types';

// The newsletter's work on the site's job queue (pg-boss, lib/data/jobs.ts), kept in the database: a job dropped by a
// process that died is taken up by another.
// - Subscribes: a job per subscribe the form asked for (subscribe.ts `askToSubscribe`), whose worker stores it and
//   mails its confirmation link (`subscribe`), after the visitor has had the answer.
// - Sends: a job per post asked for by its first publication (one however often it is asked while it waits), a job of
//   its own to resume an unfinished send at a server's start, and the worker that mails each job's post (sending.ts
//   `sendPost`), asking for a later job when deliveries are deferred.

export const SUBSCRIBE_QUEUE = 'newsletter-subscribe';

/** The subscribe queue, made once per queue handle (lib/data/jobs.ts; a send to a queue not made yet fails). */
const subscribeQueue = (boss: PgBoss) =>
  ensureQueue(boss, SUBSCRIBE_QUEUE, {
    // A worker that died gives its job back after this long; a mail server that fails is tried again after 30 s, 1, 2,
    // 4 … minutes.
    expireInSeconds: 5 * 60,
    retryLimit: 8,
    retryDelay: 30,
    retryBackoff: true,
  });

/** Leaves a subscribe to the queue. */
export async function enqueueSubscribe(boss: PgBoss, job: SubscribeJob): Promise<void> {
  await subscribeQueue(boss);
  await boss.send(SUBSCRIBE_QUEUE, job);
}

/** Works a subscribe job: stores the address and mails its link; a mail that failed for now throws (tried again). */
export async function runSubscribe(newsletter: Newsletter, job: SubscribeJob): Promise<void> {
  try {
    await subscribe(newsletter, job.email, job.language);
  } catch (error) {
    // An address the form let through is one; should a job hold another, trying again would not change it.
    if (isCatalogueError(error) && error.status === 400) return;
    throw error;
  }
}

/** The queue's worker for subscribes (one per process, however often the start is tried). */
export async function workSubscribes(boss: PgBoss, newsletter: Newsletter): Promise<void> {
  await subscribeQueue(boss);
  await workOnce<SubscribeJob>(boss, SUBSCRIBE_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await runSubscribe(newsletter, job.data);
  });
}

export const NEWSLETTER_QUEUE = 'newsletter-send';

/** The send queue, made once per queue handle: a post's send may be asked for before this instance's worker started. */
const sendQueue = (boss: PgBoss) =>
  ensureQueue(boss, NEWSLETTER_QUEUE, {
    // A job whose worker died comes back after this long, for another to resume (settleInterrupted).
    expireInSeconds: 15 * 60,
    retryLimit: 10,
    retryDelay: 30,
    retryBackoff: true,
  });

/** The queue's worker for sends: each job mails its post; deferred deliveries come back as a job at their time. */
export async function workSends(boss: PgBoss, sending: Sending): Promise<void> {
  await sendQueue(boss);
  await workOnce<{ postId: string }>(
    boss,
    NEWSLETTER_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (!job) return;
      const result = await sendPost(sending, job.data.postId);
      if (result.retryAt) {
        await boss.send(NEWSLETTER_QUEUE, { postId: job.data.postId }, { startAfter: result.retryAt });
      }
    },
  );
}

/** Asks the queue for a post's send (a post's second ask while one waits is the same job). */
export async function enqueueSend(boss: PgBoss, postId: string) {
  await sendQueue(boss);
  return boss.send(NEWSLETTER_QUEUE, { postId }, { singletonKey: postId, singletonSeconds: 60 });
}

/**
 * Asks the queue to resume an unfinished send, at a server's start: a job of its own, never the same as one asked for
 * this minute (that one may be the job of an instance that was killed: still `active`, it comes back only when it
 * expires). Should another worker still be on the send, the claims keep each address to one message.
 */
export async function resumeSend(boss: PgBoss, postId: string) {
  await sendQueue(boss);
  return boss.send(NEWSLETTER_QUEUE, { postId });
}
