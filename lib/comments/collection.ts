import { defineCollection, OWNER_ONLY } from '@/lib/data/types';
import type { ItemOf } from '@/lib/data/types';

/**
 * The local comments: one item per comment. Internal (only the site reads and writes it, as the owner): who may see,
 * edit or delete a comment is the comments service's rule (a writer their own; everyone the published ones), not the
 * data service's. `parentId` is '' for a top-level comment, `memberId` '' for a visitor's. A reply from the fediverse
 * (lib/fediverse) names its note (`remoteId`), its writer's actor (`actorId`), picture and page; '' on the others.
 */
export const postComments = defineCollection({
  id: 'post-comments',
  internal: true,
  fields: {
    postId: { type: 'text', indexed: true },
    parentId: { type: 'text', indexed: true },
    memberId: { type: 'text', indexed: true },
    name: { type: 'text' },
    text: { type: 'text' },
    status: { type: 'text', indexed: true },
    edited: { type: 'boolean' },
    remoteId: { type: 'text', indexed: true },
    actorId: { type: 'text', indexed: true },
    avatar: { type: 'text' },
    profile: { type: 'text' },
    handle: { type: 'text' },
  },
  permissions: OWNER_ONLY,
});

export type PostCommentItem = ItemOf<typeof postComments>;

/** The comment settings: one item, saved by the owner in the dashboard. */
export const commentSettings = defineCollection({
  id: 'comment-settings',
  internal: true,
  fields: {
    visitorsMayComment: { type: 'boolean' },
    approval: { type: 'text' },
  },
  permissions: OWNER_ONLY,
});
