import type { Post, PostFieldset } from '@/lib/blog/types';
import { ownerPost } from '@/lib/plans';
import { isOwner } from './caller';

// The owner reads a paid post whole through the JSON API (issue 30): the public answer is the post's preview, the
// owner's (their session cookie checked) the whole text, answered with OWNER_ONLY: private, never stored by a shared
// cache (the shipped nginx config neither stores nor serves such an answer).

export const OWNER_ONLY = { 'Cache-Control': 'private, no-store' };

/** A paid `post` read again whole for the owner, or null: not paid, or not the owner asking. */
export async function ownerWholePost(
  request: Request,
  post: Post,
  fieldsets: readonly PostFieldset[] | undefined,
): Promise<Post | null> {
  if (!post.preview || !isOwner(request)) return null;
  return ownerPost({ id: post.id }, fieldsets ?? []);
}
