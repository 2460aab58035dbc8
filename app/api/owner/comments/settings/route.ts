import { errors } from '@/lib/core/errors';
import { ownerForm } from '@/lib/edge/api/owner-form';
import { errorResponse, jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { commentSettingsStore, isApproval } from '@/lib/comments';

// POST (the dashboard's "Comment settings" form): whether visitors without an account may comment (a checkbox: left
// unticked, it is not sent), and whose comments wait for approval (none, visitors, everyone). As the owner only (401
// otherwise, 403 cross-site, nothing changes); every thread is refreshed (their forms ask a visitor's name or not), and
// a 303 back to the comments page.

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  const form = await ownerForm(request);
  for (const [name, value] of form) {
    const known = (name === 'visitorsMayComment' && value === 'on') || (name === 'approval' && isApproval(value));
    if (!known)
      return errorResponse(
        errors.badValue('the form has visitorsMayComment (on) and approval (none, visitors or everyone)'),
      );
  }
  const approval = form.get('approval');
  if (!isApproval(approval)) return errorResponse(errors.badValue('approval must be none, visitors or everyone'));
  await commentSettingsStore().set({ visitorsMayComment: form.get('visitorsMayComment') === 'on', approval });
  return new Response(null, {
    status: 303,
    headers: { Location: '/dashboard/comments?saved=settings', 'Cache-Control': 'no-store' },
  });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
