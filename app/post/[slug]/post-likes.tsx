import { LikeButton } from '@/components/post/like-button';
import { getPostLikeCount } from '@/lib/likes/reads';
import { words } from '@/lib/core/i18n';

/**
 * The post's like button with its count, read through the cache (tagged `metrics:{id}`, so each like's event refreshes
 * the page). A count that cannot be read leaves the button without one rather than failing the page. Its words are the
 * page's language's, handed to the island.
 */
export async function PostLikes({ postId, language }: { postId: string; language?: string | null }) {
  const count = await getPostLikeCount(postId).catch(() => null);
  const { t, language: shown } = words(language);
  return (
    <LikeButton
      postId={postId}
      count={count}
      language={shown}
      words={{
        like: t('post.like'),
        likeThis: t('post.likeThis'),
        unlike: t('post.unlike'),
        one: t('post.likesOne'),
        other: t('post.likesOther'),
      }}
    />
  );
}
