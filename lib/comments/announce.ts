import { invalidate } from '@/lib/core/cache/invalidate';
import type { CommentAnnouncer } from './local';

// A local comment written, edited, moderated or deleted refreshes its post's thread and count as the Comments API's
// event would (`wix.comments.v2.comment_*`, the post as its resource), through the site's one invalidation
// (lib/core/cache/invalidate.ts).

export const announceLocally: CommentAnnouncer = async (change, comment) => {
  invalidate({ type: `wix.comments.v2.comment_${change}`, entityId: comment.id, resourceId: comment.postId });
};
