import { cpSync, rmSync } from 'node:fs';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { seriousAxeFindings } from './support/axe';
import { type SiteProcess, newDataFolder, startSite } from './support/site-process';

// The owner moves their WordPress blog in, in the browser (issue 48): from Settings to Import, WordPress's own test
// export (WPTT's themeunittestdata.wordpress.xml) chosen, previewed (the report, nothing on the site), then imported
// with "Import it now" after the session ended in between (the file is kept, the owner signs in again in another tab):
// the posts are on the site, and an old WordPress address answers 301 with its new page. On a server of its own,
// over a copy of the content (the import writes into it).

const DATA_DIR = '.e2e/data-import';
const CONTENT_DIR = '.e2e/content-import';
const PASSWORD = 'import-owner-password';
const WPTT = 'tests/fixtures/import/wordpress/themeunittestdata.wordpress.xml';
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
      SESSION_SECRET: 'import-session-secret-long-enough-0123456789',
    },
    { ownOrigin: true },
  );
});
test.afterAll(() => site?.stop());

async function signIn(page: Page, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByRole('main').getByLabel('Password').fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${next}$`));
}

async function ownerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: site.url });
  const page = await context.newPage();
  await signIn(page, '/dashboard/settings');
  return page;
}

test('a WordPress export previewed, then imported after the session ended, is on the site', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await ownerPage(browser);
  await page.getByRole('link', { name: 'Import your posts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();
  await expect(page.getByText('None yet.')).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);

  // The preview: the report of what it would write, and nothing on the site.
  await page.getByLabel('Export file').setInputFiles(WPTT);
  await expect(page.getByRole('status')).toContainText(/Chosen: themeunittestdata\.wordpress\.xml/);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const result = page.getByRole('heading', { name: 'Preview of themeunittestdata.wordpress.xml' });
  await expect(result).toBeVisible({ timeout: 45_000 });
  await expect(result).toBeFocused();
  const table = page.getByRole('table', { name: /What importing the WordPress export would do/ });
  await expect(table.getByRole('row', { name: /^Posts/ })).toBeVisible();
  expect(
    Number(
      await table
        .getByRole('row', { name: /^Posts/ })
        .getByRole('cell')
        .nth(0)
        .textContent(),
    ),
  ).toBeGreaterThan(50);
  expect(await seriousAxeFindings(page)).toEqual([]);
  expect((await page.request.get('/post/template-sticky')).status()).toBe(404);

  // The session ends before the owner imports: said so, the file kept; signed in again elsewhere, the same button.
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Import it now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not imported' })).toContainText(/session/i);
  const other = await page.context().newPage();
  await signIn(other, '/dashboard/import');
  await other.close();
  await page.getByRole('button', { name: 'Import it now' }).click();
  const imported = page.getByRole('heading', { name: 'Imported themeunittestdata.wordpress.xml' });
  await expect(imported).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('table', { name: /What the import of the WordPress export did/ })).toBeVisible();

  // On the site once the folder's watcher has told it (every 10 s), and the old addresses lead there.
  await expect
    .poll(async () => (await page.request.get('/post/template-sticky')).status(), { timeout: 40_000 })
    .toBe(200);
  const old = await page.request.get('/2012/01/07/template-sticky/', { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toMatch(/\/post\/template-sticky$/);

  // The recent imports list both, after a reload: the site keeps them.
  await page.reload();
  const recent = page.getByRole('region', { name: 'Recent imports' }).or(page.locator('.import-recent'));
  await expect(recent.getByText('Imported', { exact: true }).first()).toBeVisible();
  await expect(recent.getByText('Previewed', { exact: true }).first()).toBeVisible();
});
