import type PgBoss from 'pg-boss';
import { ensureQueue, workOnce } from '@/lib/data';
import { type Sending, sendPost } from './sending';

// The sends on the site's job queue (pg-boss, lib/data/jobs.ts): a job per post asked for by its first publication
// (one however often it is asked while it waits), a job of its own to resume an unfinished send at a server's start,
// and the worker that mails each job's post (sending.ts `sendPost`), asking for a later job when deliveries are
// deferred.

export const NEWSLETTER_QUEUE = 'newsletter-send';

/** The queue's worker for sends: each job mails its post; deferred deliveries come back as a job at their time. */
export async function workSends(boss: PgBoss, sending: Sending): Promise<void> {
  await ensureQueue(boss, NEWSLETTER_QUEUE, {
    // A job whose worker died comes back after this long, for another to resume (settleInterrupted).
    expireInSeconds: 15 * 60,
    retryLimit: 10,
    retryDelay: 30,
    retryBackoff: true,
  });
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
export const enqueueSend = (boss: PgBoss, postId: string) =>
  boss.send(NEWSLETTER_QUEUE, { postId }, { singletonKey: postId, singletonSeconds: 60 });

/**
 * Asks the queue to resume an unfinished send, at a server's start: a job of its own, never the same as one asked for
 * this minute (that one may be the job of an instance that was killed: still `active`, it comes back only when it
 * expires). Should another worker still be on the send, the claims keep each address to one message.
 */
export const resumeSend = (boss: PgBoss, postId: string) => boss.send(NEWSLETTER_QUEUE, { postId });
