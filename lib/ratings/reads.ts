import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import { readKey, settle, unwrap } from '@/lib/core/reads';
import { type RatingSummary, siteRatings } from './index';

async function cachedPostRating(postId: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.metrics(postId));
  // Errors cross the cache as values (docs/architecture.md, "Decisions"): a database that cannot answer is an outcome.
  return settle(
    readKey('postRating', postId),
    async (): Promise<RatingSummary> =>
      (await siteRatings().summaries([postId])).get(postId) ?? { average: 0, count: 0 },
  );
}

/** A post's average rating and count as its page shows them (cached under `metrics:{id}`, cleared by each rating). */
export const getPostRating = async (postId: string): Promise<RatingSummary> => unwrap(await cachedPostRating(postId));
