import { invalidate } from '@/lib/core/cache/invalidate';
import type { LikeAnnouncer } from './local';

// A local like or unlike refreshes the post's pages as the platform's event would (`wix.blog.v3.post_liked` /
// `_unliked`: the post's metrics), through the site's one invalidation (lib/core/cache/invalidate.ts).

export const announceLocally: LikeAnnouncer = async (change, postId) => {
  invalidate({ type: `wix.blog.v3.post_${change}`, entityId: postId });
};
