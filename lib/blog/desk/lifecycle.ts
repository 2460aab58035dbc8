import type { RawPost } from '../local/folder';

// A post's lifecycle on the content folder, as the Wix Blog keeps it: statuses PUBLISHED, UNPUBLISHED (a draft),
// SCHEDULED (a draft with its `scheduledPublishDate`) and IN_REVIEW (a writer's draft waiting for the owner). Pure:
// each answers the post as it is after the change; the desk (service.ts) writes it and publishes the event. The CLI's
// post commands take the same steps.

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

// A writer's post under review, as Wix's Blog keeps it: the post IN_REVIEW with its `moderationDetails` (submittedBy,
// submittedDate, status UNKNOWN until answered, moderationDate once answered: @wix/auto_sdk_blog_draft-posts
// ModerationDetails), and the owner's note to a writer whose post went back (`moderationNote`, the site's own).

interface ModerationDetails {
  submittedBy: string;
  submittedDate: string;
  status: 'UNKNOWN' | 'APPROVED' | 'REJECTED';
  moderationDate?: string;
}

const detailsOf = (post: RawPost) => (post as { moderationDetails?: ModerationDetails }).moderationDetails;

/** Submitted for review by its writer: waits for the owner; a schedule it had is dropped. */
export function submitted(post: RawPost, memberId: string, now: string): RawPost {
  const { scheduledPublishDate: _, moderationNote: __, ...rest } = post as RawPost & { moderationNote?: string };
  const moderationDetails: ModerationDetails = { submittedBy: memberId, submittedDate: now, status: 'UNKNOWN' };
  return { ...rest, status: 'IN_REVIEW', moderationDetails } as RawPost;
}

/** Approved by the owner: published, the review answered. */
export function approved(post: RawPost, now: string): RawPost {
  const details = detailsOf(post);
  return {
    ...published(post, now),
    ...(details && { moderationDetails: { ...details, status: 'APPROVED', moderationDate: now } }),
  } as RawPost;
}

/** Sent back to its writer with the owner's note: a draft again, the review answered. */
export function rejected(post: RawPost, note: string, now: string): RawPost {
  const details = detailsOf(post);
  return {
    ...post,
    status: 'UNPUBLISHED',
    ...(details && { moderationDetails: { ...details, status: 'REJECTED', moderationDate: now } }),
    moderationNote: note,
  } as RawPost;
}

/** The review as the desk tells it (null for a post never submitted). */
export function reviewOf(post: RawPost) {
  const details = detailsOf(post);
  if (!details?.submittedBy) return null;
  const note = (post as { moderationNote?: unknown }).moderationNote;
  return {
    submittedBy: details.submittedBy,
    submittedDate: details.submittedDate,
    status: details.status === 'APPROVED' || details.status === 'REJECTED' ? details.status : ('IN_REVIEW' as const),
    moderationDate: details.moderationDate ?? null,
    note: details.status === 'REJECTED' && typeof note === 'string' ? note : null,
  };
}
