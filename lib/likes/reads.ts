import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import { readKey, settle, unwrap } from '@/lib/core/reads';
import { likeCount } from '@/lib/likes';

// A post page's like count: hours long, since every like and unlike ends in post_liked / post_unliked (from Wix, or
// the site's own invalidation), which clear `metrics:{id}`.
async function cachedLikeCount(id: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.metrics(id), cacheTags.post(id));
  return settle(readKey('like-count', id), () => likeCount(id));
}

export const getPostLikeCount = async (id: string): Promise<number> => unwrap(await cachedLikeCount(id));
