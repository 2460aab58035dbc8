import { expect, it, vi } from 'vitest';
import { withSite } from '../helpers/site';

// The newsletter's claims (one record per message sent, so that of two workers on one send only one mails) are kept
// while a worker may still be on the send, and removed a day after it was done: `newsletter-claims` no longer grows
// with every message ever sent. A send done an hour ago keeps its claims; so does one still sending.

withSite({}, { database: true });
const { pruneClaims, CLAIMS_KEPT_MS } = await import('@/lib/newsletter/send-upkeep');
const { newsletterClaims, newsletterSends } = await import('@/lib/newsletter/send-records');
const { OWNER, recordsClient } = await import('@/lib/data');

vi.setConfig({ testTimeout: 60_000 });

it('removes the claims of sends done over a day ago, and only theirs', async () => {
  const records = recordsClient(newsletterSends, newsletterClaims);
  const now = new Date('2026-11-27T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  await records.bulkInsert(
    newsletterSends.id,
    [
      { _id: 'old', postId: 'old', status: 'done', doneDate: ago(CLAIMS_KEPT_MS + 60_000) },
      { _id: 'recent', postId: 'recent', status: 'done', doneDate: ago(3_600_000) },
      { _id: 'running', postId: 'running', status: 'sending' },
    ],
    OWNER,
  );
  const claims = (postId: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({ _id: `${postId}.delivery-${i}.1`, postId }));
  for (const [postId, n] of [
    ['old', 1500],
    ['recent', 30],
    ['running', 20],
  ] as const) {
    for (let i = 0; i < n; i += 1000)
      await records.bulkInsert(newsletterClaims.id, claims(postId, n).slice(i, i + 1000), OWNER);
  }
  const count = (postId: string) => records.count(newsletterClaims.id, { filter: { postId: { $eq: postId } } }, OWNER);

  const sending = { records, now: () => now, log: () => {} } as never;
  expect(await pruneClaims(sending)).toBe(1500);
  expect([await count('old'), await count('recent'), await count('running')]).toEqual([0, 30, 20]);
  expect(await records.get(newsletterSends.id, 'old', OWNER)).toMatchObject({ claimsPruned: true });
  // Once pruned, a send is not read again.
  expect(await pruneClaims(sending)).toBe(0);
});
