import { commentFields, commentWriteLimit } from '@/lib/edge/api/comments';
import { memberOfRequest } from '@/lib/edge/api/member-forms';
import { errorResponse, jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { authErrors } from '@/lib/owner';
import { clientKey } from '@/lib/core/security/limits';
import { type MemberWriter, commentSettingsStore, siteComments, waitsForApproval } from '@/lib/comments';
import { CatalogueError } from '@/lib/core/errors';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { commentText } from '@/lib/comments';

// One comment, as its writer: PATCH `{ text }` changes its text (answers `{ comment }`), DELETE deletes it and its
// replies (answers `{ comment }`, as it was). An edit waits for the owner as a new comment by this writer would: where
// the blog's settings hold their comments for approval, a published comment whose text changes is PENDING again (out
// of the thread and the count until approved), so an approved comment cannot become something else unseen. Only the
// member who wrote it: anyone else gets 403 (WDE0027), a visitor 401, an unknown comment 404; nothing changes.
// Cross-site requests are refused; edits count against the client's comment writes.

const PRIVATE = { 'Cache-Control': 'private, no-store' };

type Context = RouteContext<'/api/comments/[commentId]'>;

async function writerOf(request: Request): Promise<MemberWriter> {
  const signedIn = await memberOfRequest(request);
  if (!signedIn) throw new CatalogueError(401, 'WDE9401', 'sign in to change your comments');
  const { member, session } = signedIn;
  return { kind: 'member', memberId: member.id, name: member.displayName, sessionToken: session };
}

export const PATCH = jsonHandler<Context>(async (request, { params }) => {
  if (isCrossSite(request)) return errorResponse(authErrors.crossSite());
  const limited = await commentWriteLimit(clientKey(request.headers));
  if (limited) return limited;
  const { commentId } = await params;
  const writer = await writerOf(request);
  const text = commentText((await commentFields(request, false)).text);
  const status = waitsForApproval(await commentSettingsStore().get(), writer.kind) ? 'PENDING' : 'PUBLISHED';
  const comment = await siteComments().edit(commentId, text, writer, status);
  return Response.json({ comment }, { headers: PRIVATE });
});

export const DELETE = jsonHandler<Context>(async (request, { params }) => {
  if (isCrossSite(request)) return errorResponse(authErrors.crossSite());
  const { commentId } = await params;
  const comment = await siteComments().remove(commentId, await writerOf(request));
  return Response.json({ comment }, { headers: PRIVATE });
});

export const { GET, HEAD, POST, PUT, OPTIONS } = otherMethods(['PATCH', 'DELETE']);
