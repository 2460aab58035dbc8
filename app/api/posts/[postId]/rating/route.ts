import { isFormPost } from '@/lib/core/http/body';
import { clientKey } from '@/lib/core/security/limits';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { VISITOR_COOKIE, VISITOR_TTL_SECONDS } from '@/lib/core/security/visitor-id';
import { postPath } from '@/lib/core/site';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { publishedPostById } from '@/lib/edge/pages/post';
import { ratingValue } from '@/lib/edge/api/reader-input';
import { MEMBER_PAGES, MEMBER_SESSION_COOKIE, memberPagePath } from '@/lib/members';
import { authErrors, httpOnlyCookie, isSecureRequest, requestCookie } from '@/lib/owner';
import { type RaterCaller, asksToSignInToRate, ratingService } from '@/lib/ratings';

// A post's rating (issue 31; the rules: lib/ratings/service.ts). POST `rating` (1 to 5): from the post's form a 303
// back to the post's rating, from JSON the post's `{ average, count, mine }`; a visitor's first rating sets the shared
// visitor cookie. Where only members rate, a visitor's form goes to sign in and comes back; JSON answers 401.
// Cross-site posts are refused. GET answers the post's summary and the reader's own rating, private, never cached.

const PRIVATE = { 'Cache-Control': 'private, no-store' };
type Context = RouteContext<'/api/posts/[postId]/rating'>;
const callerOf = (request: Request): RaterCaller => ({
  session: requestCookie(request, MEMBER_SESSION_COOKIE),
  visitor: requestCookie(request, VISITOR_COOKIE),
});

export const GET = jsonHandler<Context>(async (request, { params }) => {
  const { postId } = await params;
  const answer = await ratingService.reader(() => publishedPostById(postId), callerOf(request));
  return Response.json(answer, { headers: PRIVATE });
});

export const POST = jsonHandler<Context>(async (request, { params }) => {
  if (isCrossSite(request)) throw authErrors.crossSite();
  const form = isFormPost(request);
  const { postId } = await params;
  const rated = await ratingService
    .rate({
      ...callerOf(request),
      client: clientKey(request.headers),
      post: () => publishedPostById(postId),
      value: () => ratingValue(request, form),
    })
    .catch(async (error: unknown) => {
      if (!form || !asksToSignInToRate(error)) throw error;
      const post = await publishedPostById(postId);
      const back = encodeURIComponent(`${postPath(post.slug, post.language)}#rating`);
      return new Response(null, {
        status: 303,
        headers: { ...PRIVATE, Location: `${memberPagePath(MEMBER_PAGES.signin, 'signin-to-rate')}&next=${back}` },
      });
    });
  if (rated instanceof Response) return rated;
  const { summary, mine, post, newVisitor } = rated;
  const headers = new Headers(PRIVATE);
  if (newVisitor) {
    // Path /: the polls read it too (the same visitor is the same voter).
    headers.append(
      'Set-Cookie',
      httpOnlyCookie(VISITOR_COOKIE, newVisitor, isSecureRequest(request), VISITOR_TTL_SECONDS),
    );
  }
  if (!form) return Response.json({ ...summary, mine }, { headers });
  headers.set('Location', `${postPath(post.slug, post.language)}#rating`);
  return new Response(null, { status: 303, headers });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
