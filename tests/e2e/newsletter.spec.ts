import { readOutbox } from '@/lib/core/mail/outbox';
import { expect, test } from '@playwright/test';
import { OUTBOX } from './support/members';
import { confirmLinkFor } from './support/newsletter';

// Subscribing with JavaScript off, as a reader's browser does it: the footer form posts, the mailed link (read from
// the outbox the server writes without SMTP) confirms, and the owner sees the subscriber in the dashboard and its CSV.

test.use({ javaScriptEnabled: false });

test('subscribe in the footer, confirm by the mailed link, and the owner counts and exports it', async ({ page }) => {
  const address = `reader-${Date.now()}@example.com`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.31' });
  await page.goto('/');
  const form = page.locator('footer form.subscribe');
  await form.getByLabel('E-mail address').fill(address.toUpperCase());
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/newsletter\/check-your-inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();

  const link = await confirmLinkFor(address);
  await page.goto(link);
  await expect(page).toHaveURL(/\/newsletter\/confirmed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You are subscribed' })).toBeVisible();

  // A link altered by one character does not confirm anything.
  await page.goto(link.replace(/t=(.)/, (_, c: string) => `t=${c === 'a' ? 'b' : 'a'}`));
  await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Password').fill('e2e-owner-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/subscribers');
  const weeks = page.locator('main table');
  await expect(weeks.locator('tfoot td').first()).not.toHaveText('0');
  const csv = await page.request.get('/dashboard/subscribers.csv');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(`${address},confirmed,`);
});

test('each post ends with the subscribe form, which works there too', async ({ page }) => {
  const address = `post-reader-${Date.now()}@example.com`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.33' });
  await page.goto('/');
  await page.locator('main .post-card__title a').first().click();
  await expect(page).toHaveURL(/\/post\//);
  const form = page.locator('article form.subscribe');
  await expect(form.getByText('Get the next post by e-mail')).toBeVisible();
  await form.getByLabel('E-mail address').fill(address);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await confirmLinkFor(address);
});

test('a mistyped address comes back to the form with a message, and nothing is mailed', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.32' });
  const before = (await readOutbox(OUTBOX)).length;
  await page.goto('/');
  // The browser's own check would stop "a@b" before it is sent; the server must refuse what gets past it.
  const form = page.locator('footer form.subscribe');
  await form.getByLabel('E-mail address').fill('reader@localhost');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/newsletter\/invalid-email$/);
  await expect(page.getByRole('heading', { level: 1, name: 'That address does not look right' })).toBeVisible();
  await expect(page.locator('main form.subscribe')).toBeVisible();
  expect((await readOutbox(OUTBOX)).length).toBe(before);
});

test('visitors cannot read the subscribers, through the data API or the export', async ({ request }) => {
  const query = await request.post('/api/data/v2/items/query', { data: { dataCollectionId: 'subscribers' } });
  expect(query.status()).toBe(403);
  expect((await query.json()).error.wde).toBe('WDE0027');
  const csv = await request.get('/dashboard/subscribers.csv', { maxRedirects: 0 });
  expect(csv.status()).not.toBe(200);
});
