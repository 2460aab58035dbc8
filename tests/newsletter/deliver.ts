import type { SubscribeJob } from '@/lib/newsletter';

// The newsletter's subscribe queue as a test works it: every job waiting on it run now, one after another, as the
// queue's worker would (lib/newsletter/queue.ts `runSubscribe`: the address stored, its link mailed), with no worker
// polling in the background.

/** Runs every subscribe waiting on the site's queue; how many jobs there were. */
export async function deliverConfirmations(): Promise<number> {
  const { siteJobs } = await import('@/lib/data');
  const { SUBSCRIBE_QUEUE, runSubscribe, siteNewsletter } = await import('@/lib/newsletter');
  const boss = await siteJobs();
  // No subscribe has been asked for yet: the queue is made by the first.
  if (!(await boss.getQueue(SUBSCRIBE_QUEUE))) return 0;
  let done = 0;
  for (;;) {
    const jobs = await boss.fetch<SubscribeJob>(SUBSCRIBE_QUEUE, { batchSize: 20 });
    if (jobs.length === 0) return done;
    for (const job of jobs) {
      await runSubscribe(siteNewsletter(), job.data);
      await boss.complete(SUBSCRIBE_QUEUE, job.id);
      done += 1;
    }
  }
}

/** Stops the site's queue (before the file's database closes). */
export async function stopJobs(): Promise<void> {
  const { siteJobs } = await import('@/lib/data');
  await (await siteJobs()).stop({ graceful: false, wait: true });
}
