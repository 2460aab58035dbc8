// What the blog CLI takes of the plans (scripts/blog/plans.ts: `update --plans` checks the names it is given): the
// collection's declaration only, without the feature's wiring (its index loads Next's cache, which a plain Node
// process, the CLI under Playwright's loader, cannot).

export { planGrants, pricingPlans } from './local';
