import { errorResponse, jsonHandler, otherMethods, tooManyRequests } from '@/lib/edge/api/respond';
import { authErrors } from '@/lib/owner';
import { clientKey, consume, createLimiter, secondsLeft } from '@/lib/core/security/limits';
import { publishedPostById } from '@/lib/edge/pages/post';
import { CatalogueError, errors } from '@/lib/core/errors';
import { isFormPost, readBodyText } from '@/lib/core/http/body';
import { memberOfRequest } from '@/lib/edge/api/member-forms';
import { processSingleton } from '@/lib/core/process-singleton';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { MEMBER_PAGES, memberPagePath } from '@/lib/members';
import { siteRatings } from '@/lib/ratings';
import { postPath } from '@/lib/core/site';

// A post's rating (issue 31). POST `rating` (1 to 5) as the signed-in member: from the post's form (no JavaScript
// needed) a 303 back to the post's rating, from JSON the post's `{ average, count }`; rating again changes the
// member's rating. A visitor's form goes to sign in and comes back; JSON answers 401. Cross-site posts are refused, a
// client has 30 ratings a minute, an unknown post is the catalogue's 404 and a rating outside 1-5 its 400: nothing is
// written. GET answers the post's summary and, for a member, their own rating (private, never cached).

const PER_MINUTE = 30;
const MAX_BODY = 256;
const FRAGMENT = 'rating';
const PRIVATE = { 'Cache-Control': 'private, no-store' };
const limiter = () =>
  processSingleton('ratings-limits', () =>
    createLimiter({ keyPrefix: 'ratings:client', points: PER_MINUTE, durationSeconds: 60 }),
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

export const GET = jsonHandler<Context>(async (request, { params }) => {
  const post = await publishedPostById((await params).postId);
  const ratings = siteRatings();
  const signedIn = await memberOfRequest(request);
  const [summary, mine] = await Promise.all([
    ratings.summaries([post.id]),
    signedIn ? ratings.mine(post.id, signedIn.member.id) : null,
  ]);
  return Response.json({ ...(summary.get(post.id) ?? { average: 0, count: 0 }), mine }, { headers: PRIVATE });
});

export const POST = jsonHandler<Context>(async (request, { params }) => {
  if (isCrossSite(request)) throw authErrors.crossSite();
  const form = isFormPost(request);
  const post = await publishedPostById((await params).postId);
  const back = `${postPath(post.slug)}#${FRAGMENT}`;
  const limited = await consume(limiter(), clientKey(request.headers));
  if (!limited.ok) return tooManyRequests('too many ratings from this client', secondsLeft(limited.res));
  const body = await readBodyText(request, MAX_BODY, () => errors.payloadTooLarge(`larger than ${MAX_BODY} bytes`));
  const value = form ? new URLSearchParams(body).get('rating') : ratingOfJson(body);
  const signedIn = await memberOfRequest(request);
  if (!signedIn) {
    if (form)
      return seeOther(`${memberPagePath(MEMBER_PAGES.signin, 'signin-to-rate')}&next=${encodeURIComponent(back)}`);
    return errorResponse(new CatalogueError(401, 'WDE9401', 'sign in to rate: members rate posts'));
  }
  const summary = await siteRatings().rate(post.id, signedIn.member.id, value);
  return form ? seeOther(back) : Response.json({ ...summary, mine: Number(value) }, { headers: PRIVATE });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
