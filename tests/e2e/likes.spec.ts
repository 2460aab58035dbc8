import { expect, type Page, test } from '@playwright/test';

// Likes as readers use them. Without JavaScript the button is a form: a like comes back (303) to the post with the
// count one up, a second like changes nothing, "Remove my like" takes it back. With JavaScript the island likes in
// place (no page load), and another browser, another visitor, sees the new count: the like's event refreshed the page.

const NO_JS_POST = '/post/our-on-call-handbook-for-frontend-incidents';
const JS_POST = '/post/images-at-the-edge-avif-and-webp';

const countOf = async (page: Page) => {
  const text = await page.locator('#likes .likes__count').textContent();
  return Number(/([\d,]+) likes?/.exec(text ?? '')![1]!.replace(/,/g, ''));
};
const likeButton = (page: Page) => page.locator('#likes').getByRole('button', { name: 'Like this post' });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('like → +1, like again → no change, remove → back', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.61' });
    await page.goto(NO_JS_POST);
    const before = await countOf(page);

    await likeButton(page).click();
    await expect(page).toHaveURL(new RegExp(`${NO_JS_POST}#likes$`));
    expect(await countOf(page)).toBe(before + 1);

    await likeButton(page).click();
    await expect(page).toHaveURL(new RegExp(`${NO_JS_POST}#likes$`));
    expect(await countOf(page)).toBe(before + 1);

    await page.locator('#likes').getByRole('button', { name: 'Remove my like' }).click();
    await expect(page).toHaveURL(new RegExp(`${NO_JS_POST}#likes$`));
    expect(await countOf(page)).toBe(before);

    // The visitor cookie is HttpOnly; only its readable hint says it exists.
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'post_liker')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookies.find((c) => c.name === 'liker_hint')).toMatchObject({ httpOnly: false, value: '1' });
  });
});

test('with JavaScript the count updates in place; another visitor sees it after the refresh', async ({ browser }) => {
  const first = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.62' } });
  const second = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.63' } });
  try {
    const page = await first.newPage();
    await page.goto(JS_POST);
    const before = await countOf(page);
    // Hydrated: the no-JavaScript "Remove my like" is gone.
    await expect(page.locator('#likes').getByRole('button', { name: 'Remove my like' })).toHaveCount(0);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await likeButton(page).click();
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => countOf(page)).toBe(before + 1);
    // No page load happened: the marker set on this window is still there.
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // A reload asks this visitor's state: still liked.
    await page.reload();
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'true');

    const other = await second.newPage();
    await other.goto(JS_POST);
    expect(await countOf(other)).toBe(before + 1);
    await expect(likeButton(other)).toHaveAttribute('aria-pressed', 'false');

    // Unliked in place; the other visitor sees the count go back.
    await likeButton(page).click();
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => countOf(page)).toBe(before);
    await other.reload();
    expect(await countOf(other)).toBe(before);
  } finally {
    await first.close();
    await second.close();
  }
});
