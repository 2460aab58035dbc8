import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import type PgBoss from 'pg-boss';
import { ensureQueue, workOnce } from '@/lib/data';

// Fedify's queue on the site's own job queue (pg-boss, in the records database): an activity to deliver (or a
// received one to handle) is a job that outlives a restart, worked by every instance, each job by one. A job whose
// worker died comes back after its expiry. Fedify retries a refused delivery itself, re-enqueuing it with its
// back-off (`delay`), and gives up after its bound; the queue never retries on its own. Its messages hold the blog's
// signing key (Fedify signs as it delivers): they stay in the records, as the key does, and are never logged.

export const FEDIVERSE_QUEUE = 'fediverse';

/** Deliveries worked at once by one instance (each to another server). */
const CONCURRENCY = 8;

export function bossQueue(boss: () => Promise<PgBoss>): MessageQueue {
  /** This instance's worker, once listening: a message queued here wakes it instead of waiting for its next poll. */
  let worker: string | undefined;
  const wake = (b: PgBoss, delay: number) => {
    if (worker && delay <= 0) b.notifyWorker(worker);
  };
  const ready = async () => {
    const b = await boss();
    await ensureQueue(b, FEDIVERSE_QUEUE, { policy: 'standard', expireInSeconds: 5 * 60, retryLimit: 0 });
    return b;
  };
  return {
    async enqueue(message: unknown, options?: MessageQueueEnqueueOptions) {
      const delay = options?.delay?.total({ unit: 'second' }) ?? 0;
      const b = await ready();
      await b.send(FEDIVERSE_QUEUE, { message }, delay > 0 ? { startAfter: Math.ceil(delay) } : {});
      wake(b, delay);
    },
    async enqueueMany(messages: unknown[], options?: MessageQueueEnqueueOptions) {
      const delay = options?.delay?.total({ unit: 'second' }) ?? 0;
      const b = await ready();
      await b.insert(
        messages.map((message) => ({
          name: FEDIVERSE_QUEUE,
          data: { message },
          ...(delay > 0 && { startAfter: new Date(Date.now() + delay * 1000) }),
        })),
      );
      wake(b, delay);
    },
    async listen(handler: (message: unknown) => Promise<void> | void, options?: MessageQueueListenOptions) {
      const b = await ready();
      worker ??= await workOnce<{ message: unknown }>(
        b,
        FEDIVERSE_QUEUE,
        { batchSize: CONCURRENCY, pollingIntervalSeconds: 2 },
        async (jobs) => {
          await Promise.all(jobs.map((job) => handler(job.data.message)));
        },
      );
      await new Promise<void>((resolve) => {
        if (options?.signal?.aborted) resolve();
        options?.signal?.addEventListener('abort', () => resolve(), { once: true });
      });
    },
  };
}
