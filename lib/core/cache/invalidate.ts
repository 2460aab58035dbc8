import { revalidateTag } from 'next/cache';
import { processSingleton } from '@/lib/core/process-singleton';
import { type BlogEventType, type EventSubject, type SiteEventType, tagsForEvent } from './event-tags';

// The one way a change reaches the pages. An event, as the platform names it (its type, the entity, what the entity
// belongs to), clears its tags (event-tags.ts) at once and tells what keeps state in memory (the blog source's posts:
// it registers with `onInvalidate`). The webhook route calls it for what Wix sends, once verified; the site's own
// writes (local likes, comments and their moderation, the data service's writes, comment settings) call it directly
// with the same event: no write signs a token to itself, and nothing else calls revalidateTag (the lint holds that).
// With REDIS_URL every instance hears the cleared tags (redis-shared.mjs) and refreshes its own state (the blog's
// remote-tags.ts).

export interface SiteEvent extends EventSubject {
  type: BlogEventType | SiteEventType;
}

type Listener = (event: SiteEvent) => void;

const listeners = () => processSingleton('invalidate-listeners', () => new Set<Listener>());

/** Runs `listener` after every invalidation in this process (once per listener, however often it registers). */
export function onInvalidate(listener: Listener): void {
  listeners().add(listener);
}

/** Clears the event's tags and tells the listeners; answers the tags cleared. */
export function invalidate(event: SiteEvent): string[] {
  const tags = tagsForEvent(event.type, event);
  if (tags.length === 0) return tags;
  for (const listener of listeners()) listener(event);
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  return tags;
}
