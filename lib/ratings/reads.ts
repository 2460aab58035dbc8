import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import { type RatingSummary, siteRatings } from './index';

/** A post's average rating and count as its page shows them (cached under `metrics:{id}`, cleared by each rating). */
export async function getPostRating(postId: string): Promise<RatingSummary> {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.metrics(postId));
  return (await siteRatings().summaries([postId])).get(postId) ?? { average: 0, count: 0 };
}
