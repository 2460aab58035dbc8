import { errors } from '@/lib/core/errors';
import { ownerForm } from '@/lib/edge/api/owner-form';
import { errorResponse, jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { siteMemberAdmin } from '@/lib/members';

// POST (the dashboard's "Sign-up rules" form): whether new members confirm their address with a mailed code, and
// whether they wait for the owner's approval. Two checkboxes: a box left unticked is not sent, so each is read as
// ticked or not. As the owner only (401 otherwise, 403 cross-site, nothing changes); a 303 back to the members page.
// With members at Wix, its dashboard holds these rules: 404.

const CHECKED = 'on';

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  const form = await ownerForm(request);
  const admin = siteMemberAdmin();
  if (!admin) return errorResponse(errors.notFound('members are managed in the Wix dashboard, sign-up rules too'));
  for (const [name, value] of form) {
    if (!['emailVerification', 'ownerApproval'].includes(name) || value !== CHECKED) {
      return errorResponse(errors.badValue('the form has two boxes: emailVerification and ownerApproval'));
    }
  }
  await admin.setSignUpPolicy({
    emailVerification: form.get('emailVerification') === CHECKED,
    ownerApproval: form.get('ownerApproval') === CHECKED,
  });
  return new Response(null, {
    status: 303,
    headers: { Location: '/dashboard/members?saved=policy', 'Cache-Control': 'no-store' },
  });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
