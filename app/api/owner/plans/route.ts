import { errors } from '@/lib/core/errors';
import { ownerForm, ownerOnly } from '@/lib/edge/api/owner-form';
import { NO_STORE, jsonHandler, otherMethods, seeOther } from '@/lib/edge/api/respond';
import { planChoices, planService } from '@/lib/plans';

// POST (the dashboard's Plans page, plain forms; the rules: lib/plans/service.ts): as the owner, `intent` define (a
// plan: name, description, price, currency, billing, periodCount, periodUnit), remove (planId), grant or revoke
// (memberId, planId); a 303 back to the page. Anyone else gets 401, a cross-site post 403; a malformed plan or an
// unknown plan the catalogue's 400 or 404: nothing changes. With plans at Wix (members at Wix), the Wix dashboard
// edits them: 404.
//
// GET: the plans a post may name, `{ plans: [{ id, name }] }`, as the owner (the blog CLI's `update --plans` asks
// here while the running site holds the embedded database: scripts/blog/plans.ts); 502 when the platform cannot say.

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  await planService.change(await ownerForm(request, 4096));
  return seeOther('/dashboard/plans');
});

export const GET = jsonHandler(async (request: Request): Promise<Response> => {
  ownerOnly(request);
  const plans = await planChoices();
  if (!plans) throw errors.upstreamFailed('the plans cannot be listed now');
  return Response.json({ plans }, { headers: NO_STORE });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
