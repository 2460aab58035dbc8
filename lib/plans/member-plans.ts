import { orders } from '@wix/pricing-plans';
import { config } from '@/lib/core/config';
import { errors } from '@/lib/core/errors';
import { processSingleton } from '@/lib/core/process-singleton';
import { type DataClient, OWNER, recordsClient } from '@/lib/data';
import { wixRefreshTokenOf } from '@/lib/members';
import { serve } from '@/lib/platform';
import { wixTokens } from '@/lib/wix/tokens';
import { transportFor } from '@/lib/wix/transport';
import { createLocalPlans, planGrants, pricingPlans } from './local';
import { memberActiveOrders } from './wix';

// A member's own plans, as their account page shows them (issue 47): each plan's name, since when they hold it, and
// when it ends or renews; and the member's own cancellation. Locally a plan is the owner's grant, which takes no
// payment and runs until it is revoked: the member may end it themselves, at once (the owner's revoke, PlanAdmin, made
// by the member on their own grant: the next paid post they open is the preview; only the owner can grant it again). At
// Wix a plan is an order at Wix's Pricing Plans, paid at Wix and cancelled there (where the owner's settings allow it):
// the page lists it from the same call `held` makes (orders.memberListOrders as the member, ACTIVE orders; its start,
// end and current cycle) and cancels nothing here.

/** Where a member ends a plan of theirs: on the account page, or at Wix. */
export type PlanCancellation = 'here' | 'wix';

export interface MemberPlan {
  planId: string;
  planName: string;
  /** Since when they hold it (ISO 8601): the grant's date, the order's start; null when the platform does not say. */
  since: string | null;
  /** When it ends (ISO 8601): an order paid for a duration, or one whose renewal is cancelled; null if it runs on. */
  until: string | null;
  /** When it renews (ISO 8601): a recurring order's current cycle's end; null when it does not renew. */
  renews: string | null;
  cancel: PlanCancellation;
}

export interface MemberPlans {
  /** The plans the member holds now, asked of the platform on each call (never cached). */
  list(member: { id: string; sessionToken: string }): Promise<MemberPlan[]>;
  /**
   * Ends the member's own plan `planId` at once, where plans end here; false when they hold no such plan (nothing
   * changes). At Wix the catalogue's 404, naming where a plan is cancelled.
   */
  cancel(member: { id: string }, planId: string): Promise<boolean>;
}

const iso = (value: unknown): string | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null;
};

/** The member's plans in the site's own records: their active grants, as the owner gave them. */
export function localMemberPlans(records: DataClient): MemberPlans {
  async function activeGrants(memberId: string, planId?: string) {
    const filter = {
      memberId: { $eq: memberId },
      status: { $eq: 'active' },
      ...(planId && { planId: { $eq: planId } }),
    };
    return (await records.query(planGrants.id, { filter, limit: 1000 }, OWNER)).items;
  }

  return {
    async list(member) {
      const grants = await activeGrants(member.id);
      if (grants.length === 0) return [];
      const { items } = await records.query(
        pricingPlans.id,
        { filter: { _id: { $in: grants.map((g) => String(g.planId)) } }, limit: grants.length },
        OWNER,
      );
      const names = new Map(items.map((item) => [item._id, String(item.name ?? '')]));
      // A grant of a plan the owner has since removed opens nothing, and is not shown.
      return grants
        .flatMap((grant): MemberPlan[] => {
          const planName = names.get(String(grant.planId));
          if (planName === undefined) return [];
          const since = iso(grant.grantedDate);
          return [{ planId: String(grant.planId), planName, since, until: null, renews: null, cancel: 'here' }];
        })
        .sort((a, b) => a.planName.localeCompare(b.planName) || a.planId.localeCompare(b.planId));
    },

    async cancel(member, planId) {
      if (typeof planId !== 'string' || !planId || planId.length > 128) return false;
      if ((await activeGrants(member.id, planId)).length === 0) return false;
      await createLocalPlans(records).revoke(member.id, planId);
      return true;
    },
  };
}

/** An ACTIVE order at Wix as the account page shows it. */
export function memberPlanOfOrder(order: orders.Order): MemberPlan | null {
  if (order.status !== 'ACTIVE' || !order.planId) return null;
  const recurring = Boolean(order.pricing?.subscription);
  const renewalCancelled = order.autoRenewCanceled === true;
  return {
    planId: order.planId,
    planName: order.planName ?? '',
    since: iso(order.startDate),
    // Wix leaves `endDate` out for an order valid until cancelled; a cancelled renewal ends it at the cycle's end.
    until: iso(order.endDate) ?? (recurring && renewalCancelled ? iso(order.currentCycle?.endedDate) : null),
    renews: recurring && !renewalCancelled ? iso(order.currentCycle?.endedDate) : null,
    cancel: 'wix',
  };
}

/** The member's plans at Wix's Pricing Plans: their ACTIVE orders, asked as the member (their own token). */
export function wixMemberPlans(settings: {
  clientId?: string;
  apiBaseUrl?: string;
  memberRefreshToken(sessionToken: string): string | null;
}): MemberPlans {
  const reads = transportFor(settings);
  const tokens = settings.clientId ? wixTokens({ clientId: settings.clientId, transport: reads }) : null;
  return {
    async list(member) {
      const refreshToken = settings.memberRefreshToken(member.sessionToken);
      if (!refreshToken || !tokens) return [];
      return (await memberActiveOrders(tokens, refreshToken, reads)).flatMap((order) => memberPlanOfOrder(order) ?? []);
    },

    async cancel() {
      throw errors.notFound("a plan bought at Wix is cancelled in the site's member area at Wix");
    },
  };
}

/** The member's plans where the platform keeps plans (lib/platform `plans`), one per process. */
export const memberPlans = (): MemberPlans =>
  serve('plans', {
    local: () =>
      processSingleton('member-plans-local', () => localMemberPlans(recordsClient(pricingPlans, planGrants))),
    wix: () =>
      processSingleton('member-plans-wix', () => {
        const { clientId, apiBaseUrl } = config().wix;
        return wixMemberPlans({ clientId, apiBaseUrl, memberRefreshToken: wixRefreshTokenOf });
      }),
  });
