import { revalidateTag } from 'next/cache';
import type { DomainEvent } from '@/lib/core/events/types';
import { tagsForEvent } from './event-tags';

// The cache subscriber (lib/core/events/registry.ts, `cache`): an event clears its tags (event-tags.ts), and nothing
// else calls revalidateTag (the lint holds that). With REDIS_URL every instance hears the cleared tags
// (redis-shared.mjs) and refreshes its own state (the blog's remote-tags.ts).
//
// Next clears tags only inside a request: revalidateTag "can be called in Server Functions and Route Handlers" (Next
// 16's docs), and outside one it throws ("static generation store missing": it queues the tags on the request's work
// store, and Next hands them to the cache handlers when the request ends). Work done outside a request (a job at its
// time: a scheduled post published) publishes its event as any write does, and this subscriber hands the tags to the
// cache handlers itself, as Next would have: the site's own handlers (use-cache-handler.mjs registers the function,
// which writes the tags manifest both local caches check and, with Redis, tells the other instances).

/** Clears the event's tags; answers them. */
export function clearEventTags(event: DomainEvent): string[] {
  const tags = tagsForEvent(event.type, event);
  if (tags.length === 0) return tags;
  try {
    clearTags(tags);
  } catch (error) {
    if (!(error instanceof Error && OUTSIDE_A_REQUEST.test(error.message))) throw error;
    void clearTagsOutsideARequest(tags);
  }
  return tags;
}

/** What Next's revalidateTag throws outside a request (no work store: a job, a timer). */
const OUTSIDE_A_REQUEST = /static generation store missing/;

/**
 * Clears tags, in a request (a route handler, a server action). Next hands a route's revalidated tags to the cache
 * handlers only once its answer is sent (the request's waitUntil: app-route/module.js `resolvePendingRevalidations`),
 * so a page asked for right after "Settings saved. Every page shows them now." could still be the old one, and the
 * Settings form read back old values (settings.spec failed so once in CI, run 41). The site's handlers get the tags now
 * too: the cached reads at once, the pages as soon as their tag list is written.
 */
export function clearTags(tags: readonly string[]): void {
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  if (handlersExpire()) void clearTagsOutsideARequest(tags);
}

type ExpireTags = (tags: readonly string[], durations: { expire?: number }) => Promise<void>;

/** The site's cache handlers' own clearing, where Next loaded them (use-cache-handler.mjs); none in tests. */
const handlersExpire = () => (globalThis as Record<symbol, ExpireTags | undefined>)[Symbol.for('wix-blog.expire-tags')];

/** Clears tags outside a request, through the cache handlers Next loaded (use-cache-handler.mjs). */
async function clearTagsOutsideARequest(tags: readonly string[]): Promise<void> {
  const failed = (why: string) =>
    console.warn(JSON.stringify({ msg: 'cache: tags outside a request not cleared', tags: tags.slice(0, 20), why }));
  const expire = handlersExpire();
  if (!expire) return failed("the site's cache handlers are not loaded in this process");
  try {
    // The durations revalidateTag(tag, { expire: 0 }) gives the handlers.
    await expire(tags, { expire: 0 });
  } catch (error) {
    failed(String(error));
  }
}
