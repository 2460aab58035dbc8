import { errors } from '@/lib/core/errors';
import { OWNER, recordsClient } from '@/lib/data';
import { members } from '@/lib/members';
import { ownerForm } from '@/lib/edge/api/owner-form';
import { errorResponse, jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { type PeriodUnit, type Plan, planAdmin, plansChanged } from '@/lib/plans';

// POST (the dashboard's Plans page, plain forms): as the owner, `intent` define (a plan: name, description, price,
// currency, billing, periodCount, periodUnit), remove (planId), grant or revoke (memberId, planId); a 303 back to the
// page. Anyone else gets 401, a cross-site post 403; a malformed plan or an unknown plan the catalogue's 400 or 404:
// nothing changes. With plans at Wix (members at Wix), the Wix dashboard edits them: 404.

const field = (form: URLSearchParams, name: string, max = 450) => (form.get(name) ?? '').trim().slice(0, max + 1);

function planOfForm(form: URLSearchParams): Omit<Plan, 'id'> {
  const price = field(form, 'price', 20);
  const billing = field(form, 'billing', 20);
  const count = Number(field(form, 'periodCount', 10) || '1');
  const unit = field(form, 'periodUnit', 10) as PeriodUnit;
  return {
    name: field(form, 'name', 50),
    description: field(form, 'description') || undefined,
    price: price && Number(price) > 0 ? { value: price, currency: field(form, 'currency', 3).toUpperCase() } : null,
    billing:
      billing === 'unlimited'
        ? { kind: 'unlimited' }
        : { kind: billing === 'duration' ? 'duration' : 'recurring', count, unit },
  };
}

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  const form = await ownerForm(request, 4096);
  const admin = planAdmin();
  if (!admin) return errorResponse(errors.notFound('plans are managed in the Wix dashboard (Pricing Plans)'));
  const intent = form.get('intent');
  const planId = field(form, 'planId', 128);
  const memberId = field(form, 'memberId', 128);
  if (intent === 'define') {
    await admin.define(planOfForm(form));
    plansChanged();
  } else if (intent === 'remove' && planId) {
    await admin.remove(planId);
    plansChanged();
  } else if ((intent === 'grant' || intent === 'revoke') && planId && memberId) {
    if (intent === 'grant' && !(await recordsClient(members).get(members.id, memberId, OWNER))) {
      return errorResponse(errors.notFound(`no member ${memberId.slice(0, 64)}`));
    }
    await (intent === 'grant' ? admin.grant(memberId, planId) : admin.revoke(memberId, planId));
  } else {
    return errorResponse(errors.badValue('intent is define, remove (planId), grant or revoke (memberId, planId)'));
  }
  return new Response(null, { status: 303, headers: { Location: '/dashboard/plans', 'Cache-Control': 'no-store' } });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
