import { revalidateTag } from 'next/cache';
import { blogSource } from '@/lib/blog';
import { type BlogEventType, isCommentEvent, isPostEvent, tagsForEvent } from './event-tags';

// The one way a change reaches the pages. An event, as the platform names it (its type, the entity, what the entity
// belongs to), clears its tags (event-tags.ts) at once and tells the blog source which post to read again. The webhook
// route calls it for what Wix sends, once verified; the site's own writes (local likes, comments and their moderation)
// call it directly with the same event: no write signs a token to itself. With REDIS_URL every instance hears the
// cleared tags (lib/core/cache/redis-shared.mjs) and refreshes its own source (remote-tags.ts).

export interface SiteEvent {
  type: BlogEventType;
  /** The entity the event is about: a post, category, tag, draft, comment or member id. */
  entityId: string;
  /** What the entity belongs to: a comment's post. */
  resourceId?: string;
}

/** Clears the event's tags and refreshes the post it names; answers the tags cleared. */
export function invalidate({ type, entityId, resourceId }: SiteEvent): string[] {
  const tags = tagsForEvent(type, entityId, resourceId);
  if (tags.length === 0) return tags;
  // A post's own event names it; a comment's names its post, whose count is read again.
  const postId = isPostEvent(type) ? entityId : isCommentEvent(type) ? resourceId : undefined;
  blogSource().refresh(postId ? { postId } : undefined);
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  return tags;
}
