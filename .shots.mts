import { chromium } from '@playwright/test';
import { SESSION_COOKIE, signSession } from './lib/owner/tokens';
const SECRET = 'e2e-session-secret-that-is-long-enough-0123456789';
const base = 'http://127.0.0.1:3100';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell' });
for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
    await context.addCookies([{ name: SESSION_COOKIE, value: signSession(SECRET).token, url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/dashboard/posts/new`);
    await page.getByPlaceholder('Post title').fill('Caching, paid in part');
    await page.getByRole('textbox', { name: 'Post body' }).click();
    await page.keyboard.type('The first paragraph everyone reads.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('The part members with a plan read.');
    await page.getByText('Post settings').click();
    await page.getByLabel('Hashtags').fill('#caching #http');
    await page.getByLabel('SEO title').fill('HTTP caching, explained');
    const plan = page.getByRole('checkbox').filter({ has: page.locator('xpath=..') }).last();
    const boxes = page.locator('fieldset.editor__group input[type=checkbox]');
    if ((await boxes.count()) > 0) await boxes.first().check();
    if (await page.getByLabel('The preview ends after').count()) await page.getByLabel('The preview ends after').selectOption({ index: 2 });
    await page.locator('fieldset.editor__group').last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/editor-settings-${width}-${scheme}.png`, fullPage: width === 390 });
    await context.close();
  }
}
await browser.close();
