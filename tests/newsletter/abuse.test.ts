import { rmSync } from 'node:fs';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import { readOutbox } from '@/lib/core/mail/outbox';
import { subscriberId } from '@/lib/newsletter/subscribe';
import { withSite } from '../helpers/site';
import { deliverConfirmations, stopJobs } from './deliver';

// Issue 26, item 1: the `subscribers` collection written through the data API by a visitor (no cookie), skipping the
// double opt-in and every limit. Each reproduction of the issue against the real route handlers, on the embedded
// backend with the outbox as the mailbox: a confirmed address inserted, 1000 confirmed rows in one bulk insert, a
// subscriber probed for by its id (sha256 of the address: 409 meant "subscribed"), a far-future
// `confirmationSentDate` that silenced the address's real subscription. Each is refused with the catalogue's
// permission error and changes nothing; the subscribe form's path still stores, mails and confirms.

const SECRET = 'newsletter-abuse-test-secret-long-enough-0123456789';
const { outbox } = withSite(
  { OWNER_PASSWORD: 'owner-password', SESSION_SECRET: SECRET, SITE_URL: 'https://blog.example', TRUST_PROXY_HOPS: '1' },
  { database: true },
);

const { POST: subscribeRoute } = await import('@/app/(site)/newsletter/subscribe/route');
const { GET: confirmRoute } = await import('@/app/(site)/newsletter/confirm/route');
const { GET: csvRoute } = await import('@/app/dashboard/subscribers.csv/route');
const { POST: insertRoute } = await import('@/app/api/data/v2/items/route');
const { POST: saveRoute } = await import('@/app/api/data/v2/items/save/route');
const { POST: bulkInsertRoute } = await import('@/app/api/data/v2/bulk/items/insert/route');
const { POST: bulkSaveRoute } = await import('@/app/api/data/v2/bulk/items/save/route');
const { dataClient } = await import('@/lib/data');
const { OWNER } = await import('@/lib/data/permissions');

const site = 'https://blog.example';
const owner = { cookie: `${SESSION_COOKIE}=${signSession(SECRET).token}` };
/** The outbox once every subscribe the queue holds has run (the mail follows the answer). */
const mailed = async () => (await deliverConfirmations(), readOutbox(outbox));
afterAll(stopJobs);

let client = 0;
beforeEach(async () => {
  await dataClient().truncate('subscribers', OWNER);
  rmSync(outbox, { recursive: true, force: true });
  client += 1;
});

/** A data API call as the issue made it: JSON, no cookie (or the owner's, when given). */
const data = (body: unknown, headers: Record<string, string> = {}) =>
  new Request(`${site}/api/data/v2/x`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
const subscribeForm = (email: string) =>
  new Request(`${site}/newsletter/subscribe`, {
    method: 'POST',
    body: new URLSearchParams({ email, website: '' }).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: site,
      'x-forwarded-for': `203.0.113.${client}`,
    },
  });

/** Every stored subscriber, read as the owner, once every subscribe the queue holds has run. */
const stored = async () => {
  await deliverConfirmations();
  const sorted = { limit: 1000, sort: [{ fieldName: 'email', order: 'ASC' }] };
  return (await dataClient().query('subscribers', sorted, OWNER)).items;
};
const ownerCsv = async () => {
  const response = await csvRoute(new Request(`${site}/dashboard/subscribers.csv`, { headers: owner }));
  expect(response.status).toBe(200);
  return response.text();
};

/** The catalogue's permission error, and nothing else in the body: no item, no trace. */
async function expectRefused(response: Response) {
  const text = await response.text();
  expect({ status: response.status, body: text }).toMatchObject({ status: 403 });
  expect(JSON.parse(text)).toEqual({
    error: { code: 'WD_VALIDATION_ERROR', wde: 'WDE0027', message: expect.any(String) },
  });
  return text;
}

/** Subscribes through the form and follows the mailed link: a confirmed subscriber, as only a reader can make one. */
async function subscribeAndConfirm(email: string) {
  const response = await subscribeRoute(subscribeForm(email));
  expect([response.status, response.headers.get('location')]).toEqual([303, '/newsletter/check-your-inbox']);
  const mail = (await mailed()).findLast((m) => m.headers.to === email)!;
  const link = /https:\/\/blog\.example(\/newsletter\/confirm\?\S+)/.exec(mail.text)![1]!;
  const confirmed = await confirmRoute(new Request(`${site}${link}`));
  expect(confirmed.headers.get('location')).toBe('/newsletter/confirmed');
}

