import { expect, type Page, test } from '@playwright/test';
import { asNewClient, confirmCode, join } from './support/members';

// A long read (issue 33: the 3,000-word fixture of scripts/content/long.ts, 16 images, code, tables, a video, an
// embed) hydrates and navigates like a short post: its payload was cut (no undefined props, no Fragment per node),
// and the islands inside and after the article must still come alive from it.

const POST = '/post/long-read-3000-words';
const PASSWORD = 'e2e long post password';

/** Marks this window: the mark survives client navigation and is gone after a page load. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
const stayed = (page: Page) => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

/** Hydration errors React reports in the console (a mismatch between the HTML and the payload). */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|did not match|server rendered/i.test(message.text()))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the long post hydrates: likes in place, "Copy link" and a code block’s "Copy" work, no hydration error', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await asNewClient(page);
  const errors = hydrationErrors(page);
  await page.goto(POST);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('article .rc h2')).not.toHaveCount(0);
  await expect(page.locator('article .rc img')).toHaveCount(16);
  await mark(page);

  const likes = page.locator('#likes');
  const countText = async () =>
    Number(/([\d,]+) likes?/.exec((await likes.locator('.likes__count').textContent())!)![1]);
  const before = await countText();
  await likes.getByRole('button', { name: 'Like this post' }).click();
  await expect(likes.getByRole('button', { name: 'Like this post' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(countText).toBe(before + 1);

  // One "Share" (issue 47): the list behind its disclosure (this browser has no system share sheet).
  await page.getByRole('main').locator('summary', { hasText: 'Share' }).click();
  const share = page.getByRole('main').getByRole('list', { name: 'Share this post' });
  await share.getByRole('link', { name: 'Copy link' }).click();
  await expect(share.getByRole('status')).toHaveText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${POST}`);

  const code = page.locator('article .rc pre').first();
  await code.scrollIntoViewIfNeeded();
  await code.locator('..').getByRole('button', { name: /copy/i }).first().click();
  expect((await page.evaluate(() => navigator.clipboard.readText())).length).toBeGreaterThan(10);
  expect(await code.textContent()).toContain((await page.evaluate(() => navigator.clipboard.readText())).trim());

  expect(await stayed(page), 'no page load happened').toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

test('a member comments on the long post through the hydrated form', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await asNewClient(page);
  const address = `long-reader-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  await join(page, address, PASSWORD, 'Long Reader');
  await confirmCode(page, address);
  await expect(page).toHaveURL(/\/account$/);

  await page.goto(POST);
  const comments = page.locator('#comments');
  // Who writes is the island's (the prerendered page knows no member).
  await expect(comments.locator('> .comment-form .comment-form__who')).toHaveText('Commenting as Long Reader');
  const text = `A long read deserves a long comment ${Date.now()}`;
  await comments.getByLabel('Write a comment').fill(text);
  await comments.getByRole('button', { name: 'Post comment' }).click();
  // Awaiting approval (the writer's own list) or published (the page reloads onto it): the owner's setting decides.
  await expect(comments.getByText(text)).toBeVisible();
  await context.close();
});

test('client navigation into and out of the long post keeps the window and renders the whole article', async ({
  page,
}) => {
  const errors = hydrationErrors(page);
  await page.goto(POST);
  const headings = await page.locator('article .rc h2').count();
  // A code block's "Copy" shows once the page is hydrated: the words are counted then, here and after the navigation
  // (counted before, they raced hydration and came up short by a "Copy" or two).
  const codeBlocks = await page.locator('article .rc .rc-codeblock').count();
  expect(codeBlocks).toBeGreaterThan(0);
  await expect(page.locator('article .rc .rc-code__copy')).toHaveCount(codeBlocks);
  const words = (await page.locator('article .rc').innerText()).split(/\s+/).length;
  expect(words).toBeGreaterThan(3_000);
  await page.waitForLoadState('networkidle');
  await mark(page);

  // Out: to the next post, by the link under the article (the post pages share a root layout: the category pages
  // have their own, and crossing root layouts is a page load in Next).
  const neighbours = page.getByRole('navigation', { name: 'More posts' });
  await neighbours.locator('a[rel="next"]').click();
  await expect(page).not.toHaveURL(POST);
  await expect(page).not.toHaveTitle(/3,000 words/);
  expect(await stayed(page)).toBe(true);

  // In: back to the long post by that post's "previous" link, rendered from the RSC payload alone.
  await page.getByRole('navigation', { name: 'More posts' }).locator('a[rel="prev"]').click();
  await expect(page).toHaveURL(POST);
  // Next 16 keeps the pages left behind in the DOM, hidden (React's <Activity>): only the visible article counts.
  const article = page.locator('article .rc:visible');
  await expect(article.locator('h2')).toHaveCount(headings);
  await expect(article.locator('.rc-code__copy')).toHaveCount(codeBlocks);
  expect((await article.innerText()).split(/\s+/).length).toBe(words);
  expect(await stayed(page), 'no page load happened').toBe(true);
  expect(errors).toEqual([]);
});
