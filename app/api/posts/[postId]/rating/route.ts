import { errorResponse, jsonHandler, otherMethods, tooManyRequests } from '@/lib/edge/api/respond';
import { authErrors, httpOnlyCookie, isSecureRequest, requestCookie } from '@/lib/owner';
import { clientKey, consume, createLimiter, secondsLeft } from '@/lib/core/security/limits';
import { VISITOR_COOKIE, VISITOR_TTL_SECONDS, newVisitorCookie, visitorOfCookie } from '@/lib/core/security/visitor-id';
import { publishedPostById } from '@/lib/edge/pages/post';
import { CatalogueError, errors } from '@/lib/core/errors';
import { isFormPost, readBodyText } from '@/lib/core/http/body';
import { memberOfRequest } from '@/lib/edge/api/member-forms';
import { processSingleton } from '@/lib/core/process-singleton';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { MEMBER_PAGES, memberPagePath } from '@/lib/members';
import { checkRating, ratingSettingsStore, siteRatings } from '@/lib/ratings';
import { postPath } from '@/lib/core/site';

// A post's rating (issue 31). POST `rating` (1 to 5): from the post's form (no JavaScript needed) a 303 back to the
// post's rating, from JSON the post's `{ average, count, mine }`; rating again changes the reader's rating. A member
// rates as the member. A visitor rates only where the owner lets visitors rate (lib/ratings' settings, read at each
// visitor's rating): then as the visitor of the signed HttpOnly cookie the polls use too (lib/core/security/
// visitor-id.ts), made on their first rating or vote, and each client address has VISITOR_RATINGS a day per post, so
// dropping the cookie cannot stuff the post's ratings (429 past it). Elsewhere a visitor's form goes to sign in and
// comes back; JSON answers 401. Cross-site posts are refused, a client has 30 ratings a minute, an unknown post is the
// catalogue's 404 and a rating outside 1-5 its 400 (before it takes a point of the visitor's budget): nothing is
// written. GET answers the post's summary and the reader's own rating (a member's, or the visitor's of the cookie),
// private, never cached.

const PER_MINUTE = 30;
const VISITOR_RATINGS = 3;
const MAX_BODY = 256;
const FRAGMENT = 'rating';
const PRIVATE = { 'Cache-Control': 'private, no-store' };
const limiter = () =>
  processSingleton('ratings-limits', () =>
    createLimiter({ keyPrefix: 'ratings:client', points: PER_MINUTE, durationSeconds: 60 }),
  );
const visitorLimiter = () =>
  processSingleton('ratings-limits:visitor', () =>
    createLimiter({ keyPrefix: 'ratings:visitor', points: VISITOR_RATINGS, durationSeconds: 24 * 60 * 60 }),
  );

type Context = RouteContext<'/api/posts/[postId]/rating'>;

/** `rating` of a JSON body; a body that is not JSON is the catalogue's 400. */
function ratingOfJson(body: string): unknown {
  try {
    return (JSON.parse(body || '{}') as { rating?: unknown } | null)?.rating;
  } catch {
    throw errors.badValue('the body must be JSON: { "rating": 1 to 5 }');
  }
}

const seeOther = (location: string) => new Response(null, { status: 303, headers: { ...PRIVATE, Location: location } });

/** The reader's rater id: the member's, else the visitor's of a cookie whose signature holds; null for neither. */
async function raterOf(request: Request): Promise<string | null> {
  const signedIn = await memberOfRequest(request);
  return signedIn ? signedIn.member.id : visitorOfCookie(requestCookie(request, VISITOR_COOKIE));
}

export const GET = jsonHandler<Context>(async (request, { params }) => {
  const post = await publishedPostById((await params).postId);
  const ratings = siteRatings();
  const raterId = await raterOf(request);
  const [summary, mine] = await Promise.all([
    ratings.summaries([post.id]),
    raterId ? ratings.mine(post.id, raterId) : null,
  ]);
  return Response.json({ ...(summary.get(post.id) ?? { average: 0, count: 0 }), mine }, { headers: PRIVATE });
});

export const POST = jsonHandler<Context>(async (request, { params }) => {
  if (isCrossSite(request)) throw authErrors.crossSite();
  const form = isFormPost(request);
  const post = await publishedPostById((await params).postId);
  const back = `${postPath(post.slug, post.language)}#${FRAGMENT}`;
  const limited = await consume(limiter(), clientKey(request.headers));
  if (!limited.ok) return tooManyRequests('too many ratings from this client', secondsLeft(limited.res));
  const body = await readBodyText(request, MAX_BODY, () => errors.payloadTooLarge(`larger than ${MAX_BODY} bytes`));
  const value = form ? new URLSearchParams(body).get('rating') : ratingOfJson(body);

  const headers = new Headers(PRIVATE);
  const signedIn = await memberOfRequest(request);
  let raterId = signedIn ? signedIn.member.id : null;
  if (!raterId) {
    if (!(await ratingSettingsStore().get()).visitorsMayRate) {
      if (form)
        return seeOther(`${memberPagePath(MEMBER_PAGES.signin, 'signin-to-rate')}&next=${encodeURIComponent(back)}`);
      return errorResponse(new CatalogueError(401, 'WDE9401', 'sign in to rate: members rate posts'));
    }
    // A visitor's rating is checked before it takes a point of their address's budget on this post.
    checkRating(value);
    const budget = await consume(visitorLimiter(), `${clientKey(request.headers)}|${post.id}`);
    if (!budget.ok)
      return tooManyRequests('too many visitors’ ratings from this address on this post', secondsLeft(budget.res));
    raterId = visitorOfCookie(requestCookie(request, VISITOR_COOKIE));
    if (!raterId) {
      const made = newVisitorCookie();
      raterId = made.id;
      // Path /: the polls read it too (the same visitor is the same voter).
      headers.append(
        'Set-Cookie',
        httpOnlyCookie(VISITOR_COOKIE, made.value, isSecureRequest(request), VISITOR_TTL_SECONDS),
      );
    }
  }
  const summary = await siteRatings().rate(post.id, raterId, value);
  if (form) {
    headers.set('Location', back);
    return new Response(null, { status: 303, headers });
  }
  return Response.json({ ...summary, mine: checkRating(value) }, { headers });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
