import { errors } from '@/lib/core/errors';
import { ownerForm } from '@/lib/edge/api/owner-form';
import { errorResponse, jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { siteMemberAdmin } from '@/lib/members';
import { setWriter } from '@/lib/writers';

// POST (the dashboard's member list, a form): approve or block a member, or let them write (`write`) or no longer
// (`stop-writing`: lib/writers), as the owner; a 303 back to the list. Anyone else gets 401, a cross-site post 403:
// nothing changes. With members at Wix, the Wix dashboard manages them (and its Blog's writers): 404.

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  const form = await ownerForm(request);
  const id = form.get('id') ?? '';
  const action = form.get('action');
  const members = siteMemberAdmin();
  if (!members) {
    return errorResponse(errors.notFound('members are managed in the Wix dashboard: this site keeps no member list'));
  }
  if (action === 'write' || action === 'stop-writing') {
    const member = await members.memberById(id);
    if (!member) return errorResponse(errors.badValue('no such member'));
    await setWriter({ id: member.id, name: member.displayName, email: member.email }, action === 'write');
    return new Response(null, {
      status: 303,
      headers: { Location: '/dashboard/members?saved=writers', 'Cache-Control': 'no-store' },
    });
  }
  const done =
    action === 'approve' ? await members.approveMember(id) : action === 'block' ? await members.blockMember(id) : null;
  if (!done) return errorResponse(errors.badValue('no such member, or no such action (approve or block)'));
  return new Response(null, { status: 303, headers: { Location: '/dashboard/members', 'Cache-Control': 'no-store' } });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
