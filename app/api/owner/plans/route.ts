import { ownerForm } from '@/lib/edge/api/owner-form';
import { jsonHandler, otherMethods, seeOther } from '@/lib/edge/api/respond';
import { planService } from '@/lib/plans';

// POST (the dashboard's Plans page, plain forms; the rules: lib/plans/service.ts): as the owner, `intent` define (a
// plan: name, description, price, currency, billing, periodCount, periodUnit), remove (planId), grant or revoke
// (memberId, planId); a 303 back to the page. Anyone else gets 401, a cross-site post 403; a malformed plan or an
// unknown plan the catalogue's 400 or 404: nothing changes. With plans at Wix (members at Wix), the Wix dashboard
// edits them: 404.

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  await planService.change(await ownerForm(request, 4096));
  return seeOther('/dashboard/plans');
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
