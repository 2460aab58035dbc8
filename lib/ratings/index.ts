import { publish } from '@/lib/core/events/bus';
import { isVisitorId } from '@/lib/core/security/visitor-id';
import { type DataClient, OWNER_ONLY, recordsClient } from '@/lib/data';
import { OWNER, defineCollection } from '@/lib/data/types';
import { type RatingSettingsStore, createRatingSettingsStore, ratingSettings } from './settings';
import { type RatingService, checkRating, createRatingService } from './service';
import type { RankedPost, RatingSummary } from './types';
import { memberOfCookie } from '@/lib/members';

export * from './types';
export { type RaterCaller, type RatingService, asksToSignInToRate, checkRating } from './service';
export { DEFAULT_RATING_SETTINGS, type RatingSettings, type RatingSettingsStore, ratingSettings } from './settings';

// Ratings of posts (issue 31): a reader rates a post 1 to 5, once (rating again changes their rating): a member, or,
// where the owner lets visitors rate (the rating settings, settings.ts), a visitor as the visitor of their signed
// cookie (lib/core/security/visitor-id.ts: `v-…`, the id polls know them by too). They live in the site's own records
// on both platforms: Wix's `@wix/comments` ratings module rates a comments resource (a review beside a comments
// widget: its rating carries `publishedCommentCount`), and `@wix/blog` 1.0.660 writes no post rating (its metrics name
// RATING_COUNT as a sort field only). A post's average and count are one grouped query over all its ratings, members'
// and visitors', never a counter kept elsewhere, and each rating clears the post's `metrics:` tag (its page shows
// them).

export const postRatings = defineCollection({
  id: 'post-ratings',
  internal: true,
  fields: {
    postId: { type: 'text', indexed: true },
    /** The member who rated; a visitor's rating has `visitorId` instead. */
    memberId: { type: 'text' },
    visitorId: { type: 'text' },
    rating: { type: 'number' },
    ratedDate: { type: 'datetime' },
  },
  permissions: OWNER_ONLY,
});

/**
 * How many rated posts `ranked` orders: the dashboard reads each one's post to order and check it (lib/edge/pages/
 * dashboard-table.ts), and skips them all in the unrated rest. Past it, rated posts sort with the rest, newest first.
 */
export const RANKED_LIMIT = 1000;

const NONE: RatingSummary = { average: 0, count: 0 };

/** Best rated first: the higher average, then more ratings; then by post id, so the order (and the bound) is total. */
const byRating = (a: RankedPost, b: RankedPost) =>
  b.average - a.average || b.count - a.count || (a.postId < b.postId ? -1 : a.postId > b.postId ? 1 : 0);

/** A rating's record id, the post's and the rater's: a member's id (hex, a UUID) is never a visitor's (`v-…`). */
const ratingId = (postId: string, raterId: string) => `${postId}.${raterId}`;

/** The post ratings in `records`, and what the site does with them. */
export function createRatings(records: DataClient, now: () => Date = () => new Date()) {
  records.declare(postRatings);

  /** Each rated post's average (to one decimal, as shown) and count, in one grouped query over its ratings. */
  async function grouped(filter: Record<string, unknown> = {}): Promise<RankedPost[]> {
    const groups = await records.aggregate(
      postRatings.id,
      {
        filter,
        groupBy: ['postId'],
        operations: { count: { op: 'count' }, average: { op: 'avg', field: 'rating' } },
      },
      OWNER,
    );
    return groups.map((group) => ({
      postId: String(group.postId),
      average: Math.round(Number(group.average) * 10) / 10,
      count: Number(group.count),
    }));
  }

  return {
    /**
     * The rater (a member's id, or a visitor's `v-…`) rates the post (again: their rating changes); the post's page is
     * refreshed.
     */
    async rate(postId: string, raterId: string, value: unknown): Promise<RatingSummary> {
      const rating = checkRating(value);
      const rater = isVisitorId(raterId) ? { visitorId: raterId } : { memberId: raterId };
      await records.save(
        postRatings.id,
        { _id: ratingId(postId, raterId), postId, ...rater, rating, ratedDate: now().toISOString() },
        OWNER,
      );
      publish({ type: 'site.ratings.changed', entityId: postId });
      return (await this.summaries([postId])).get(postId) ?? NONE;
    },

    /** The rater's (a member's or a visitor's) own rating of the post, or null. */
    async mine(postId: string, raterId: string): Promise<number | null> {
      const item = await records.get(postRatings.id, ratingId(postId, raterId), OWNER);
      return typeof item?.rating === 'number' ? item.rating : null;
    },

    /** Each post's average and count, in one grouped query (a post without ratings is absent). */
    async summaries(postIds: string[]): Promise<Map<string, RatingSummary>> {
      if (postIds.length === 0) return new Map();
      const groups = await grouped({ postId: { $in: postIds } });
      return new Map(groups.map(({ postId, ...summary }) => [postId, summary]));
    },

    /**
     * The rated posts, best first (average as shown, then count; post id among equals), at most `limit`: one grouped
     * query over every rating (the data service's aggregate has no order or limit, so each rated post's one row is
     * read and sorted here). It names posts, not what became of them: a deleted post's ratings still rank here.
     */
    async ranked(limit = RANKED_LIMIT): Promise<RankedPost[]> {
      return (await grouped()).sort(byRating).slice(0, Math.max(0, limit));
    },
  };
}

export type Ratings = ReturnType<typeof createRatings>;

/** The site's ratings, in its records. */
export const siteRatings = (): Ratings => createRatings(recordsClient(postRatings));

/** Each post's rating summary, for the JSON API and the dashboard (lib/edge/pages/reader-counts.ts). */
export const ratingSummaries = (postIds: string[]) => siteRatings().summaries(postIds);

/** The rated posts, best first, at most `limit` (the dashboard's rating order: lib/edge/pages/dashboard-table.ts). */
export const rankedPosts = (limit?: number) => siteRatings().ranked(limit);

/**
 * Who may rate, in the site's records (the owner's dashboard form; the rating route at each visitor's rating). A
 * change clears `site.ratings.settings_changed`'s tag: every post's rating form says who may rate.
 */
export const ratingSettingsStore = (): RatingSettingsStore =>
  createRatingSettingsStore(recordsClient(ratingSettings), () =>
    publish({ type: 'site.ratings.settings_changed', entityId: ratingSettings.id }),
  );

/** The rules of rating (service.ts), over the site's ratings and who may rate. */
export const ratingService: RatingService = createRatingService({
  ratings: siteRatings,
  settings: ratingSettingsStore,
  memberOf: memberOfCookie,
});
