import { errors } from '@/lib/core/errors';
import { ownerForm } from '@/lib/edge/api/owner-form';
import { errorResponse, jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { commentModeration } from '@/lib/comments';
import { siteMemberAdmin } from '@/lib/members';

// POST (the dashboard's comment list, a form): approve, hide or delete a comment, or block its writer (the comment is
// hidden and the member blocked: their sessions end, they cannot sign in again until unblocked), as the owner; a 303
// back to the list it came from. Anyone else gets 401, a cross-site post 403: nothing changes. Blocking needs the
// site's own members (at Wix, the Wix dashboard blocks them): 404 there.

const ACTIONS = ['approve', 'hide', 'delete', 'block'] as const;
type Action = (typeof ACTIONS)[number];
const LISTS = ['PENDING', 'PUBLISHED', 'HIDDEN'];

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  const form = await ownerForm(request);
  const id = form.get('id') ?? '';
  const action = ACTIONS.find((a) => a === form.get('action')) as Action | undefined;
  if (!action) return errorResponse(errors.notAChoice('action must be approve, hide, delete or block'));
  const moderation = commentModeration();
  const members = siteMemberAdmin();
  if (action === 'block' && !members) {
    return errorResponse(errors.notFound('members are managed in the Wix dashboard: block the member there'));
  }
  const comment =
    action === 'approve'
      ? await moderation.approve(id)
      : action === 'delete'
        ? await moderation.discard(id)
        : await moderation.hide(id);
  if (!comment) return errorResponse(errors.notFound(`comment "${id.slice(0, 128)}" does not exist`));
  if (action === 'block') {
    if (!comment.author.memberId) return errorResponse(errors.badValue('a visitor wrote this comment: it is hidden'));
    await members!.blockMember(comment.author.memberId);
  }
  const list = LISTS.find((l) => l === form.get('list')) ?? 'PENDING';
  return new Response(null, {
    status: 303,
    headers: { Location: `/dashboard/comments?status=${list}&done=${action}`, 'Cache-Control': 'no-store' },
  });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
