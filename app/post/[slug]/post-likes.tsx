import { LikeButton } from '@/components/post/like-button';
import { getPostLikeCount } from '@/lib/likes/reads';

/**
 * The post's like button with its count, read through the cache (tagged `metrics:{id}`, so each like's event refreshes
 * the page). A count that cannot be read leaves the button without one rather than failing the page.
 */
export async function PostLikes({ postId }: { postId: string }) {
  const count = await getPostLikeCount(postId).catch(() => null);
  return <LikeButton postId={postId} count={count} />;
}
