import { expect, test } from '@playwright/test';

// Authors on the production build, without JavaScript: a post's byline (picture and name), the link to the writer's
// page, that page's posts in the page's language (Maya Okafor wrote 12 of the demo's English posts, a full page, and 2
// of its Spanish ones), a writer whose posts fit one page (no paging links, no page 2), the post's JSON-LD and the feed
// naming the writer, and no e-mail address anywhere a writer is shown.

test.use({ javaScriptEnabled: false });

const POST = 'what-lcp-actually-measures';
const MAYA = { name: 'Maya Okafor', path: '/authors/maya-okafor', avatar: '/media/avatar-maya-okafor.png' };
const EMAIL = /[\w.+-]+@[\w-]+\.[\w.-]+/;

test('a post shows its writer, whose page lists their posts, paged', async ({ page }) => {
  const response = await page.goto(`/post/${POST}`);
  expect(response?.status()).toBe(200);
  const byline = page.locator('.post__meta .post-author');
  expect(await byline.innerHTML()).not.toMatch(EMAIL);
  await expect(byline).toContainText(`By ${MAYA.name}`);
  const avatar = byline.locator('img');
  await expect(avatar).toHaveAttribute('alt', '');
  await expect(avatar).toHaveAttribute('src', MAYA.avatar);
  expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '[]');
  expect(jsonLd[0].author).toEqual({ '@type': 'Person', name: MAYA.name, url: `http://127.0.0.1:3100${MAYA.path}` });

  await byline.getByRole('link', { name: MAYA.name }).click();
  await expect(page).toHaveURL(MAYA.path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MAYA.name);
  await expect(page.locator('.listing-header p')).toContainText('Performance engineer');
  await expect(page.locator('.post-card')).toHaveCount(12);
  // The footer's subscribe form has an example address as its placeholder: look where the writer is shown.
  expect(await page.locator('.listing-header').innerHTML()).not.toMatch(EMAIL);

  // Pinned posts first, then newest: the writer's oldest English post, the one opened above, is the last.
  await expect(
    page
      .locator('.post-card')
      .last()
      .getByRole('link', { name: /What LCP actually measures/i }),
  ).toBeVisible();
  await expect(page.locator('nav.pagination')).toHaveCount(0);

  // The Spanish translation's byline leads to her Spanish page: her two Spanish posts, none of the English ones.
  await page.goto('/es/post/que-mide-realmente-el-lcp');
  await expect(page.locator('.post__meta .post-author')).toContainText(`Por ${MAYA.name}`);
  await page.locator('.post__meta .post-author').getByRole('link', { name: MAYA.name }).click();
  await expect(page).toHaveURL(`/es${MAYA.path}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('.post-card')).toHaveCount(2);
  for (const link of await page.locator('.post-card h2 a').all())
    await expect(link).toHaveAttribute('href', /^\/es\/post\//);
});

test('a writer whose posts fit one page has no paging; unknown writers and pages are 404', async ({
  page,
  request,
}) => {
  const response = await page.goto('/authors/priya-natarajan');
  expect(response?.status()).toBe(200);
  const count = await page.locator('.post-card').count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(12);
  await expect(page.locator('nav.pagination')).toHaveCount(0);
  expect((await request.get('/authors/priya-natarajan/page/2')).status()).toBe(404);
  expect((await request.get('/authors/no-such-writer')).status()).toBe(404);
  expect((await request.get(`${MAYA.path}/page/2`)).status()).toBe(404);
});

test('the feed names each post’s writer, and no address', async ({ request }) => {
  const feed = await (await request.get('/feed.xml')).text();
  expect(feed).toContain('xmlns:dc="http://purl.org/dc/elements/1.1/"');
  expect(feed).toContain(`<dc:creator>${MAYA.name}</dc:creator>`);
  expect(feed).not.toContain('<author>');
});

test('the author page reads at 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(MAYA.path);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.goto(`/post/${POST}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
