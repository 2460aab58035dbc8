import { type APIResponse, expect, test } from '@playwright/test';
import { subscriberId } from '@/lib/newsletter/subscribe';
import { ownerSignIn } from './support/members';
import { confirmLinkFor } from './support/newsletter';

// Issue 26, item 1, on the production build with JavaScript off: a reader subscribes in the footer and confirms by the
// mailed link (as newsletter.spec.ts does); then the data API, called as a visitor (no cookie), cannot write the
// `subscribers` collection: not the confirmed address, not another one, not in bulk, not a probe by the address's id,
// not a far-future `confirmationSentDate` that would silence a real subscription. The owner's CSV holds only what the
// reader confirmed.

test.use({ javaScriptEnabled: false });

/** The catalogue's permission error (403 WDE0027); its body, to compare. */
async function expectRefused(response: APIResponse) {
  const text = await response.text();
  expect({ status: response.status(), body: text }).toMatchObject({ status: 403 });
  expect(JSON.parse(text).error).toMatchObject({ wde: 'WDE0027', code: 'WD_VALIDATION_ERROR' });
  return text;
}

test('a confirmed subscriber, then the data API refuses a visitor every write to the subscribers', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const address = `abuse-reader-${stamp}@example.com`;
  const other = `abuse-other-${stamp}@example.com`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.41' });
  await page.goto('/');
  const form = page.locator('footer form.subscribe');
  await form.getByLabel('E-mail address').fill(address);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/newsletter\/check-your-inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();

  await page.goto(await confirmLinkFor(address));
  await expect(page).toHaveURL(/\/newsletter\/confirmed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You are subscribed' })).toBeVisible();

  // A visitor (the `request` fixture: its own context, no cookie) writing through the data API.
  const subscribers = { dataCollectionId: 'subscribers' };
  const forged = (email: string) => ({ data: { email, status: 'confirmed' } });
  for (const email of [address, other]) {
    await expectRefused(
      await request.post('/api/data/v2/items', { data: { ...subscribers, dataItem: forged(email) } }),
    );
    await expectRefused(
      await request.post('/api/data/v2/items/save', { data: { ...subscribers, dataItem: forged(email) } }),
    );
  }
  await expectRefused(
    await request.post('/api/data/v2/bulk/items/insert', {
      data: {
        ...subscribers,
        dataItems: Array.from({ length: 50 }, (_, i) => forged(`abuse-bulk-${stamp}-${i}@example.com`)),
      },
    }),
  );

  // Probing by id (the first 32 hex digits of the address's sha256): the subscribed address and a stranger get the
  // same refusal, never a 409 WDE0074, on insert and on save.
  for (const route of ['/api/data/v2/items', '/api/data/v2/items/save']) {
    const probe = (email: string) =>
      request.post(route, {
        data: { ...subscribers, dataItem: { id: subscriberId(email), data: { email, status: 'pending' } } },
      });
    expect(await expectRefused(await probe(address))).toBe(await expectRefused(await probe(other)));
  }

  await ownerSignIn(page);
  const csv = await page.request.get('/dashboard/subscribers.csv');
  expect(csv.status()).toBe(200);
  const rows = (await csv.text()).split('\n').filter((line) => line.includes(String(stamp)));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatch(new RegExp(`^${address.replace(/[.]/g, '\\.')},confirmed,`));
});

test('a far-future confirmationSentDate from a visitor is refused, and the real subscribe still mails', async ({
  page,
  request,
}) => {
  const address = `abuse-blocked-${Date.now()}@example.com`;
  const blocker = await request.post('/api/data/v2/items', {
    data: {
      dataCollectionId: 'subscribers',
      dataItem: {
        id: subscriberId(address),
        data: { email: address, status: 'pending', confirmationSentDate: '2999-01-01T00:00:00.000Z' },
      },
    },
  });
  await expectRefused(blocker);

  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.42' });
  await page.goto('/');
  const form = page.locator('footer form.subscribe');
  await form.getByLabel('E-mail address').fill(address);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await page.goto(await confirmLinkFor(address));
  await expect(page.getByRole('heading', { level: 1, name: 'You are subscribed' })).toBeVisible();
});
