import { describe, expect, it, vi } from 'vitest';
import type { orders } from '@wix/pricing-plans';
import { SITE } from '../helpers/wix-members';
import { withSite } from '../helpers/site';
import { signIn, standInSiteEnv, withWixStandIn } from '../helpers/wix-stand-in';
import { GOLD, goldPlan, paidPost, planHolder } from '../helpers/wix-paid-post';

// The account page's plans on a Wix site (issue 47): a member's plans are their ACTIVE orders at Wix's Pricing Plans,
// listed from the call the paywall makes (as the member, their own token), each with its start, end or renewal as Wix
// answers them; they are paid and cancelled at Wix, so the account page's cancel changes nothing and says where.

const SECRET = 'members-plans-wix-test-secret-long-enough-0123';
const site = standInSiteEnv(SECRET);
withSite(site.env);

const ann = planHolder();
const { to } = await withWixStandIn({
  posts: [paidPost],
  members: [ann],
  plans: [goldPlan],
  clientId: 'client-0001',
  apiKey: site.apiKey,
});
const { memberPlans } = await import('@/lib/plans');
const { memberPlanOfOrder } = await import('@/lib/plans/member-plans');
const { POST: plansRoute } = await import('@/app/api/members/account/plans/route');

vi.setConfig({ testTimeout: 60_000 });

describe('plans bought at Wix', () => {
  it('are the member’s ACTIVE orders, asked as the member; cancelling one here changes nothing and says where', async () => {
    const session = await signIn(SITE, ann, '/account');
    const member = { id: ann.id, sessionToken: session };
    expect(await memberPlans().list(member)).toEqual([
      { planId: GOLD, planName: 'Gold', since: null, until: null, renews: null, cancel: 'wix' },
    ]);
    const asked = to('/pricing-plans/v2/member/orders');
    expect(asked.map((r) => r.url.searchParams.getAll('orderStatuses'))).toEqual([['ACTIVE']]);
    expect(asked[0]!.headers.get('authorization')).not.toBe(site.apiKey);

    const answer = await plansRoute(
      new Request(`${SITE}/api/members/account/plans`, {
        method: 'POST',
        body: new URLSearchParams({ intent: 'cancel', planId: GOLD, confirm: 'yes' }).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: SITE,
          cookie: `member_session=${session}`,
        },
      }),
    );
    expect([answer.status, answer.headers.get('location')]).toEqual([303, '/account?notice=plan-at-wix']);
    expect(ann.orders[0]!.status).toBe('ACTIVE');
    expect(
      await memberPlans()
        .cancel(member, GOLD)
        .catch((e: { status?: number }) => e.status),
    ).toBe(404);

    ann.orders[0]!.status = 'ENDED';
    expect(await memberPlans().list(member)).toEqual([]);
  });
});

describe('an order’s dates', () => {
  const start = new Date('2026-01-10T09:00:00Z');
  const cycleEnd = new Date('2026-12-10T09:00:00Z');
  const order = (fields: Partial<orders.Order>): orders.Order => ({
    _id: 'order-1',
    planId: GOLD,
    planName: 'Gold',
    status: 'ACTIVE',
    startDate: start,
    ...fields,
  });

  it('a recurring order renews at its cycle’s end; with its renewal cancelled, it ends there', () => {
    const recurring = { subscription: { cycleDuration: { count: 1, unit: 'MONTH' as const } } };
    expect(memberPlanOfOrder(order({ pricing: recurring, currentCycle: { endedDate: cycleEnd } }))).toEqual({
      planId: GOLD,
      planName: 'Gold',
      since: start.toISOString(),
      until: null,
      renews: cycleEnd.toISOString(),
      cancel: 'wix',
    });
    expect(
      memberPlanOfOrder(order({ pricing: recurring, autoRenewCanceled: true, currentCycle: { endedDate: cycleEnd } })),
    ).toMatchObject({ until: cycleEnd.toISOString(), renews: null });
  });

  it('an order paid for a duration ends at its end date; one not ACTIVE is none', () => {
    const duration = { singlePaymentForDuration: { count: 1, unit: 'YEAR' as const } };
    expect(memberPlanOfOrder(order({ pricing: duration, endDate: cycleEnd }))).toMatchObject({
      until: cycleEnd.toISOString(),
      renews: null,
    });
    expect(memberPlanOfOrder(order({ status: 'ENDED' }))).toBeNull();
    expect(memberPlanOfOrder(order({ planId: undefined }))).toBeNull();
  });
});
