import { cpSync, rmSync } from 'node:fs';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { seriousAxeFindings } from './support/axe';
import { openBeforeHydration } from './support/before-hydration';
import { type SiteProcess, newDataFolder, startSite } from './support/site-process';

// The owner makes the site theirs in the browser (issue 47): on the Settings page they change the title, the accent
// colour, the logo (uploaded) and the header's menu, save, and every public page shows them at once: the home page, a
// post, a category, search, the Spanish home, a member's page. A colour that does not read on the background is
// refused and nothing changes; a session that ended loses nothing typed. On a server of its own (the whole site
// changes), over a copy of the content (the upload lands in its media folder).

const DATA_DIR = '.e2e/data-settings';
const CONTENT_DIR = '.e2e/content-settings';
const PASSWORD = 'settings-owner-password';
let site: SiteProcess;

test.beforeAll(async () => {
  await newDataFolder(DATA_DIR);
  rmSync(CONTENT_DIR, { recursive: true, force: true });
  cpSync('.e2e/content', CONTENT_DIR, { recursive: true });
  site = await startSite(
    {
      DATA_DIR,
      BLOG_CONTENT_DIR: CONTENT_DIR,
      OWNER_PASSWORD: PASSWORD,
      SESSION_SECRET: 'settings-session-secret-long-enough-0123456789',
    },
    { ownOrigin: true },
  );
});
test.afterAll(() => site?.stop());

async function ownerPage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, baseURL: site.url });
  const page = await context.newPage();
  await page.goto('/login?next=%2Fdashboard%2Fsettings');
  await page.getByRole('main').getByLabel('Password').fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  return page;
}

const PUBLIC_PAGES = [
  '/',
  '/post/a-performance-checklist-for-new-projects',
  '/categories/performance',
  '/search?q=cache',
  '/es',
  '/signin',
];

test('title, accent, logo and menu set in the settings show on every public page at once', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await ownerPage(browser);
  expect(await seriousAxeFindings(page)).toEqual([]);

  // A colour that does not read on the light background: refused, said where, nothing stored.
  await page.getByLabel('Accent colour (links and buttons)').fill('#ffe066');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Not saved: one field needs a change (marked below).')).toBeVisible();
  await expect(page.getByText(/reads at 1\.\d\d:1 on the light background/)).toBeVisible();
  await expect(page.getByLabel('Accent colour (links and buttons)')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Title', { exact: true }).fill('Field Notes');
  await page.getByLabel('Accent colour (links and buttons)').fill('#7a1f5c');
  await page.getByLabel('Upload the logo').setInputFiles('content/media/confetti-still.png');
  await expect(page.getByText('confetti-still.png uploaded. Save to use it.')).toBeVisible();
  const menu = page.getByRole('group', { name: 'Header menu' });
  await menu.getByRole('button', { name: 'Add a link' }).click();
  await menu.getByLabel('Words').nth(0).fill('Start here');
  await menu.getByLabel('Address').nth(0).fill('/post/a-performance-checklist-for-new-projects');
  await menu.getByRole('button', { name: 'Add a link' }).click();
  await menu.getByLabel('Words').nth(1).fill('Performance');
  await menu.getByLabel('Address').nth(1).fill('/categories/performance');
  // Ordered by keyboard: the second link moved up.
  await menu.getByRole('button', { name: 'Move “Performance” up' }).press('Enter');
  await expect(menu.getByLabel('Words').nth(0)).toHaveValue('Performance');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved. Every page shows them now.')).toBeVisible();

  const reader = await (await browser.newContext({ baseURL: site.url })).newPage();
  for (const path of PUBLIC_PAGES) {
    await reader.goto(path);
    const header = reader.locator('header.site-header');
    const logo = header.getByRole('img', { name: 'Field Notes' });
    await expect(logo, path).toBeVisible();
    await expect(logo).toHaveAttribute('src', /^\/media\/.+\.png$/);
    const nav = header.locator('.site-header__wide .site-nav');
    await expect(nav.getByRole('link'), path).toHaveText(['Performance', 'Start here']);
    await expect(reader).toHaveTitle(/Field Notes$/);
    // The accent, as the page's links are drawn in it.
    const accent = await reader.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent'));
    expect(accent.trim(), path).toBe('#7a1f5c');
  }
  // The footer no longer offers the owner's sign-in; /login is the owner's door.
  await expect(reader.locator('footer').getByRole('link', { name: /owner/i })).toHaveCount(0);
  await reader.context().close();
  await page.context().close();
});

test('a phone’s header: the site’s name and a Menu that opens without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: site.url,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 800 },
  });
  const page = await context.newPage();
  await page.goto('/');
  const header = page.locator('header.site-header');
  const box = await header.boundingBox();
  expect(box!.height).toBeLessThan(90);
  await expect(header.locator('.site-header__wide')).toBeHidden();
  await header.getByText('Menu', { exact: true }).click();
  await expect(header.locator('.site-menu').getByRole('link', { name: 'Performance' })).toBeVisible();
  await expect(header.locator('.site-menu').getByRole('searchbox')).toBeVisible();
  await context.close();
});

test('a session that ends while editing loses nothing: the changes come back after signing in', async ({ browser }) => {
  const page = await ownerPage(browser);
  await page.getByLabel('Description').fill('Notes from the field, kept while signed out.');
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText(/Not saved: your session has ended/)).toBeVisible();

  await page.goto('/login?next=%2Fdashboard%2Fsettings');
  await page.getByRole('main').getByLabel('Password').fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/Unsaved changes from .* are back/)).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('Notes from the field, kept while signed out.');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved. Every page shows them now.')).toBeVisible();
  await page.goto('/');
  await expect(page.getByText('Notes from the field, kept while signed out.')).toBeVisible();
  await page.context().close();
});

test('what is typed while the page loads stays when its script starts, and is kept in this browser', async ({
  browser,
}) => {
  const page = await ownerPage(browser);
  const scripts = await openBeforeHydration(page, '/dashboard/settings');
  await page.getByLabel('Sender name').fill('Typed while loading');
  await scripts();
  // The upload buttons show once the form's script runs.
  await expect(page.getByLabel('Upload the logo')).toBeAttached();
  await expect(page.getByLabel('Sender name')).toHaveValue('Typed while loading');
  await page.reload();
  await expect(page.getByText(/Unsaved changes from .* are back/)).toBeVisible();
  await expect(page.getByLabel('Sender name')).toHaveValue('Typed while loading');
  await page.getByRole('button', { name: 'Discard them' }).click();
  await page.context().close();
});

test('without JavaScript the form saves too', async ({ browser }) => {
  const page = await ownerPage(browser, false);
  await page.getByLabel('Title', { exact: true }).fill('Field Notes, plainly');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?saved=1$/);
  await expect(page.getByText('Settings saved. Every page shows them now.')).toBeVisible();
  await page.goto('/');
  await expect(page.locator('header.site-header').getByRole('img', { name: 'Field Notes, plainly' })).toBeVisible();
  await page.context().close();
});
