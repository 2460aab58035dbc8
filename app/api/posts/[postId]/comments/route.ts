import { getPost } from '@/lib/blog/reads';
import type { Post } from '@/lib/blog/types';
import { type PostComment, commentRefusal, commentService } from '@/lib/comments';
import { isCatalogueError } from '@/lib/core/errors';
import { COMMENTS_FRAGMENT, COMMENT_NOTICES, commentFragment, postPath } from '@/lib/core/site';
import { commentFields } from '@/lib/edge/api/comments';
import { readerGet, readerPost } from '@/lib/edge/api/reader-route';
import { PRIVATE, otherMethods } from '@/lib/edge/api/respond';
import { publishedPostById } from '@/lib/edge/pages/post';
import { MEMBER_PAGES, memberPagePath } from '@/lib/members';

// A post's comments (the rules: lib/comments/service.ts). GET: who this browser's reader is (a member's name, or
// null) and their own comments on the post, whatever their status (private, never cached). POST writes a comment or a
// reply: a form post gets a 303 back to the post (to the comment, or a notice of why it is not shown yet) or to sign
// in; JSON the comment (201), or the catalogue's error (428 names the captcha; 409 the same comment sent again, which
// a form is sent back to). Cross-site posts are refused.

type Context = RouteContext<'/api/posts/[postId]/comments'>;

/** Where a form comes back to for a comment: the comment, once published; else the notice that it waits. */
const backTo = (comment: PostComment, on: Post) =>
  `${postPath(on.slug, on.language)}#${comment.status === 'PUBLISHED' ? commentFragment(comment.id) : COMMENT_NOTICES.awaiting}`;

export const GET = readerGet<Context>(null, ({ session }, { postId }) =>
  commentService.reader(postId, () => publishedPostById(postId), session),
);

export const POST = readerPost<Context>(null, async ({ request, form, session, client }, { postId }) => {
  const [post, fields] = [() => publishedPostById(postId), () => commentFields(request, form)];
  try {
    const { comment, post: on } = await commentService.write({ postId, session, client, post, fields });
    return { to: backTo(comment, on), json: () => ({ comment }), status: 201 };
  } catch (error) {
    const refusal = commentRefusal(error);
    if (refusal?.reason === 'captcha' && !form && isCatalogueError(error)) {
      return Response.json({ ...error.toJSON(), captcha: refusal.captcha }, { status: 428, headers: PRIVATE });
    }
    if (!refusal || !form) throw error;
    // A form sent again: back to the comment it wrote the first time (JSON gets the 409).
    if (refusal.reason === 'repeated') return backTo(refusal.comment, refusal.post);
    const at = refusal.reason === 'sign-in' ? refusal.post : await getPost(postId).catch(() => null);
    const path = at ? postPath(at.slug, at.language) : '/';
    if (refusal.reason !== 'sign-in') return `${path}#${COMMENT_NOTICES[refusal.reason]}`;
    return memberPagePath(MEMBER_PAGES.signin, 'signin-to-comment', `${path}#${COMMENTS_FRAGMENT}`);
  }
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
