import { randomUUID } from 'node:crypto';
import type { DataClient } from '@/lib/data';
import { countBy, defineCollection, OWNER, OWNER_ONLY } from '@/lib/data/types';
import { errors, isCatalogueError } from '@/lib/core/errors';
import type { HeldPlan, PeriodUnit, Plan, PlanAdmin, SitePlans } from './types';

// The site's own plans (no Wix Pricing Plans here): the owner defines them in the dashboard, and grants and revokes
// them per member; no payment is taken. A grant's id is its member's and plan's, so granting twice is one grant, and a
// revoked grant is kept (`revokedDate`) for the owner's record. A member holds the plans of their active grants, read
// on each request: a revoked plan stops opening its posts on the member's next request.

export const pricingPlans = defineCollection({
  id: 'pricing-plans',
  internal: true,
  fields: {
    name: { type: 'text' },
    description: { type: 'text' },
    /** A decimal string, as Wix writes money; empty when the plan is free. */
    price: { type: 'text' },
    currency: { type: 'text' },
    /** recurring, duration or unlimited (types.ts `Plan.billing`). */
    billing: { type: 'text' },
    periodCount: { type: 'number' },
    periodUnit: { type: 'text' },
  },
  permissions: OWNER_ONLY,
});

export const planGrants = defineCollection({
  id: 'plan-grants',
  internal: true,
  fields: {
    memberId: { type: 'text', indexed: true },
    planId: { type: 'text', indexed: true },
    /** active or revoked. */
    status: { type: 'text', indexed: true },
    grantedDate: { type: 'datetime' },
    revokedDate: { type: 'datetime' },
  },
  permissions: OWNER_ONLY,
});

/**
 * Who read a paid post past its paywall (one item per post and member: `${postId}.${memberId}`, written at their first
 * read), on either platform: the dashboard's "plan readers" is a grouped count of these.
 */
export const paidReads = defineCollection({
  id: 'paid-reads',
  internal: true,
  fields: {
    postId: { type: 'text', indexed: true },
    memberId: { type: 'text' },
    firstReadDate: { type: 'datetime' },
  },
  permissions: OWNER_ONLY,
});

/**
 * A member read `postId`'s whole text: counted once per member, whatever how often. Only their first read writes (a
 * write is a data event); a later one reads the record and stops, and two first reads at once store one (its id).
 */
export async function notePaidRead(records: DataClient, postId: string, memberId: string, now = new Date()) {
  const _id = `${postId}.${memberId}`;
  if (await records.get(paidReads.id, _id, OWNER)) return;
  try {
    await records.insert(paidReads.id, { _id, postId, memberId, firstReadDate: now.toISOString() }, OWNER);
  } catch (error) {
    // Read in two tabs at once: the other insert counted it.
    if (!(isCatalogueError(error) && error.wde === 'WDE0074')) throw error;
  }
}

/** How many members read each of `postIds` past its paywall. */
export const paidReaders = (records: DataClient, postIds: string[]) => countBy(records, paidReads, 'postId', postIds);

const UNITS: readonly PeriodUnit[] = ['DAY', 'WEEK', 'MONTH', 'YEAR'];
const CURRENCY = /^[A-Z]{3}$/;
const PRICE = /^\d{1,9}(\.\d{1,3})?$/;
const MAX_NAME = 50;
const MAX_DESCRIPTION = 450;

const grantId = (memberId: string, planId: string) => `${memberId}.${planId}`;

type Item = Record<string, unknown> & { _id: string };

function planOf(item: Item): Plan {
  const unit = UNITS.includes(item.periodUnit as PeriodUnit) ? (item.periodUnit as PeriodUnit) : 'MONTH';
  const count = Math.max(1, Number(item.periodCount) || 1);
  const kind = item.billing === 'duration' || item.billing === 'unlimited' ? item.billing : 'recurring';
  return {
    id: item._id,
    name: String(item.name ?? ''),
    ...(item.description ? { description: String(item.description) } : {}),
    price: item.price && Number(item.price) > 0 ? { value: String(item.price), currency: String(item.currency) } : null,
    billing: kind === 'unlimited' ? { kind } : { kind, count, unit },
  };
}

