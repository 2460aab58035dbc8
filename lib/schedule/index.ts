import type PgBoss from 'pg-boss';
import { publishDue, scheduleOf, scheduledDrafts } from '@/lib/blog';
import { publish, subscribe } from '@/lib/core/events/bus';
import { processSingleton } from '@/lib/core/process-singleton';
import { ensureQueue, siteJobs, workOnce } from '@/lib/data';

// Scheduled publishing (issue 32), on the site's job queue (pg-boss in the records database, lib/data/jobs.ts): a job
// per scheduled draft and time, waiting until that time, so it survives a restart and runs on one instance of
// several. Jobs are asked for at each server's start (every scheduled draft) and at each draft event
// (`npm run blog -- schedule`, Wix's draft events); a draft moved to another time has a job for each time, and the
// job of a time that no longer holds does nothing. At its time: locally the site publishes the draft (lib/blog
// `publishDue`) and sends itself the event `publish` sends (post_created: the post's pages, the feed, its category
// and tag pages, the sitemap; the newsletter mails it); at Wix, Wix publishes, and the site refreshes those pages
// itself in case Wix's event is late or lost, asking again a few times while Wix has not published yet.

export const SCHEDULE_QUEUE = 'blog-publish-at';

interface Due {
  postId: string;
  /** ISO 8601, as the draft has it. */
  at: string;
}

const warn = (msg: string) => (error: unknown) => console.warn(JSON.stringify({ msg, error: String(error) }));

/** Asks the queue for the draft's publication at `at`: one job per draft and time, however often it is asked. */
export const planPublication = (boss: PgBoss, postId: string, at: string) =>
  boss.send(SCHEDULE_QUEUE, { postId, at } satisfies Due, {
    startAfter: new Date(at),
    singletonKey: `${postId}@${at}`,
  });

/** Asks for the draft's publication if it is scheduled. */
export async function planDraft(boss: PgBoss, postId: string): Promise<void> {
  const at = await scheduleOf(postId);
  if (at) await planPublication(boss, postId, at);
}

/** A job's time has come: publish (local), refresh (Wix has published), or ask again (Wix has not yet). */
export async function runDue({ postId, at }: Due): Promise<string> {
  const outcome = await publishDue(postId, at);
  if (outcome === 'waiting') throw new Error(`scheduled post ${postId}: not published by the platform yet`);
  // Published as any write is (PostPublished, PostUpdated): the bus clears the tags outside a request too.
  if (outcome === 'published') publish({ type: 'wix.blog.v3.post_created', entityId: postId });
  if (outcome === 'live') publish({ type: 'wix.blog.v3.post_updated', entityId: postId });
  console.info(JSON.stringify({ msg: 'schedule: due', postId, at, outcome }));
  return outcome;
}

/**
 * At the server's start: the worker, the bus's `schedule-planning` subscriber (each draft event's draft), every
 * scheduled draft.
 */
export async function startScheduling(): Promise<void> {
  const boss = await siteJobs();
  await ensureQueue(boss, SCHEDULE_QUEUE, {
    // One waiting job per draft and time (singletonKey); a job whose worker died comes back for another instance.
    policy: 'short',
    expireInSeconds: 5 * 60,
    retryLimit: 8,
    retryDelay: 5,
    retryBackoff: true,
  });
  await workOnce<Due>(boss, SCHEDULE_QUEUE, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
    if (job) await runDue(job.data);
  });
  processSingleton('schedule-listener', () => {
    // Only a draft's event changes a schedule (lib/core/events/registry.ts); after the blog source's subscriber has let
    // go of its copy of the post (the registry's order), so the draft is read as the platform has it.
    subscribe('schedule-planning', (event) => {
      void planDraft(boss, event.entityId).catch(warn('schedule: could not plan a draft'));
    });
    return true;
  });
  // Drafts a Wix site without an API key cannot read: nothing is planned, and it is said once.
  const drafts = await scheduledDrafts().catch((error: unknown) => {
    warn('schedule: scheduled drafts could not be read')(error);
    return [];
  });
  for (const draft of drafts) await planPublication(boss, draft.id, draft.at);
}
