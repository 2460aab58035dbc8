import { type CommentRefusal, commentRefusal, commentService } from '@/lib/comments';
import { isCatalogueError } from '@/lib/core/errors';
import { isFormPost } from '@/lib/core/http/body';
import { clientKey } from '@/lib/core/security/limits';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { COMMENTS_FRAGMENT, COMMENT_NOTICES, commentFragment, postPath } from '@/lib/core/site';
import { getPost } from '@/lib/blog/reads';
import { commentFields } from '@/lib/edge/api/comments';
import { errorResponse, jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { publishedPostById } from '@/lib/edge/pages/post';
import { MEMBER_PAGES, MEMBER_SESSION_COOKIE, memberPagePath } from '@/lib/members';
import { authErrors, requestCookie } from '@/lib/owner';

// A post's comments (the rules: lib/comments/service.ts). GET: who this browser's reader is (a member's name, or
// null) and their own comments on the post, whatever their status (private, never cached). POST writes a comment or a
// reply: a form post gets a 303 back to the post (to the comment, or a notice of why it is not shown yet) or to sign
// in; JSON the comment (201), or the catalogue's error (428 names the captcha). Cross-site posts are refused.

const PRIVATE = { 'Cache-Control': 'private, no-store' };
type Context = RouteContext<'/api/posts/[postId]/comments'>;
const seeOther = (location: string) => new Response(null, { status: 303, headers: { ...PRIVATE, Location: location } });
const session = (request: Request) => requestCookie(request, MEMBER_SESSION_COOKIE);

export const GET = jsonHandler<Context>(async (request, { params }) => {
  const { postId } = await params;
  const answer = await commentService.reader(postId, () => publishedPostById(postId), session(request));
  return Response.json(answer, { headers: PRIVATE });
});

export const POST = jsonHandler<Context>(async (request, { params }) => {
  const form = isFormPost(request);
  if (isCrossSite(request)) return errorResponse(authErrors.crossSite());
  const { postId } = await params;
  try {
    const { comment, post } = await commentService.write({
      postId,
      session: session(request),
      client: clientKey(request.headers),
      post: () => publishedPostById(postId),
      fields: () => commentFields(request, form),
    });
    if (!form) return Response.json({ comment }, { status: 201, headers: PRIVATE });
    const fragment = comment.status === 'PUBLISHED' ? commentFragment(comment.id) : COMMENT_NOTICES.awaiting;
    return seeOther(`${postPath(post.slug, post.language)}#${fragment}`);
  } catch (error) {
    const refusal = commentRefusal(error);
    if (refusal && form) return refusedForm(postId, refusal);
    if (refusal?.reason !== 'captcha' || !isCatalogueError(error)) throw error;
    return Response.json({ ...error.toJSON(), captcha: refusal.captcha }, { status: 428, headers: PRIVATE });
  }
});

/** A refused form post: to sign in and back, or back to the post with the notice saying why. */
async function refusedForm(postId: string, refusal: CommentRefusal): Promise<Response> {
  if (refusal.reason === 'sign-in') {
    const next = `${postPath(refusal.post.slug, refusal.post.language)}#${COMMENTS_FRAGMENT}`;
    return seeOther(memberPagePath(MEMBER_PAGES.signin, 'signin-to-comment', next));
  }
  const post = await getPost(postId).catch(() => null);
  return seeOther(`${post ? postPath(post.slug, post.language) : '/'}#${COMMENT_NOTICES[refusal.reason]}`);
}

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
