import { isFormPost } from '@/lib/core/http/body';
import { clientKey } from '@/lib/core/security/limits';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { LIKER_HINT_COOKIE, LIKES_FRAGMENT, postPath } from '@/lib/core/site';
import { likeIntent } from '@/lib/edge/api/reader-input';
import { errorResponse, jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { publishedPostById } from '@/lib/edge/pages/post';
import { LIKER_COOKIE, LIKER_COOKIE_TTL_SECONDS, type LikeCaller, likeService } from '@/lib/likes';
import { MEMBER_SESSION_COOKIE } from '@/lib/members';
import { authErrors, httpOnlyCookie, isSecureRequest, readableCookie, requestCookie } from '@/lib/owner';

// A post's likes (the rules: lib/likes/service.ts). GET answers `{ total, liked }` for this browser (private, never
// cached). POST likes (or, with `intent=unlike`, unlikes) and DELETE unlikes: a form post (the button without
// JavaScript) gets a 303 back to the post's like button, JSON (the island) the new `{ total, liked }`. A first like
// without an account sets the liker cookie (and its readable hint). Cross-site posts are refused.

const PRIVATE = { 'Cache-Control': 'private, no-store' };
type Context = RouteContext<'/api/posts/[postId]/likes'>;
const callerOf = (request: Request): LikeCaller => ({
  session: requestCookie(request, MEMBER_SESSION_COOKIE),
  visitor: requestCookie(request, LIKER_COOKIE),
});

export const GET = jsonHandler<Context>(async (request, { params }) => {
  const { postId } = await params;
  const state = await likeService.state(postId, () => publishedPostById(postId), callerOf(request));
  return Response.json(state, { headers: PRIVATE });
});

async function write(request: Request, { params }: Context): Promise<Response> {
  const form = isFormPost(request);
  if (isCrossSite(request)) return errorResponse(authErrors.crossSite());
  const { postId } = await params;
  const { state, post, newVisitor } = await likeService.write({
    ...callerOf(request),
    postId,
    client: clientKey(request.headers),
    intent: () => likeIntent(request, form),
    post: () => publishedPostById(postId),
  });
  const headers = new Headers(PRIVATE);
  if (newVisitor) {
    const [secure, ttl] = [isSecureRequest(request), LIKER_COOKIE_TTL_SECONDS];
    headers.append('Set-Cookie', httpOnlyCookie(LIKER_COOKIE, newVisitor, secure, ttl));
    headers.append('Set-Cookie', readableCookie(LIKER_HINT_COOKIE, '1', secure, ttl));
  }
  if (!form) return Response.json(state, { headers });
  // Post/Redirect/Get: back to the post's like button.
  headers.set('Location', `${postPath(post.slug, post.language)}#${LIKES_FRAGMENT}`);
  return new Response(null, { status: 303, headers });
}

export const POST = jsonHandler<Context>(write);
export const DELETE = jsonHandler<Context>(write);

export const { PUT, PATCH, OPTIONS } = otherMethods(['GET', 'POST', 'DELETE']);
