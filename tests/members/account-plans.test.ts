import { describe, expect, it, vi } from 'vitest';
import { OPEN_MEMBERS, joinMember, withSite } from '../helpers/site';

// The account page's plans (issue 47), on the site's own plans: the member sees each plan the owner granted them, since
// when, and that it runs until cancelled; they cancel one themselves, at once (a local plan takes no payment, so no
// period runs out), after ticking that they understand; its paid posts close on their next request. A plan they do not
// hold, another member's, or a form without the box ticked changes nothing.

const SITE = 'https://blog.example';
withSite(
  {
    ...OPEN_MEMBERS,
    SESSION_SECRET: 'members-plans-test-secret-long-enough-0123',
    SITE_URL: SITE,
    TRUST_PROXY_HOPS: '1',
  },
  { database: true },
);

const { POST: plansRoute, GET: plansGet } = await import('@/app/api/members/account/plans/route');
const { memberPlans, planAdmin, sitePlans } = await import('@/lib/plans');

vi.setConfig({ testTimeout: 60_000 });

const post = (fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) =>
  new Request(`${SITE}/api/members/account/plans`, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: SITE,
      ...(cookie && { cookie }),
      ...headers,
    },
  });
const location = (response: Response) => [response.status, response.headers.get('location')];
const cancel = (planId: string) => ({ intent: 'cancel', planId, confirm: 'yes' });

async function planned() {
  const admin = planAdmin()!;
  const gold = await admin.define({
    name: 'Gold',
    price: { value: '4.99', currency: 'EUR' },
    billing: { kind: 'recurring', count: 1, unit: 'MONTH' },
  });
  const silver = await admin.define({ name: 'Silver', price: null, billing: { kind: 'unlimited' } });
  return { admin, gold, silver };
}

describe('a member’s own plans', () => {
  it('lists each plan the owner granted, since when, running until cancelled; cancelled, it opens nothing', async () => {
    const { admin, gold, silver } = await planned();
    const ada = await joinMember('ada@example.com', 'Ada');
    const before = Date.now();
    await admin.grant(ada.id, silver.id);
    await admin.grant(ada.id, gold.id);
    const member = { id: ada.id, sessionToken: ada.sessionToken };

    const listed = await memberPlans().list(member);
    expect(listed).toEqual([
      { planId: gold.id, planName: 'Gold', since: expect.any(String), until: null, renews: null, cancel: 'here' },
      { planId: silver.id, planName: 'Silver', since: expect.any(String), until: null, renews: null, cancel: 'here' },
    ]);
    expect(Date.parse(listed[0]!.since!)).toBeGreaterThanOrEqual(before - 1000);

    const cancelled = await plansRoute(post(cancel(gold.id), ada.cookie));
    expect(location(cancelled)).toEqual([303, '/account?notice=plan-cancelled']);
    expect(cancelled.headers.get('cache-control')).toBe('private, no-store');
    expect((await memberPlans().list(member)).map((p) => p.planName)).toEqual(['Silver']);
    // The paywall asks the same records: Gold's posts are the preview on the member's next request.
    expect(await sitePlans().held(member)).toEqual([{ planId: silver.id, planName: 'Silver' }]);
    // The owner's record keeps the grant, revoked; granting again is the owner's.
    expect((await admin.grants()).get(ada.id)).toEqual([silver.id]);
    await admin.grant(ada.id, gold.id);
    expect((await memberPlans().list(member)).map((p) => p.planName)).toEqual(['Gold', 'Silver']);
  });

  it('changes nothing without the box ticked, for a plan not held, another’s plan, or a malformed form', async () => {
    const { admin, gold, silver } = await planned();
    const bo = await joinMember('bo@example.com', 'Bo');
    const cy = await joinMember('cy@example.com', 'Cy');
    await admin.grant(bo.id, gold.id);
    await admin.grant(cy.id, silver.id);
    const grants = await admin.grants();

    expect(location(await plansRoute(post({ intent: 'cancel', planId: gold.id }, bo.cookie)))).toEqual([
      303,
      '/account?notice=plan-confirm',
    ]);
    expect(location(await plansRoute(post({ ...cancel(gold.id), confirm: 'on' }, bo.cookie)))).toEqual([
      303,
      '/account?notice=plan-confirm',
    ]);
    // Silver is Cy's, not Bo's: Bo's form cannot end it.
    expect(location(await plansRoute(post(cancel(silver.id), bo.cookie)))).toEqual([
      303,
      '/account?notice=plan-not-held',
    ]);
    expect(location(await plansRoute(post(cancel('no-such-plan'), bo.cookie)))).toEqual([
      303,
      '/account?notice=plan-not-held',
    ]);
    for (const fields of [
      { intent: 'grant', planId: gold.id, confirm: 'yes' },
      { ...cancel(''), planId: '' },
    ]) {
      expect(location(await plansRoute(post(fields, bo.cookie)))).toEqual([303, '/account?notice=invalid-request']);
    }
    expect(location(await plansRoute(post(cancel('x'.repeat(200)), bo.cookie)))).toEqual([
      303,
      '/account?notice=invalid-request',
    ]);
    expect(location(await plansRoute(post(cancel(gold.id), bo.cookie, { origin: 'https://evil.example' })))).toEqual([
      303,
      '/account?notice=cross-site',
    ]);
    expect(location(await plansRoute(post(cancel(gold.id))))).toEqual([303, '/signin?notice=signin-required']);
    expect(await admin.grants()).toEqual(grants);
    expect((await plansGet(new Request(`${SITE}/api/members/account/plans`))).status).toBe(405);
  });

  it('lists nothing for a member without plans', async () => {
    const di = await joinMember('di@example.com', 'Di');
    expect(await memberPlans().list({ id: di.id, sessionToken: di.sessionToken })).toEqual([]);
  });
});
