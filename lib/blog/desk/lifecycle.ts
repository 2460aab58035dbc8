import type { RawPost } from '../local/folder';

// A post's lifecycle on the content folder, as the Wix Blog keeps it: statuses PUBLISHED, UNPUBLISHED (a draft) and
// SCHEDULED (a draft with its `scheduledPublishDate`). Pure: each answers the post as it is after the change; the
// desk (service.ts) writes it and publishes the event. The CLI's post commands take the same steps.

export const isLive = (post: RawPost) => (post.status ?? 'PUBLISHED') === 'PUBLISHED';

/** Published now: its first publication date kept if it had one, the schedule gone. */
export function published(post: RawPost, now: string): RawPost {
  const { scheduledPublishDate: _, ...rest } = post;
  return { ...rest, status: 'PUBLISHED', firstPublishedDate: post.firstPublishedDate ?? now, lastPublishedDate: now };
}

/** A draft that goes live at `at` (ISO): the site's job publishes it then (lib/schedule). */
export const scheduled = (post: RawPost, at: string): RawPost => ({
  ...post,
  status: 'SCHEDULED',
  scheduledPublishDate: at,
});

/** A scheduled draft back to a draft that waits. */
export function unscheduled(post: RawPost): RawPost {
  const { scheduledPublishDate: _, ...rest } = post;
  return { ...rest, status: 'UNPUBLISHED' };
}

/** Back to a draft: readers no longer see it. */
export const unpublished = (post: RawPost): RawPost => ({ ...post, status: 'UNPUBLISHED' });
