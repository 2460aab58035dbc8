import { type Browser, type Page, expect, test } from '@playwright/test';

// Views, counted from the reader's browser (issue 28): reading a post sends one beacon, and the dashboard's views of
// that post move; a second read by the same reader within 30 minutes, a crawler's user agent and the owner's own read
// count nothing; the post page is still served from its prerender.

const PASSWORD = 'e2e-owner-password';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
// Readers are told apart by address, whatever their user agent, for 30 minutes: each run's are its own, so a run
// repeated on the same server (--repeat-each) is not taken for the same readers.
const run = Array.from({ length: 2 }, () => Math.floor(Math.random() * 250) + 1).join('.');
let client = 0;
const nextAddress = () => `10.${run}.${++client}`;

async function ownerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': nextAddress() } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/** The dashboard's views of the post in its table's first row (newest first). */
async function dashboardViews(owner: Page, postId: string): Promise<number> {
  await owner.goto('/dashboard?sort=newest');
  const cell = owner.locator(`tr[data-post-id="${postId}"] [data-metric="views"]`);
  return Number((await cell.innerText()).replace(/[^0-9]/g, ''));
}

/** Opens the post as a reader and answers how many view beacons the page sent, each answered 204. */
async function read(page: Page, path: string, postId: string): Promise<number> {
  const beacons: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith(`/api/posts/${postId}/view`)) beacons.push(response.status());
  });
  await page.goto(path);
  await expect(page.locator('h1')).toBeVisible();
  await expect.poll(() => beacons.length).toBeGreaterThan(0);
  // Nothing more comes: the beacon is sent once, when the page has hydrated (a second one would follow at once).
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
  expect(beacons.every((status) => status === 204)).toBe(true);
  return beacons.length;
}

test('a read counts one view on the dashboard; the same reader again, a crawler and the owner do not', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await ownerPage(browser);
  await owner.goto('/dashboard?sort=newest');
  const row = owner.locator('tr[data-post-id]').first();
  const postId = (await row.getAttribute('data-post-id'))!;
  const path = new URL((await row.locator('a').first().getAttribute('href'))!, 'http://x').pathname;
  const before = await dashboardViews(owner, postId);

  // A reader: one beacon, and the dashboard moves by one.
  const reader = await (await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': nextAddress() } })).newPage();
  expect(await read(reader, path, postId)).toBe(1);
  await expect.poll(() => dashboardViews(owner, postId)).toBe(before + 1);

  // The same reader within 30 minutes, a crawler, the owner: beacons sent, nothing counted.
  expect(await read(reader, path, postId)).toBe(1);
  const crawler = await (
    await browser.newContext({ userAgent: GOOGLEBOT, extraHTTPHeaders: { 'x-forwarded-for': nextAddress() } })
  ).newPage();
  expect(await read(crawler, path, postId)).toBe(1);
  expect(await read(owner, path, postId)).toBe(1);
  expect(await dashboardViews(owner, postId)).toBe(before + 1);

  // The post page is still the prerendered one.
  const again = await request.get(path);
  expect(again.status()).toBe(200);
  expect(again.headers()['x-nextjs-cache']).toBe('HIT');
});
