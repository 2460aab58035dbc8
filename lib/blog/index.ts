import { processSingleton } from '@/lib/core/process-singleton';
import { config } from '@/lib/core/config';
import { type SiteEvent, onInvalidate } from '@/lib/core/cache/invalidate';
import { isCommentEvent, isPostEvent } from '@/lib/core/cache/event-tags';
import { serve } from '@/lib/platform';
import type { BlogSource } from './source';
import { DEFAULT_GUARD, guardSource } from './guard';
import { createLocalSource } from './local';
import { createWixSource } from './wix';
import { paywallSource } from './paywall';

/**
 * The backend the platform names, one per process: the store an event refreshes must be the one that renders pages,
 * and pages and route handlers load their own copies of this module. Every invalidation in the process (a webhook, a
 * local like or comment) tells it which post to read again.
 */
export function blogSource(): BlogSource {
  return processSingleton('blog-source', () => {
    const c = config();
    // What the public reads: a paid post is its preview, whatever the platform answered (paywall.ts).
    const source = paywallSource(
      serve('blog', {
        // Only the remote platform is guarded: a cold local folder of 100k posts takes seconds to read, legitimately.
        wix: () => guardSource(createWixSource(c.wix), { name: 'Wix', ...DEFAULT_GUARD }),
        local: () => createLocalSource(c.contentDir),
      }),
    );
    onInvalidate((event) => {
      const change = refreshOf(event);
      if (change !== null) source.refresh(change);
    });
    return source;
  });
}

/**
 * What an event makes the source read again: the post it names (a post's or draft's own event, a comment's post), all
 * of it (a category, tag or member event, a comment event that names no post), or nothing (a data item, the site's
 * settings: no post shows them from the source).
 */
function refreshOf({ type, entityId, resourceId }: SiteEvent): { postId: string } | undefined | null {
  if (isPostEvent(type)) return { postId: entityId };
  if (isCommentEvent(type)) return resourceId ? { postId: resourceId } : undefined;
  return type.startsWith('wix.data.') || type.startsWith('site.') ? null : undefined;
}

export type { Author } from './authors';
export { checkCursorQuery } from './query/cursor';
export { parseFilter } from './query/filter';
export { parseSort } from './query/sort';
export type { ListPostsOptions, PostCountStatsOptions, PostQuery } from './source';
export { canonicalTimeZone, monthIndex, statsDate } from './time';
export { refreshOnRemoteTags } from './remote-tags';
