import { randomBytes, timingSafeEqual } from 'node:crypto';
import { revalidateTag } from 'next/cache';
import { processSingleton } from '@/lib/core/process-singleton';
import type { DomainEvent } from '@/lib/core/events/types';
import { tagsForEvent } from './event-tags';

// The cache subscriber (lib/core/events/registry.ts, `cache`): an event clears its tags (event-tags.ts), and nothing
// else calls revalidateTag (the lint holds that). With REDIS_URL every instance hears the cleared tags
// (redis-shared.mjs) and refreshes its own state (the blog's remote-tags.ts).
//
// Next clears tags only inside a request: revalidateTag "can be called in Server Functions and Route Handlers" (Next
// 16's docs), and outside one it throws ("static generation store missing": no work store, so no incremental cache to
// write to and no handlers' updateTags to call). There is no public way to clear a tag from a job or a timer: the
// store it needs is made per request, and reaching the handlers without it would be Next's internals. So work done
// outside a request (a job at its time: a scheduled post published) has its tags cleared in a request the server makes
// to itself: POST /api/internal/tags on loopback, with a key only this process holds. The job publishes its event as
// any write does; this subscriber alone knows that the tags go that way.

/** Clears the event's tags; answers them. */
export function clearEventTags(event: DomainEvent): string[] {
  const tags = tagsForEvent(event.type, event);
  if (tags.length === 0) return tags;
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
