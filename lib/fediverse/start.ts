import { config } from '@/lib/core/config';
import { subscribe } from '@/lib/core/events/bus';
import { processSingleton } from '@/lib/core/process-singleton';
import { siteJobs } from '@/lib/data';
import { FEDIVERSE_QUEUE } from './queue';
import { siteFollowers } from './stores';

// The fediverse at the server's start (instrumentation.ts), without loading Fedify until it has work: the bus's
// `fediverse-delivery` subscriber sends each post's publication, edit and removal to the followers (the events Wix's
// webhooks and the content folder's watcher publish, once per change, on one instance), loading the federation
// (index.ts) only when the blog has followers; the queue's worker starts now when there are followers or queued
// activities, else with the first fediverse request this instance answers (index.ts `fediverseFetch`).

const CHANGES = {
  'wix.blog.v3.post_created': 'published',
  'wix.blog.v3.post_updated': 'updated',
  'wix.blog.v3.post_deleted': 'removed',
} as const;

async function queued(): Promise<number> {
  try {
    return await (await siteJobs()).getQueueSize(FEDIVERSE_QUEUE);
  } catch {
    return 0;
  }
}

export async function startFediverse(): Promise<void> {
  if (!config().fediverse.enabled) return;
  processSingleton('fediverse-listener', () => {
    subscribe('fediverse-delivery', (event) => {
      const change = CHANGES[event.type as keyof typeof CHANGES];
      if (!change) return;
      void (async () => {
        if (!(await siteFollowers().count())) return;
        const { sendPostChange } = await import('./index');
        await sendPostChange(event.entityId, change);
      })().catch((error: unknown) =>
        console.error(
          JSON.stringify({ msg: 'fediverse: post not sent', postId: event.entityId, error: String(error) }),
        ),
      );
    });
    return true;
  });
  if ((await siteFollowers().count()) || (await queued())) {
    const { announceMoves, startFediverseWorker } = await import('./index');
    // A handle changed (FEDIVERSE_MOVED_FROM): the followers hear it once.
    if (config().fediverse.movedFrom.length)
      await announceMoves().catch((error: unknown) =>
        console.error(JSON.stringify({ msg: 'fediverse: the move was not sent', error: String(error) })),
      );
    await startFediverseWorker();
  }
}
