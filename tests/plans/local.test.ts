import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDataClient } from '@/lib/data/client';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { billingText, priceText } from '@/lib/plans/view';
import { createLocalPlans, paidReaders, notePaidRead, paidReads, planGrants, pricingPlans } from '@/lib/plans/local';
import { openingPlan } from '@/lib/plans/types';
import { isCatalogueError } from '@/lib/core/errors';
import { OWNER } from '@/lib/data/permissions';

// The site's own plans (no Wix): the owner defines them and grants or revokes them per member; a member holds the
// plans of their active grants, read on each call, so a revoked plan stops opening its posts on the next request.

const records = createDataClient({
  backend: createEmbeddedBackend(),
  collections: [pricingPlans, planGrants, paidReads],
});
const plans = createLocalPlans(records, () => new Date('2026-11-27T10:00:00Z'));
const member = { id: 'member-1', sessionToken: 'session-1' };

afterAll(() => records.close());
// The embedded database opens in the first test: seconds when the whole suite runs at once.
vi.setConfig({ testTimeout: 30_000 });

describe('local plans', () => {
  it('defines plans with prices and periods, and names them in the order a post gives', async () => {
    const gold = await plans.define({
      name: 'Gold',
      description: 'Every post, every month',
      price: { value: '4.99', currency: 'EUR' },
      billing: { kind: 'recurring', count: 1, unit: 'MONTH' },
    });
    const year = await plans.define({
      id: 'yearly',
      name: 'A year',
      price: { value: '40', currency: 'USD' },
      billing: { kind: 'duration', count: 1, unit: 'YEAR' },
    });
    expect(await plans.plans(['yearly', 'no-such-plan', gold.id])).toEqual([year, gold]);
    expect([priceText(gold), billingText(gold)]).toEqual(['€4.99', 'a month']);
    expect([priceText(year), billingText(year)]).toEqual(['$40.00', 'for 1 year']);
    expect(billingText({ billing: { kind: 'recurring', count: 3, unit: 'MONTH' } })).toBe('every 3 months');
    expect(priceText({ price: null })).toBe('Free');
  });

  it('refuses a plan without a name, a malformed price or a period out of range, and keeps none of it', async () => {
    const before = (await plans.list()).length;
    const attempts = [
      { name: ' ', price: null, billing: { kind: 'unlimited' } as const },
      { name: 'Cheap', price: { value: '4,99', currency: 'EUR' }, billing: { kind: 'unlimited' } as const },
      { name: 'Odd', price: { value: '1', currency: 'euro' }, billing: { kind: 'unlimited' } as const },
      { name: 'Long', price: null, billing: { kind: 'recurring', count: 0, unit: 'MONTH' } as const },
    ];
    for (const plan of attempts) {
      const error = await plans.define(plan).catch((e: unknown) => e);
      expect(isCatalogueError(error) && error.status).toBe(400);
    }
    expect(await plans.list()).toHaveLength(before);
  });

  it('a grant opens the posts of its plan; revoked, it opens nothing on the next call', async () => {
    const post = { pricingPlanIds: ['yearly', 'other'] };
    expect(openingPlan(post, await plans.held(member))).toBeNull();
    await plans.grant(member.id, 'yearly');
    await plans.grant(member.id, 'yearly');
    expect(await plans.held(member)).toEqual([{ planId: 'yearly', planName: 'A year' }]);
    expect(openingPlan(post, await plans.held(member))).toEqual({ planId: 'yearly', planName: 'A year' });
    expect(await plans.grants()).toEqual(new Map([[member.id, ['yearly']]]));
    // Another member holds nothing.
    expect(await plans.held({ id: 'member-2', sessionToken: 's' })).toEqual([]);

    await plans.revoke(member.id, 'yearly');
    expect(await plans.held(member)).toEqual([]);
    expect(openingPlan(post, await plans.held(member))).toBeNull();
    const kept = await records.get(planGrants.id, `${member.id}.yearly`, OWNER);
    expect(kept).toMatchObject({ status: 'revoked', revokedDate: '2026-11-27T10:00:00.000Z' });
  });

  it('a grant of a plan that does not exist is the catalogue 404; a removed plan opens nothing', async () => {
    const error = await plans.grant(member.id, 'no-such-plan').catch((e: unknown) => e);
    expect(isCatalogueError(error) && error.status).toBe(404);
    const temporary = await plans.define({ name: 'Short', price: null, billing: { kind: 'unlimited' } });
    await plans.grant(member.id, temporary.id);
    expect((await plans.held(member)).map((p) => p.planId)).toEqual([temporary.id]);
    await plans.remove(temporary.id);
    expect(await plans.held(member)).toEqual([]);
  });

  it('counts each member once per paid post they read in full', async () => {
    await notePaidRead(records, 'post-a', 'member-1');
    await notePaidRead(records, 'post-a', 'member-1');
    await notePaidRead(records, 'post-a', 'member-2');
    await notePaidRead(records, 'post-b', 'member-2');
    expect(await paidReaders(records, ['post-a', 'post-b', 'post-c'])).toEqual(
      new Map([
        ['post-a', 2],
        ['post-b', 1],
      ]),
    );
  });
});
