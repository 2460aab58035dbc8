import { createHash } from 'node:crypto';
import { defineCollection, OWNER_ONLY } from '@/lib/data/types';
import type { ItemOf } from '@/lib/data/types';

/**
 * The local likes: one item per (post, liker), its id a digest of both, so the primary key refuses a second like by
 * the same liker however many race (a double click, two tabs). Internal: a liker is a member id or a visitor's id, and
 * nobody but the site may list who liked what.
 */
export const postLikes = defineCollection({
  id: 'post-likes',
  internal: true,
  fields: {
    postId: { type: 'text', indexed: true },
    /** `member:<id>` or `visitor:<id>`. */
    liker: { type: 'text' },
  },
  permissions: OWNER_ONLY,
});

export type PostLikeItem = ItemOf<typeof postLikes>;

/** The item id of a liker's like of a post: the same for every request of that liker. */
export const likeId = (postId: string, liker: string) =>
  createHash('sha256').update(`post-like\n${postId}\n${liker}`).digest('hex').slice(0, 40);
