import type { Post } from '@/lib/blog/types';
import { CatalogueError, TooManyRequests, errors } from '@/lib/core/errors';
import { processSingleton } from '@/lib/core/process-singleton';
import { consume, createLimiter, secondsLeft } from '@/lib/core/security/limits';
import { newVisitorCookie, visitorOfCookie } from '@/lib/core/security/visitor-id';
import type { RatingSettingsStore } from './settings';
import type { RatingSummary } from './types';

// The rules of rating, over the site's ratings (index.ts), with no HTTP in sight. A member rates as the member. A
// visitor rates only where the owner lets visitors rate (read at each visitor's rating), as the visitor of the signed
// visitor cookie the polls share (lib/core/security/visitor-id.ts: a new one is made on their first rating or vote, and
// the answer carries its value for the caller to keep), and each client address has VISITOR_RATINGS a day per post, so
// dropping the cookie cannot stuff the post's ratings. A client has PER_MINUTE ratings a minute. A rating outside 1-5
// is the catalogue's 400, checked before it takes a point of the visitor's budget.

const RATING_LIMITS = { perMinute: 30, visitorRatingsPerDay: 3 } as const;

const limiter = () =>
  processSingleton('ratings-limits', () =>
    createLimiter({ keyPrefix: 'ratings:client', points: RATING_LIMITS.perMinute, durationSeconds: 60 }),
  );
const visitorLimiter = () =>
  processSingleton('ratings-limits:visitor', () =>
    createLimiter({
      keyPrefix: 'ratings:visitor',
      points: RATING_LIMITS.visitorRatingsPerDay,
      durationSeconds: 24 * 60 * 60,
    }),
  );

/** What the service asks of the stored ratings (index.ts createRatings). */
export interface RatingsPort {
  summaries(postIds: string[]): Promise<Map<string, RatingSummary>>;
  mine(postId: string, raterId: string): Promise<number | null>;
  rate(postId: string, raterId: string, value: unknown): Promise<RatingSummary>;
}

export interface RatingServicePorts {
  ratings: () => RatingsPort;
  settings: () => RatingSettingsStore;
  /** The member a session token names (null: none, or one no longer valid). */
  memberOf: (session: string | undefined) => Promise<{ id: string } | null>;
}

/** Who calls: a member's session token, the visitor cookie's value (either may be absent). */
export interface RaterCaller {
  session: string | undefined;
  visitor: string | undefined;
}

export interface RateInput extends RaterCaller {
  client: string;
  /** The published post, or the catalogue's 404. */
  post: () => Promise<Post>;
  /** The rating sent (checked here), read once the client is within its ratings. */
  value: () => Promise<unknown>;
}

/** A rating as a reader gave it: a whole number from 1 to 5, else the catalogue's 400. */
export function checkRating(value: unknown): number {
  const n = typeof value === 'string' && /^\d$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 5) {
    throw errors.badValue('rating must be a whole number from 1 to 5');
  }
  return n;
}

const signIns = new WeakSet<object>();
/** Whether an error is the service's "sign in to rate" (a form goes to sign in instead). */
export const asksToSignInToRate = (error: unknown) => typeof error === 'object' && !!error && signIns.has(error);

export function createRatingService(ports: RatingServicePorts) {
  const memberIdOf = async (session: string | undefined) => (await ports.memberOf(session))?.id ?? null;

  return {
    /** The post's average and count, and the caller's own rating (a member's, or the visitor's of the cookie). */
    async reader(post: () => Promise<Post>, caller: RaterCaller): Promise<RatingSummary & { mine: number | null }> {
      const { id } = await post();
      const raterId = (await memberIdOf(caller.session)) ?? visitorOfCookie(caller.visitor);
      const ratings = ports.ratings();
      const [summary, mine] = await Promise.all([ratings.summaries([id]), raterId ? ratings.mine(id, raterId) : null]);
      return { ...(summary.get(id) ?? { average: 0, count: 0 }), mine };
    },

    /** The caller rates the post (again: their rating changes). */
    async rate(input: RateInput) {
      const post = await input.post();
      const limited = await consume(limiter(), input.client);
      if (!limited.ok) throw new TooManyRequests('too many ratings from this client', secondsLeft(limited.res));
      const value = await input.value();
      let raterId = await memberIdOf(input.session);
      let newVisitor: string | null = null;
      if (!raterId) {
        if (!(await ports.settings().get()).visitorsMayRate) {
          const signIn = new CatalogueError(401, 'WDE9401', 'sign in to rate: members rate posts');
          signIns.add(signIn);
          throw signIn;
        }
        checkRating(value);
        const budget = await consume(visitorLimiter(), `${input.client}|${post.id}`);
        if (!budget.ok) {
          const message = 'too many visitors’ ratings from this address on this post';
          throw new TooManyRequests(message, secondsLeft(budget.res));
        }
        raterId = visitorOfCookie(input.visitor);
        if (!raterId) {
          const made = newVisitorCookie();
          [raterId, newVisitor] = [made.id, made.value];
        }
      }
      const summary = await ports.ratings().rate(post.id, raterId, value);
      return { summary, mine: checkRating(value), post, newVisitor };
    },
  };
}

export type RatingService = ReturnType<typeof createRatingService>;
