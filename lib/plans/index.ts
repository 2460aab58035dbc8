import { memberWholePost, wholePost } from '@/lib/blog';
import type { Post, PostFieldset } from '@/lib/blog/types';
import { publish } from '@/lib/core/events/bus';
import { config } from '@/lib/core/config';
import { processSingleton } from '@/lib/core/process-singleton';
import { OWNER, recordsClient } from '@/lib/data';
import { memberOfCookie, members, wixRefreshTokenOf } from '@/lib/members';
import { serve } from '@/lib/platform';
import { createLocalPlans, notePaidRead, paidReaders, paidReads, planGrants, pricingPlans } from './local';
import { type HeldPlan, type PlanAdmin, type SitePlans, openingPlan } from './types';
import { createWixPlans } from './wix';
import { type PlanService, createPlanService } from './service';

export * from './types';
export { checkPlan, paidReads, planGrants, pricingPlans } from './local';
export { billingText, priceText } from './view';
export type { PlanFields, PlanService } from './service';
export { memberPlans, type MemberPlan, type MemberPlans, type PlanCancellation } from './member-plans';

// The site's plans, one per process, where the platform says (lib/platform `plans`): Wix's Pricing Plans when members
// sign in at Wix, else the owner's own plans in the site's records.

const localPlans = () =>
  processSingleton('plans-local', () => createLocalPlans(recordsClient(pricingPlans, planGrants)));

const wixPlans = () =>
  processSingleton('plans-wix', () => {
    const { clientId, apiKey, siteId, apiBaseUrl } = config().wix;
    return createWixPlans({ clientId, apiKey, siteId, apiBaseUrl, memberRefreshToken: wixRefreshTokenOf });
  });

export const sitePlans = (): SitePlans => serve('plans', { wix: wixPlans, local: localPlans });

/**
 * The plans the owner's editor offers a post (id and name), or undefined when the platform cannot say now (logged): the
 * editor then says so, and the post keeps the plans it has.
 */
export async function planChoices(): Promise<{ id: string; name: string }[] | undefined> {
  try {
    return (await sitePlans().offered()).map(({ id, name }) => ({ id, name }));
  } catch (error) {
    console.warn(JSON.stringify({ msg: 'plans: not listed for the editor', error: String(error) }));
    return undefined;
  }
}

/** The owner's hand on the plans: the local ones only (Wix's are edited in the Wix dashboard). */
export const planAdmin = (): PlanAdmin | null => serve('plans', { wix: () => null, local: localPlans });

/** The owner changed the plans: the paywall boxes that name them are built again. */
export const plansChanged = () => publish({ type: 'site.plans.changed', entityId: 'plans' });

/** The owner's changes to the plans (service.ts), over the site's own plans and members. */
export const planService: PlanService = createPlanService({
  admin: planAdmin,
  memberExists: async (memberId) => Boolean(await recordsClient(members).get(members.id, memberId, OWNER)),
  changed: plansChanged,
});

export type MemberRead =
  /** The member holds one of the post's plans: the whole post, and the plan that opened it. */
  | { open: true; post: Post; plan: HeldPlan }
  /** They hold none of them: what the public gets. */
  | { open: false };

/**
 * A signed-in member's read of a paid post (by slug): the whole post when they hold one of its plans, asked of the
 * platform now (a revoked grant or an ended order closes it on this request). Never cached: the caller renders it
 * per request for this member alone.
 */
export async function memberRead(
  post: Pick<Post, 'slug' | 'pricingPlanIds'>,
  member: { id: string; sessionToken: string },
  fieldsets: readonly PostFieldset[],
): Promise<MemberRead> {
  if (post.pricingPlanIds.length === 0) return { open: false };
  const plan = openingPlan(post, await sitePlans().held(member));
  if (!plan) return { open: false };
  // At Wix without an API key, the post is read with the member's own token (lib/blog memberWholePost).
  const whole = await memberWholePost(post.slug, fieldsets, wixRefreshTokenOf(member.sessionToken));
  if (!whole) return { open: false };
  // Counted for the owner's dashboard; a count that cannot be written never keeps the member from the text.
  await notePaidRead(readsRecords(), whole.id, member.id).catch((error: unknown) =>
    console.warn(JSON.stringify({ msg: 'plans: a paid read was not counted', error: String(error) })),
  );
  return { open: true, post: whole, plan };
}

/**
 * Whether the member of the session cookie `sessionToken` holds a plan that opens `post` now (issue 47: the public
 * page's paywall island offers them "Read on"): asked of the platform per call, never cached, and nothing of the post
 * read past its preview. A free post is open to all; no member, or none holding its plans, is not.
 */
export async function opensTo(post: Pick<Post, 'pricingPlanIds'>, sessionToken: string | undefined): Promise<boolean> {
  if (post.pricingPlanIds.length === 0) return true;
  const member = await memberOfCookie(sessionToken);
  if (!member || !sessionToken) return false;
  return openingPlan(post, await sitePlans().held({ id: member.id, sessionToken })) !== null;
}

const readsRecords = () => recordsClient(paidReads);

/** How many members read each of `postIds` past its paywall (the dashboard's paid posts). */
export const planReaders = (postIds: string[]) => paidReaders(readsRecords(), postIds);

/**
 * A post as the owner reads it through the JSON API: the whole text of a paid post too (the caller has checked the
 * owner's session, and answers privately, no-store); null when there is no such post.
 */
export const ownerPost = (by: { id: string } | { slug: string }, fieldsets: readonly PostFieldset[]) =>
  wholePost(by, fieldsets);
