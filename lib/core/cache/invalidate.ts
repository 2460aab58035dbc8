import { randomBytes, timingSafeEqual } from 'node:crypto';
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
//
// Next clears tags only inside a request (a route handler, a server function). Work done outside one (a job the queue
// runs at its time: a scheduled post published) has its listeners told at once, and its tags cleared in a request the
// server makes to itself: POST /api/internal/tags on loopback, with a key only this process holds (`clearTags`).

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
  try {
    clearTags(tags);
  } catch (error) {
    if (!(error instanceof Error && OUTSIDE_A_REQUEST.test(error.message))) throw error;
    void clearTagsInARequest(tags);
  }
  return tags;
}

/** What Next's revalidateTag throws outside a request (no work store: a job, a timer). */
const OUTSIDE_A_REQUEST = /static generation store missing/;

/** Clears tags, in a request (a route handler); the internal route calls it with what a job asked for. */
export function clearTags(tags: readonly string[]): void {
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
}

/** The key of this process's requests to itself: random at start, never written anywhere. */
const internalKey = () => processSingleton('internal-tags-key', () => randomBytes(32).toString('base64url'));

/** Whether a request's `x-internal-key` is this process's own. */
export function isInternalKey(given: string | null): boolean {
  const expected = Buffer.from(internalKey());
  const actual = Buffer.from(given ?? '');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The internal route's path; the server listens on PORT (next start sets it), so loopback reaches this process. */
export const INTERNAL_TAGS_PATH = '/api/internal/tags';

async function clearTagsInARequest(tags: readonly string[]): Promise<void> {
  // Not configuration (config() is read before the server listens): the port Next set when it started listening.
  // eslint-disable-next-line no-restricted-properties
  const port = process.env.PORT;
  const failed = (why: string) =>
    console.warn(JSON.stringify({ msg: 'cache: tags outside a request not cleared', tags: tags.slice(0, 20), why }));
  if (!port) return failed('PORT is not set (the server is not listening in this process)');
  try {
    const response = await fetch(`http://127.0.0.1:${port}${INTERNAL_TAGS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-key': internalKey() },
      body: JSON.stringify({ tags }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) failed(`HTTP ${response.status}`);
  } catch (error) {
    failed(String(error));
  }
}
