import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { type SiteProcess, newDataFolder, startSite } from './support/site-process';

// The owner's analytics page (issue 46) over 90 days of generated history (scripts/analytics/history.ts writes it
// through the site's own store, rolled up as the site does), on a server of its own: the period's views are exactly
// the views written, its curve has a point a day, the periods and a custom range switch it, a post's own page shows
// where its readers came from and how far they read, every table downloads as CSV; with JavaScript off, all of it
// still renders and the custom range still works. Then a reader's visit, beacon to page: counted once.

const DATA_DIR = '.e2e/data-analytics';
const PASSWORD = 'analytics-owner-password';
let site: SiteProcess;
let written: { views: number };

test.beforeAll(async () => {
  await newDataFolder(DATA_DIR);
  const out = execFileSync(
    process.execPath,
    [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/analytics/history.ts', '--days', '90', '--views', '120'],
    { env: { ...process.env, DATA_DIR, BLOG_CONTENT_DIR: '.e2e/content' }, encoding: 'utf8' },
  );
  written = JSON.parse(out.trim().split('\n').at(-1)!) as { views: number };
  site = await startSite(
    {
      DATA_DIR,
      BLOG_CONTENT_DIR: '.e2e/content',
      OWNER_PASSWORD: PASSWORD,
      SESSION_SECRET: 'analytics-session-secret-long-enough-0123456789',
    },
    { ownOrigin: true },
  );
});
test.afterAll(() => site?.stop());

async function ownerPage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, baseURL: site.url });
  const page = await context.newPage();
  await page.goto('/login?next=%2Fdashboard%2Fanalytics%3Frange%3D90d');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/analytics\?range=90d$/);
  return page;
}

const figure = async (page: Page, label: string) =>
  Number(
    (await page.locator('.kpis .stat', { hasText: label }).locator('.stat__value').first().innerText()).replace(
      /,/g,
      '',
    ),
  );

test('90 days of history: the views written, a point a day, other periods, a post’s page and CSV', async ({
  browser,
}) => {
  const page = await ownerPage(browser);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Last 90 days' })).toHaveAttribute('aria-current', 'page');
  expect(await figure(page, 'views')).toBe(written.views);
  expect(await figure(page, 'visitors')).toBeGreaterThan(0);
  await expect(page.locator('.traffic__hit')).toHaveCount(90);
  await expect(page.getByRole('img', { name: /Visitors and views, Last 90 days: .* over 90 days/ })).toBeVisible();
  // Sources the history holds, the direct visits said in words.
  const sources = page.getByRole('region', { name: 'Top sources' });
  await expect(sources.getByRole('rowheader', { name: 'google.com' })).toBeVisible();
  await expect(sources.getByRole('rowheader', { name: 'Direct, or not said' })).toBeVisible();

  // The whole curve as CSV: a header and a row a day, the views adding up to the page's.
  const csv = await page.request.get(
    (await page.getByRole('link', { name: 'Download visitors and views as CSV' }).getAttribute('href'))!,
  );
  expect(csv.headers()['content-type']).toContain('text/csv');
  const rows = (await csv.text()).trim().split('\n');
  expect(rows[0]).toBe('period,visitors,views');
  expect(rows).toHaveLength(91);
  expect(rows.slice(1).reduce((sum, row) => sum + Number(row.split(',')[2]), 0)).toBe(written.views);

  await page.getByRole('link', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/range=7d/);
  await expect(page.locator('.traffic__hit')).toHaveCount(7);
  expect(await figure(page, 'views')).toBeLessThan(written.views);

  const today = new Date().toISOString().slice(0, 10);
  const tenDaysAgo = new Date(Date.now() - 9 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(tenDaysAgo);
  await page.getByLabel('to', { exact: true }).fill(today);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${tenDaysAgo}&to=${today}`));
  await expect(page.locator('.traffic__hit')).toHaveCount(10);

  // The most read post's own page: its curve, its sources and how far its readers read.
  await page.getByRole('region', { name: 'Top posts' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/dashboard\/analytics\/posts\//);
  await expect(page.getByRole('heading', { name: 'How far readers read' })).toBeVisible();
  await expect(page.locator('.read-through li')).toHaveCount(4);
  await expect(page.getByRole('heading', { name: 'All time' })).toBeVisible();
  await page.context().close();
});

test('with JavaScript off: the page, its chart’s table and the custom period all work', async ({ browser }) => {
  const page = await ownerPage(browser, false);
  expect(await figure(page, 'views')).toBe(written.views);
  await page.getByText('Visitors and views, Last 90 days as a table').click();
  await expect(page.locator('.traffic .chart__table tbody tr')).toHaveCount(90);
  const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}`));
  await expect(page.locator('.traffic__hit')).toHaveCount(30);
  await page.context().close();
});

test('a reader’s visit is counted once, and the owner’s is not', async ({ browser }) => {
  const owner = await ownerPage(browser);
  const before = await figure(owner, 'views');
  // The owner reads the feed: not counted.
  await owner.goto('/');
  const reader = await browser.newContext({ baseURL: site.url });
  const page = await reader.newPage();
  // Its answer, not only its start: a context closed as the beacon leaves takes the beacon with it.
  const beacon = page.waitForResponse((response) => response.url().endsWith('/api/hit'));
  await page.goto('/');
  expect((await beacon).status()).toBe(204);
  expect((await reader.cookies()).length).toBe(0);
  await reader.close();
  await expect
    .poll(async () => {
      await owner.goto('/dashboard/analytics?range=90d');
      return figure(owner, 'views');
    })
    .toBe(before + 1);
  await owner.context().close();
});
