import { isCatalogueError } from '@/lib/core/errors';
import type { DataClient } from '@/lib/data';
import type { MetricCounter } from '@/lib/blog';
import { OWNER } from '@/lib/data/types';
import { likeId, postLikes } from './collection';
import type { Liker, LikeState, PostLikes } from './types';
import { isVisitorId, newVisitorId } from './visitor';

// Likes kept by the site: one item per (post, liker) in the internal `post-likes` collection. The post's count is the
// platform's, as on Wix: the content folder's `metrics.likes` (`counter`, the local platform), moved by one only when a
// like was really stored or removed, and each change is announced with the event Wix would send (`announce`: the
// signed post_liked / post_unliked through the webhook path), which refreshes the post's cached pages.

/** The post's like count: the content folder's `metrics.likes` (lib/blog/local/post-metrics.ts). */
export type LikeCounter = MetricCounter;

export type LikeAnnouncer = (change: 'liked' | 'unliked', postId: string, liker: Liker) => Promise<void>;

export interface LocalLikesSettings {
  client: DataClient;
  counter: LikeCounter;
  announce: LikeAnnouncer;
}

/**
 * The count kept in the likes themselves (a Wix blog, whose posts have no file here): the post's `post-likes` items.
 * Nothing is written for it; `add` answers the count the store already holds.
 */
export function storedLikeCounter(client: DataClient): LikeCounter {
  client.declare(postLikes);
  const total = (postId: string) => client.count(postLikes.id, { filter: { postId } }, OWNER);
  return { total, add: (postId) => total(postId) };
}

const likerKey = (liker: Liker) => (liker.kind === 'member' ? `member:${liker.memberId}` : `visitor:${liker.visitor}`);

export function createLocalLikes({ client, counter, announce }: LocalLikesSettings): PostLikes {
  client.declare(postLikes);
  const idOf = (postId: string, liker: Liker) => likeId(postId, likerKey(liker));

  return {
    name: 'local',
    async state(postId, liker) {
      const [total, item] = await Promise.all([
        counter.total(postId),
        liker ? client.get(postLikes.id, idOf(postId, liker), OWNER) : null,
      ]);
      return { total, liked: Boolean(item) };
    },
    async like(postId, liker): Promise<LikeState> {
      try {
        await client.insert(postLikes.id, { _id: idOf(postId, liker), postId, liker: likerKey(liker) }, OWNER);
      } catch (error) {
        // Already liked (a double click, a race): the primary key kept one; nothing changes.
        if (isCatalogueError(error) && error.wde === 'WDE0074')
          return { total: await counter.total(postId), liked: true };
        throw error;
      }
      const total = await counter.add(postId, 1);
      await announce('liked', postId, liker);
      return { total, liked: true };
    },
    async unlike(postId, liker): Promise<LikeState> {
      const removed = await client.remove(postLikes.id, idOf(postId, liker), OWNER);
      if (!removed) return { total: await counter.total(postId), liked: false };
      const total = await counter.add(postId, -1);
      await announce('unliked', postId, liker);
      return { total, liked: false };
    },
    newVisitor: async () => newVisitorId(),
    isVisitor: isVisitorId,
  };
}
