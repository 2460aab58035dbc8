import { isCatalogueError } from '@/lib/core/errors';
import type { DataClient } from '@/lib/data';
import { OWNER, countBy } from '@/lib/data/types';
import { likeId, postLikes } from './collection';
import type { Liker, LikeState, PostLikes } from './types';
import { isVisitorId, newVisitorId } from './visitor';

// Likes kept by the site: one item per (post, liker) in the internal `post-likes` collection. The post's count is
// derived, never written: what the blog's platform counts (`baseline`: the post's `metrics.likes`, which no site write
// moves) plus the post's items, counted by a query (as Ghost counts its comments), so instances sharing the records
// never lose one. Each change is announced with the event Wix would send (`announce`: post_liked / post_unliked through
// the site's one invalidation), which refreshes the post's cached pages.

/** What the blog's platform counts for a post apart from the site's likes: its `metrics.likes`, 0 when it has none. */
export type LikeBaseline = (postId: string) => Promise<number>;

export type LikeAnnouncer = (change: 'liked' | 'unliked', postId: string, liker: Liker) => Promise<void>;

export interface LocalLikesSettings {
  client: DataClient;
  baseline: LikeBaseline;
  announce: LikeAnnouncer;
}

/** The likes stored for each of `postIds` (one grouped count query; a post with none is absent). */
export const storedLikeCounts = (client: DataClient, postIds: string[]): Promise<Map<string, number>> =>
  countBy(client, postLikes, 'postId', postIds);

const likerKey = (liker: Liker) => (liker.kind === 'member' ? `member:${liker.memberId}` : `visitor:${liker.visitor}`);

export function createLocalLikes({ client, baseline, announce }: LocalLikesSettings): PostLikes {
  client.declare(postLikes);
  const idOf = (postId: string, liker: Liker) => likeId(postId, likerKey(liker));
  const total = async (postId: string): Promise<number> => {
    const [platform, stored] = await Promise.all([
      baseline(postId),
      client.count(postLikes.id, { filter: { postId } }, OWNER),
    ]);
    return platform + stored;
  };

  return {
    name: 'local',
    async state(postId, liker) {
      const [count, item] = await Promise.all([
        total(postId),
        liker ? client.get(postLikes.id, idOf(postId, liker), OWNER) : null,
      ]);
      return { total: count, liked: Boolean(item) };
    },
    async like(postId, liker): Promise<LikeState> {
      try {
        await client.insert(postLikes.id, { _id: idOf(postId, liker), postId, liker: likerKey(liker) }, OWNER);
      } catch (error) {
        // Already liked (a double click, a race): the primary key kept one; nothing changes.
        if (isCatalogueError(error) && error.wde === 'WDE0074') return { total: await total(postId), liked: true };
        throw error;
      }
      await announce('liked', postId, liker);
      return { total: await total(postId), liked: true };
    },
    async unlike(postId, liker): Promise<LikeState> {
      const removed = await client.remove(postLikes.id, idOf(postId, liker), OWNER);
      if (!removed) return { total: await total(postId), liked: false };
      await announce('unliked', postId, liker);
      return { total: await total(postId), liked: false };
    },
    newVisitor: async () => newVisitorId(),
    isVisitor: isVisitorId,
  };
}
