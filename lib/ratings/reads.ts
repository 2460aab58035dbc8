import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import { readKey, settle, unwrap } from '@/lib/core/reads';
import { DEFAULT_RATING_SETTINGS, type RatingSummary, ratingSettingsStore, siteRatings } from './index';

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

// Who may rate: every post's rating form says it, so it is one read for all of them, tagged `rating-settings` (the
// owner's change clears it, `site.ratings.settings_changed`).
async function cachedRatingSettings() {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.ratingSettings);
  return settle(readKey('ratingSettings'), () => ratingSettingsStore().get());
}

/** What a post's page shows of its ratings: the average and count, and whether visitors may rate too. */
export interface PostRatingView extends RatingSummary {
  visitorsMayRate: boolean;
}

/**
 * A post's average rating and count as its page shows them (cached under `metrics:{id}`, cleared by each rating), and
 * who may rate (cached under `rating-settings`; when it cannot be read, the default: members). The route decides who
 * rates at each rating; this only words the form.
 */
export async function getPostRating(postId: string): Promise<PostRatingView> {
  const [summary, settings] = await Promise.all([cachedPostRating(postId), cachedRatingSettings()]);
  const { visitorsMayRate } = settings.ok ? settings.value : DEFAULT_RATING_SETTINGS;
  return { ...unwrap(summary), visitorsMayRate };
}
