import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { withSite } from '../helpers/site';

// The audience figures of the analytics page: the days subscribers came, confirmed and left, and the days the site's
// own members joined, within a period (and none outside it), read from the site's data as the newsletter and the
// members keep them.

withSite({ SITE_URL: 'https://blog.example' }, { content: 'content', database: true });
const { dataClient, recordsClient } = await import('@/lib/data');
const { OWNER } = await import('@/lib/data/types');
const { members, memberJoinDays } = await import('@/lib/members');
const { subscriberChanges } = await import('@/lib/newsletter');

vi.setConfig({ testTimeout: 60_000 });

/** Inserts `item` into `collection` as if on `day` (its creation date is the data service's clock). */
async function insertOn(day: string, insert: () => Promise<unknown>) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${day}T10:00:00Z`) });
  onTestFinished(() => void vi.useRealTimers());
  await insert();
  vi.useRealTimers();
}

describe('the audience over a period', () => {
  it('says when subscribers came, confirmed and left, and when members joined, within the period only', async () => {
    const data = dataClient();
    const subscriber = (id: string, fields: Record<string, unknown>) => () =>
      data.insert('subscribers', { _id: id, email: `${id}@example.com`, status: 'pending', ...fields }, OWNER);
    const records = recordsClient(members);
    const member = (id: string) => () =>
      records.insert(members.id, { _id: id, email: `${id}@example.com`, displayName: id, status: 'ACTIVE' }, OWNER);
    // In the order of their days: the data service's clock never goes back.
    await insertOn(
      '2026-10-20',
      subscriber('s-before', { status: 'confirmed', confirmedDate: '2026-11-02T08:00:00Z' }),
    );
    await insertOn('2026-10-31', member('m-before'));
    await insertOn(
      '2026-11-03',
      subscriber('s-in', { status: 'unsubscribed', unsubscribedDate: '2026-11-05T09:00:00Z' }),
    );
    await insertOn('2026-11-04', subscriber('s-pending', {}));
    await insertOn('2026-11-10', member('m-in'));
    await insertOn('2026-12-01', subscriber('s-after', {}));
    await insertOn('2026-12-02', member('m-after'));

    expect(await subscriberChanges(data, '2026-11-01', '2026-11-30')).toEqual({
      subscribed: ['2026-11-03', '2026-11-04'],
      confirmed: ['2026-11-02'],
      unsubscribed: ['2026-11-05'],
    });
    expect(await memberJoinDays('2026-11-01', '2026-11-30')).toEqual(['2026-11-10']);
  });
});
