import { publish } from '@/lib/core/events/bus';
import type { LikeAnnouncer } from './local';

// A local like or unlike is published as the platform's event (PostLiked: `wix.blog.v3.post_liked` / `_unliked`):
// its subscribers (lib/core/events/registry.ts) refresh the post in the blog source and clear its metrics.

export const announceLocally: LikeAnnouncer = async (change, postId) => {
  publish({ type: change === 'liked' ? 'wix.blog.v3.post_liked' : 'wix.blog.v3.post_unliked', entityId: postId });
};