/** A plan as the owner typed it, checked: the catalogue's 400 naming what is wrong, never a half-made plan. */
export function checkPlan(plan: Omit<Plan, 'id'>): void {
  const name = plan.name.trim();
  if (!name || name.length > MAX_NAME) throw errors.badValue(`A plan needs a name of 1 to ${MAX_NAME} characters`);
  if ((plan.description ?? '').length > MAX_DESCRIPTION) {
    throw errors.badValue(`A plan's description is at most ${MAX_DESCRIPTION} characters`);
  }
  if (plan.price && (!PRICE.test(plan.price.value) || !CURRENCY.test(plan.price.currency))) {
    throw errors.badValue('A price is a decimal like 4.99 and a three-letter currency code like EUR');
  }
  if (plan.billing.kind !== 'unlimited') {
    const { count, unit } = plan.billing;
    if (!Number.isInteger(count) || count < 1 || count > 2000 || !UNITS.includes(unit)) {
      throw errors.badValue('A period is 1 to 2000 days, weeks, months or years');
    }
  }
}

export function createLocalPlans(records: DataClient, now: () => Date = () => new Date()): SitePlans & PlanAdmin {
  async function activeGrants(filter: Record<string, unknown>) {
    const { items } = await records.query(
      planGrants.id,
      { filter: { ...filter, status: { $eq: 'active' } }, limit: 1000 },
      OWNER,
    );
    return items;
  }

  async function list(): Promise<Plan[]> {
    const { items } = await records.query(
      pricingPlans.id,
      { sort: [{ fieldName: 'name', order: 'ASC' }], limit: 100 },
      OWNER,
    );
    return items.map(planOf);
  }

  return {
    list,

    async offered() {
      const { items } = await records.query(pricingPlans.id, { limit: 100 }, OWNER);
      return items.map(planOf);
    },

    async plans(ids) {
      if (ids.length === 0) return [];
      const { items } = await records.query(
        pricingPlans.id,
        { filter: { _id: { $in: [...ids] } }, limit: ids.length },
        OWNER,
      );
      const byId = new Map(items.map((item) => [item._id, planOf(item)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async held(member) {
      const grants = await activeGrants({ memberId: { $eq: member.id } });
      if (grants.length === 0) return [];
      const names = new Map(
        (
          await records.query(
            pricingPlans.id,
            { filter: { _id: { $in: grants.map((g) => String(g.planId)) } }, limit: grants.length },
            OWNER,
          )
        ).items.map((item) => [item._id, String(item.name)]),
      );
      // A grant of a plan the owner has since removed opens nothing.
      return grants.flatMap((g): HeldPlan[] => {
        const planName = names.get(String(g.planId));
        return planName === undefined ? [] : [{ planId: String(g.planId), planName }];
      });
    },

    checkoutUrl: async () => null,

    async define(plan) {
      checkPlan(plan);
      const id = plan.id ?? randomUUID();
      const item = {
        _id: id,
        name: plan.name.trim(),
        description: plan.description?.trim() ?? '',
        price: plan.price?.value ?? '',
        currency: plan.price?.currency ?? '',
        billing: plan.billing.kind,
        periodCount: plan.billing.kind === 'unlimited' ? null : plan.billing.count,
        periodUnit: plan.billing.kind === 'unlimited' ? null : plan.billing.unit,
      };
      await records.save(pricingPlans.id, item, OWNER);
      return planOf(item);
    },

    async remove(planId) {
      await records.remove(pricingPlans.id, planId, OWNER).catch(() => undefined);
    },

    async grant(memberId, planId) {
      if (!(await records.get(pricingPlans.id, planId, OWNER))) throw errors.notFound(`No plan ${planId}`);
      await records.save(
        planGrants.id,
        { _id: grantId(memberId, planId), memberId, planId, status: 'active', grantedDate: now().toISOString() },
        OWNER,
      );
    },

    async revoke(memberId, planId) {
      const grant = await records.get(planGrants.id, grantId(memberId, planId), OWNER);
      if (!grant || grant.status !== 'active') return;
      await records.update(planGrants.id, { ...grant, status: 'revoked', revokedDate: now().toISOString() }, OWNER);
    },

    async grants() {
      const held = new Map<string, string[]>();
      for (const g of await activeGrants({})) {
        const memberId = String(g.memberId);
        held.set(memberId, [...(held.get(memberId) ?? []), String(g.planId)]);
      }
      return held;
    },
  };
}
