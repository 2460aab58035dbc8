import { commentService } from '@/lib/comments';
import { clientKey } from '@/lib/core/security/limits';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { commentFields } from '@/lib/edge/api/comments';
import { errorResponse, jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { MEMBER_SESSION_COOKIE } from '@/lib/members';
import { authErrors, requestCookie } from '@/lib/owner';

// One comment, as its writer (the rules: lib/comments/service.ts): PATCH `{ text }` changes its text (answers
// `{ comment }`; where the blog's settings hold this writer's comments for approval, it waits again), DELETE deletes it
// and its replies (answers `{ comment }`, as it was). Only the member who wrote it: anyone else gets 403 (WDE0027), a
// visitor 401, an unknown comment 404. Cross-site requests are refused; edits count against the client's writes.

const PRIVATE = { 'Cache-Control': 'private, no-store' };
type Context = RouteContext<'/api/comments/[commentId]'>;
const session = (request: Request) => requestCookie(request, MEMBER_SESSION_COOKIE);

export const PATCH = jsonHandler<Context>(async (request, { params }) => {
  if (isCrossSite(request)) return errorResponse(authErrors.crossSite());
  const { commentId } = await params;
  const comment = await commentService.edit({
    commentId,
    session: session(request),
    client: clientKey(request.headers),
    fields: () => commentFields(request, false),
  });
  return Response.json({ comment }, { headers: PRIVATE });
});

export const DELETE = jsonHandler<Context>(async (request, { params }) => {
  if (isCrossSite(request)) return errorResponse(authErrors.crossSite());
  const comment = await commentService.remove((await params).commentId, session(request));
  return Response.json({ comment }, { headers: PRIVATE });
});

export const { GET, HEAD, POST, PUT, OPTIONS } = otherMethods(['PATCH', 'DELETE']);
