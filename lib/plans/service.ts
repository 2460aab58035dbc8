import { errors } from '@/lib/core/errors';
import type { PeriodUnit, Plan, PlanAdmin } from './types';

// The owner's changes to the plans (the dashboard's Plans page), with no HTTP in sight: define a plan, remove one,
// grant one to a member or revoke it. Only the site's own plans change here (at Wix, the Wix dashboard edits them: the
// catalogue's 404); a grant names a member the site has; a plan defined or removed changes what the paywall boxes
// name, so it ends in the plans' change. What a plan may be (its name, price, period) is checkPlan's (local.ts).

/** What the Plans page's forms send, by name: `intent`, `planId`, `memberId`, a plan's fields (first value of each). */
export interface PlanFields {
  get(name: string): string | null;
}

export interface PlanServicePorts {
  /** The owner's hand on the site's own plans; null where the platform keeps them (Wix). */
  admin: () => PlanAdmin | null;
  /** Whether the site has a member by that id. */
  memberExists: (memberId: string) => Promise<boolean>;
  /** The plans changed: the paywall boxes that name them are built again. */
  changed: () => void;
}

/**
 * A field, trimmed, cut one past `max`: a value too long still reaches checkPlan whole enough to be refused, rather
 * than saved cut short.
 */
const fieldOf =
  (fields: PlanFields) =>
  (name: string, max = 450) =>
    (fields.get(name) ?? '').trim().slice(0, max + 1);

/** The plan the define form describes: no price (or none above zero) is a free plan, one period unless told. */
function planOf(field: ReturnType<typeof fieldOf>): Omit<Plan, 'id'> {
  const price = field('price', 20);
  const billing = field('billing', 20);
  const count = Number(field('periodCount', 10) || '1');
  const unit = field('periodUnit', 10) as PeriodUnit;
  return {
    name: field('name', 50),
    description: field('description') || undefined,
    price: price && Number(price) > 0 ? { value: price, currency: field('currency', 3).toUpperCase() } : null,
    billing:
      billing === 'unlimited'
        ? { kind: 'unlimited' }
        : { kind: billing === 'duration' ? 'duration' : 'recurring', count, unit },
  };
}

export function createPlanService(ports: PlanServicePorts) {
  return {
    /**
     * The owner's change: `intent` define (a plan), remove (planId), grant or revoke (memberId, planId). A malformed
     * plan, another intent, an unknown plan or member are the catalogue's 400 or 404, and nothing changes.
     */
    async change(fields: PlanFields): Promise<void> {
      const admin = ports.admin();
      if (!admin) throw errors.notFound('plans are managed in the Wix dashboard (Pricing Plans)');
      const field = fieldOf(fields);
      const [intent, planId, memberId] = [fields.get('intent'), field('planId', 128), field('memberId', 128)];
      if (intent === 'define') {
        await admin.define(planOf(field));
        ports.changed();
      } else if (intent === 'remove' && planId) {
        await admin.remove(planId);
        ports.changed();
      } else if ((intent === 'grant' || intent === 'revoke') && planId && memberId) {
        if (intent === 'grant' && !(await ports.memberExists(memberId))) {
          throw errors.notFound(`no member ${memberId.slice(0, 64)}`);
        }
        await (intent === 'grant' ? admin.grant(memberId, planId) : admin.revoke(memberId, planId));
      } else {
        throw errors.badValue('intent is define, remove (planId), grant or revoke (memberId, planId)');
      }
    },
  };
}

export type PlanService = ReturnType<typeof createPlanService>;
