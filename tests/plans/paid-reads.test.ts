import { describe, expect, it, vi } from 'vitest';
import { makePost } from '../helpers/posts';
import { withSite } from '../helpers/site';

// The dashboard's "read with a plan" on the local platform: a member holding the post's plan reads its whole text on
// each request (memberRead), and only their first read writes the paid-reads record; reading again records nothing.

const paid = makePost(1, { slug: 'paid-post', pricingPlanIds: ['gold'] });
withSite({ SITE_URL: 'https://blog.example' }, { content: [paid], database: true });

const { memberRead, paidReads, planAdmin, planReaders } = await import('@/lib/plans');
const { recordsClient, OWNER } = await import('@/lib/data');

// The embedded database opens before the first test: seconds under a full parallel run.
vi.setConfig({ testTimeout: 30_000 });

describe('a paid read', () => {
  it('is recorded once per member and post, however often the member reads', async () => {
    const admin = planAdmin()!;
    await admin.define({ id: 'gold', name: 'Gold', price: null, billing: { kind: 'unlimited' } });
    await admin.grant('member-1', 'gold');
    await admin.grant('member-2', 'gold');
    const records = recordsClient(paidReads);
    const writes = [vi.spyOn(records, 'insert'), vi.spyOn(records, 'save'), vi.spyOn(records, 'update')];
    const read = (memberId: string) =>
      memberRead(paid, { id: memberId, sessionToken: `session-${memberId}` }, ['RICH_CONTENT']);

    expect(await read('member-1')).toMatchObject({ open: true, plan: { planId: 'gold' } });
    const first = await records.get(paidReads.id, `${paid.id}.member-1`, OWNER);
    expect(writes.map((write) => write.mock.calls.length)).toEqual([1, 0, 0]);

    expect(await read('member-1')).toMatchObject({ open: true });
    expect(await read('member-1')).toMatchObject({ open: true });
    expect(writes.map((write) => write.mock.calls.length)).toEqual([1, 0, 0]);
    expect(await records.get(paidReads.id, `${paid.id}.member-1`, OWNER)).toEqual(first);
    expect(await records.count(paidReads.id, {}, OWNER)).toBe(1);

    // Another member's first read counts.
    await read('member-2');
    expect(await planReaders([paid.id])).toEqual(new Map([[paid.id, 2]]));
  });
});
