// Pricing plans (issue 30): what a paid post names in `pricingPlanIds`, and what a member holds. At Wix the plans are
// the site's Pricing Plans and a member holds a plan by an active order; locally the owner defines the plans and grants
// them to members in the dashboard (no payment is taken locally).

/** How long a plan lasts or how often it is paid, as Wix's Pricing Plans name the units. */
export type PeriodUnit = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

export interface Plan {
  id: string;
  name: string;
  description?: string;
  /** What it costs (a decimal string, as Wix writes money), or null when it is free. */
  price: { value: string; currency: string } | null;
  /**
   * `recurring`: paid every `count` `unit`s until cancelled; `duration`: paid once for `count` `unit`s; `unlimited`:
   * paid once, valid until cancelled.
   */
  billing: { kind: 'recurring' | 'duration'; count: number; unit: PeriodUnit } | { kind: 'unlimited' };
}

/** A plan a member holds now: at Wix an active order, locally a grant the owner has not revoked. */
export interface HeldPlan {
  planId: string;
  planName: string;
}

/** The site's plans, where its platform keeps them. */
export interface SitePlans {
  /** The plans among `ids` that exist and are offered (unknown ids are left out), in the order given. */
  plans(ids: readonly string[]): Promise<Plan[]>;
  /** Every plan offered (at most 100), for the owner's editor to pick from. */
  offered(): Promise<Plan[]>;
  /** The plans the member of `sessionToken` holds now: asked per request, never cached. */
  held(member: { id: string; sessionToken: string }): Promise<HeldPlan[]>;
  /**
   * Where a reader (the member, when signed in) buys `planId` and comes back to `returnTo` (Wix's hosted checkout);
   * null where no one sells.
   */
  checkoutUrl(planId: string, returnTo: string, member?: { id: string; sessionToken: string }): Promise<string | null>;
}

/** The owner's hand on the local plans (the dashboard): define, remove, grant and revoke. */
export interface PlanAdmin {
  list(): Promise<Plan[]>;
  define(plan: Omit<Plan, 'id'> & { id?: string }): Promise<Plan>;
  remove(planId: string): Promise<void>;
  grant(memberId: string, planId: string): Promise<void>;
  revoke(memberId: string, planId: string): Promise<void>;
  /** Every active grant, as member id → plan ids. */
  grants(): Promise<Map<string, string[]>>;
}

/** The member holds one of the post's plans: the first they hold, in the post's order; null when none. */
export function openingPlan(post: { pricingPlanIds: readonly string[] }, held: readonly HeldPlan[]): HeldPlan | null {
  for (const id of post.pricingPlanIds) {
    const plan = held.find((h) => h.planId === id);
    if (plan) return plan;
  }
  return null;
}
