import { commentCaptchaAsked, commentFields, commentWriteLimit } from '@/lib/edge/api/comments';
import { memberOfRequest } from '@/lib/edge/api/member-forms';
import { isFormPost } from '@/lib/core/http/body';
import { errorResponse, jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { authErrors } from '@/lib/owner';
import { clientKey } from '@/lib/core/security/limits';
import { getPost } from '@/lib/blog/reads';
import { publishedPostById } from '@/lib/edge/pages/post';
import { type CommentWriter, commentSettingsStore, siteComments, waitsForApproval } from '@/lib/comments';
import { CatalogueError, isCatalogueError } from '@/lib/core/errors';
import { CAPTCHA_FIELD } from '@/lib/members';
import { siteCaptcha } from '@/lib/members';
import { MEMBER_PAGES, memberPagePath } from '@/lib/members';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { COMMENTS_FRAGMENT, COMMENT_NOTICES, commentFragment, postPath } from '@/lib/core/site';
import { commentText, displayName, plainName } from '@/lib/comments';
import { siteReplies, watchReplies } from '@/lib/comments';

// A post's comments. GET answers what this browser's reader may see beyond the cached page: who they are (a member's
// name, or null) and their own comments on the post, whatever their status (private, never cached). POST writes a
// comment (or a reply, `parentId`): as the signed-in member, or as a visitor with a name when the blog's settings let
// visitors comment. A form post (no JavaScript) gets a 303 back to the post: to the comment, or to a notice of why it
// is not shown yet; JSON gets the comment (201), or the catalogue's error. Cross-site posts are refused; past a few
// comments in ten minutes a client solves the captcha (428 names which), past twenty it waits (429).

const PRIVATE = { 'Cache-Control': 'private, no-store' };

type Context = RouteContext<'/api/posts/[postId]/comments'>;

export const GET = jsonHandler<Context>(async (request, { params }) => {
  const { postId } = await params;
  await publishedPostById(postId);
  const signedIn = await memberOfRequest(request);
  const mine = signedIn
    ? await siteComments().mine(postId, {
        kind: 'member',
        memberId: signedIn.member.id,
        name: signedIn.member.displayName,
        sessionToken: signedIn.session,
      })
    : [];
  const member = signedIn ? { name: plainName(signedIn.member.displayName) } : null;
  return Response.json({ member, mine }, { headers: PRIVATE });
});

export const POST = jsonHandler<Context>(async (request, { params }) => {
  const form = isFormPost(request);
  if (isCrossSite(request)) return errorResponse(authErrors.crossSite());
  const { postId } = await params;
  const back = async (fragment: string) => {
    const post = await getPost(postId).catch(() => null);
    return seeOther(`${post ? postPath(post.slug, post.language) : '/'}#${fragment}`);
  };
  const client = clientKey(request.headers);
  const limited = await commentWriteLimit(client);
  if (limited) return form ? back(COMMENT_NOTICES.limited) : limited;

  const fields = await commentFields(request, form);
  const post = await publishedPostById(postId);
  if (post.commentingEnabled === false) {
    return errorResponse(new CatalogueError(403, 'WDE9403', 'comments are closed on this post'));
  }
  const signedIn = await memberOfRequest(request);
  const settings = await commentSettingsStore().get();
  if (!signedIn && !settings.visitorsMayComment) {
    const next = `${postPath(post.slug, post.language)}#${COMMENTS_FRAGMENT}`;
    if (form) return seeOther(memberPagePath(MEMBER_PAGES.signin, 'signin-to-comment', next));
    return errorResponse(
      new CatalogueError(401, 'WDE9401', 'sign in to comment: this blog takes comments from members'),
    );
  }

  try {
    const text = commentText(fields.text);
    const writer: CommentWriter = signedIn
      ? {
          kind: 'member',
          memberId: signedIn.member.id,
          name: plainName(signedIn.member.displayName),
          sessionToken: signedIn.session,
        }
      : { kind: 'visitor', name: displayName(fields.name) };

    const captcha = await commentCaptchaAsked(client);
    if (captcha && !(await siteCaptcha().verify(fields[CAPTCHA_FIELD] ?? ''))) {
      if (form) return back(COMMENT_NOTICES.captcha);
      const required = new CatalogueError(428, 'WDE9428', 'solve the captcha to comment');
      return Response.json({ ...required.toJSON(), captcha }, { status: 428, headers: PRIVATE });
    }

    const status = waitsForApproval(settings, writer.kind) ? 'PENDING' : 'PUBLISHED';
    const comment = await siteComments().create(
      { postId: post.id, parentId: fields.parentId || null, text },
      writer,
      status,
    );
    // Asked for (the form's box), a member is told of replies in this thread by e-mail (lib/comments/replies.tsx).
    if (signedIn && fields.notify === 'on') await watchReplies(siteReplies(), comment, signedIn.member);
    if (form) {
      return back(comment.status === 'PUBLISHED' ? commentFragment(comment.id) : COMMENT_NOTICES.awaiting);
    }
    return Response.json({ comment }, { status: 201, headers: PRIVATE });
  } catch (error) {
    if (form && isCatalogueError(error) && error.status === 400) return back(COMMENT_NOTICES.invalid);
    throw error;
  }
});

const seeOther = (location: string) => new Response(null, { status: 303, headers: { ...PRIVATE, Location: location } });

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
