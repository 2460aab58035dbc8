import type { Members } from './stand-in-members';
import { type Answer, type Call, type Json, wixError } from './stand-in-shared';

// The stand-in's Pricing Plans, as @wix/auto_sdk_pricing-plans_plans and _orders document them:
//
// - GET /pricing-plans/v2/plans/public (`plans.listPublicPlans`): the public plans, `planIds` to narrow them; `limit`
//   "Default: 75 ... Max: 100" and at most 100 `planIds` (ListPublicPlansRequest); a larger one is 400.
//   Answers `{ plans, pagingMetadata: { count, offset, total } }`.
// - GET /pricing-plans/v2/member/orders (`orders.memberListOrders`): the orders of the member whose token calls it,
//   `orderStatuses` to narrow them, `limit` "Default: 50 ... Max: 50" and `offset` (MemberListOrdersOptions); another
//   caller is 403 (a member-only call). Answers `{ orders, pagingMetadata }`.
// - POST /redirect-session/v1/redirect-session with `paidPlansCheckout` (`redirects.createRedirectSession`): Wix's
//   hosted checkout, `{ redirectSession: { id, fullUrl } }`.

export interface StandInPlan {
  id: string;
  name: string;
  description?: string;
  /** PublicPlan.pricing: `price { value, currency }` and one model (`subscription`, `singlePaymentForDuration`, …). */
  pricing: Json;
}

export function createPlans(plans: StandInPlan[], members: Members) {
  const wire = (p: StandInPlan) => ({
    id: p.id,
    name: p.name,
    ...(p.description && { description: p.description }),
    pricing: p.pricing,
    public: true,
    slug: p.id,
  });

  return function answer(call: Call): Answer | undefined {
    const { method, route, query: q } = call;
    if (method === 'GET' && route === '/pricing-plans/v2/plans/public') {
      const ids = q.getAll('planIds');
      const limit = Number(q.get('limit') ?? 75);
      if (ids.length > 100) return wixError(400, 'INVALID_ARGUMENT', 'planIds: at most 100');
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        return wixError(400, 'INVALID_ARGUMENT', 'limit: 1–100');
      const offset = Number(q.get('offset') ?? 0);
      const list = plans.filter((p) => ids.length === 0 || ids.includes(p.id));
      const page = list.slice(offset, offset + limit).map(wire);
      return { status: 200, body: { plans: page, pagingMetadata: { count: page.length, offset, total: list.length } } };
    }
    if (method === 'GET' && route === '/pricing-plans/v2/member/orders') {
      if (call.caller.kind !== 'member') return wixError(403, 'FORBIDDEN', 'a member-only call');
      const limit = Number(q.get('limit') ?? 50);
      if (!Number.isInteger(limit) || limit < 1 || limit > 50) return wixError(400, 'INVALID_ARGUMENT', 'limit: 1–50');
      const offset = Number(q.get('offset') ?? 0);
      const statuses = q.getAll('orderStatuses');
      const member = members.member(call.caller.memberId);
      const list = (member?.orders ?? [])
        .map((o, i) => ({
          id: `order-${member!.id}-${i}`,
          planId: o.planId,
          planName: plans.find((p) => p.id === o.planId)?.name ?? '',
          status: o.status,
          buyer: { memberId: member!.id, contactId: member!.id },
        }))
        .filter((o) => statuses.length === 0 || statuses.includes(o.status));
      const page = list.slice(offset, offset + limit);
      return {
        status: 200,
        body: { orders: page, pagingMetadata: { count: page.length, offset, total: list.length } },
      };
    }
    if (method === 'POST' && route === '/redirect-session/v1/redirect-session') {
      const checkout = (call.body.paidPlansCheckout ?? {}) as Json;
      if (!plans.some((p) => p.id === checkout.planId)) return wixError(400, 'INVALID_ARGUMENT', 'no such plan');
      const fullUrl = `${call.origin}/_stand-in/checkout?planId=${encodeURIComponent(String(checkout.planId))}`;
      return { status: 200, body: { redirectSession: { id: `checkout-${String(checkout.planId)}`, fullUrl } } };
    }
    return undefined;
  };
}
