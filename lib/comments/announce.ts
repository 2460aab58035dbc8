import { publish } from '@/lib/core/events/bus';
import type { CommentChanged, CommentPosted } from '@/lib/core/events/types';
import type { CommentAnnouncer, CommentChange } from './local';

// A comment written, edited, moderated or deleted by the site (its own, or at Wix through the site) is published as the
// Comments API's event (`wix.comments.v2.comment_*`, the post as its resource): CommentPosted for a new one,
// CommentChanged for the rest. Its subscribers, in order (lib/core/events/registry.ts): the blog source, the post's
// thread and count in the cache, and for a visible reply the watchers' notices.

const TYPES = {
  created: 'wix.comments.v2.comment_created',
  updated: 'wix.comments.v2.comment_updated',
  deleted: 'wix.comments.v2.comment_deleted',
} as const satisfies Record<CommentChange, (CommentPosted | CommentChanged)['type']>;

export const announceLocally: CommentAnnouncer = async (change, comment) => {
  publish({ type: TYPES[change], entityId: comment.id, resourceId: comment.postId });
};
