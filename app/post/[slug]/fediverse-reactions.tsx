import { getFediverseReactions } from '@/lib/fediverse/reads';
import { words } from '@/lib/core/i18n';
import { config } from '@/lib/core/config';

/**
 * The post's likes and boosts from the fediverse, beside its own likes (read through the cache, tagged `metrics:{id}`:
 * each one kept or taken back refreshes the page). Nothing when there are none, when the blog is not on the fediverse,
 * or when they cannot be read.
 */
export async function FediverseReactions({ postId, language }: { postId: string; language?: string | null }) {
  if (!config().fediverse.enabled) return null;
  const counts = await getFediverseReactions(postId).catch(() => null);
  if (!counts || (!counts.likes && !counts.boosts)) return null;
  const { t } = words(language);
  return (
    <p className="post-fediverse">{t('post.fediverseReactions', { likes: counts.likes, boosts: counts.boosts })}</p>
  );
}