describe('a visitor writing subscribers through the data API', () => {
  it('cannot insert a confirmed address: 403 WDE0027, and the owner CSV does not hold it', async () => {
    const forged = {
      dataCollectionId: 'subscribers',
      dataItem: { data: { email: 'victim@example.com', status: 'confirmed' } },
    };
    await expectRefused(await insertRoute(data(forged)));
    await expectRefused(await saveRoute(data(forged)));
    expect(await stored()).toEqual([]);
    expect(await ownerCsv()).not.toContain('victim@example.com');
    expect(await mailed()).toEqual([]);
    // The owner still may (the CLI's import, the dashboard): the permission is ADMIN, not closed.
    expect((await insertRoute(data(forged, owner))).status).toBe(200);
  });

  it('cannot bulk insert or bulk save confirmed rows: one refusal, nothing stored', async () => {
    const dataItems = Array.from({ length: 1000 }, (_, i) => ({
      data: { email: `bulk${i}@example.com`, status: 'confirmed' },
    }));
    const started = performance.now();
    await expectRefused(await bulkInsertRoute(data({ dataCollectionId: 'subscribers', dataItems })));
    await expectRefused(await bulkSaveRoute(data({ dataCollectionId: 'subscribers', dataItems })));
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await stored()).toEqual([]);
  });

  it('cannot tell a subscribed address from another by its id: the same refusal for both, whatever the route', async () => {
    await subscribeAndConfirm('known@example.com');
    const before = await stored();
    expect(before).toMatchObject([{ email: 'known@example.com', status: 'confirmed' }]);

    const probe = (email: string) => ({ id: subscriberId(email), data: { email, status: 'pending' } });
    for (const [route, body] of [
      [insertRoute, (email: string) => ({ dataItem: probe(email) })],
      [saveRoute, (email: string) => ({ dataItem: probe(email) })],
      [bulkInsertRoute, (email: string) => ({ dataItems: [probe(email)] })],
      [bulkSaveRoute, (email: string) => ({ dataItems: [probe(email)] })],
    ] as const) {
      const known = await expectRefused(
        await route(data({ dataCollectionId: 'subscribers', ...body('known@example.com') })),
      );
      const unknown = await expectRefused(
        await route(data({ dataCollectionId: 'subscribers', ...body('stranger@example.com') })),
      );
      // Byte for byte: neither a 409 WDE0074 nor a message naming insert for one and update for the other.
      expect(known).toBe(unknown);
    }
    expect(await stored()).toEqual(before);
  });

  it('cannot silence an address with a far-future confirmationSentDate: the real subscribe still mails it', async () => {
    const email = 'victim@example.com';
    const blocker = {
      id: subscriberId(email),
      data: { email, status: 'pending', confirmationSentDate: '2999-01-01T00:00:00.000Z' },
    };
    await expectRefused(await insertRoute(data({ dataCollectionId: 'subscribers', dataItem: blocker })));
    await expectRefused(await bulkSaveRoute(data({ dataCollectionId: 'subscribers', dataItems: [blocker] })));
    expect(await stored()).toEqual([]);

    const response = await subscribeRoute(subscribeForm(email));
    expect(response.headers.get('location')).toBe('/newsletter/check-your-inbox');
    expect((await mailed()).map((m) => m.headers.to)).toEqual([email]);
    expect(await stored()).toMatchObject([{ email, status: 'pending' }]);
  });

  it('a far-future sent date the owner stored (an import) does not silence the address either', async () => {
    const email = 'imported@example.com';
    const item = { _id: subscriberId(email), email, status: 'pending', confirmationSentDate: '2999-01-01T00:00:00Z' };
    await dataClient().insert('subscribers', item, OWNER);
    await subscribeRoute(subscribeForm(email));
    expect((await mailed()).map((m) => m.headers.to)).toEqual([email]);
    const [subscriber] = await stored();
    expect(Date.parse(String(subscriber!.confirmationSentDate))).toBeLessThan(Date.now() + 60_000);
  });
});

describe('the subscribe form, the one way a visitor adds a subscriber', () => {
  it('stores the address pending, mails its link, and only the link confirms it; the CSV holds what was confirmed', async () => {
    const response = await subscribeRoute(subscribeForm('reader@example.com'));
    expect([response.status, response.headers.get('location')]).toEqual([303, '/newsletter/check-your-inbox']);
    expect(await stored()).toMatchObject([{ email: 'reader@example.com', status: 'pending' }]);
    expect((await mailed()).map((m) => m.headers.to)).toEqual(['reader@example.com']);

    await subscribeAndConfirm('reader@example.com');
    await expectRefused(
      await insertRoute(
        data({
          dataCollectionId: 'subscribers',
          dataItem: { data: { email: 'other@example.com', status: 'confirmed' } },
        }),
      ),
    );
    const lines = (await ownerCsv()).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^reader@example\.com,confirmed,\d{4}-/);
  });
});
