import { expect, test } from '@playwright/test';
import { asNewClient, confirmCode, join, ownerSignIn } from './support/members';

// Ratings (issue 31) without JavaScript: a visitor's rating goes to sign in; a member rates by the plain form, comes
// back to the post's rating, and rates again to change it. The page, the JSON API and the owner's dashboard agree.

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a member rates a post by form, changes the rating, and the page, the API and the dashboard agree', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    // The newest post: first in the owner's table.
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await asNewClient(owner);
    await ownerSignIn(owner);
    const firstRow = owner.locator('.metrics-table tbody tr').first();
    const postId = (await firstRow.getAttribute('data-post-id'))!;
    const path = (await firstRow.locator('th a').getAttribute('href'))!;

    await asNewClient(page);
    await page.goto(path);
    const rating = page.locator('#rating');
    await rating.getByLabel('4').check();
    await rating.getByRole('button', { name: 'Rate' }).click();
    await expect(page).toHaveURL(/\/signin\?notice=signin-to-rate&next=/);
    await expect(page.getByRole('main')).toContainText('Sign in to rate posts.');

    const address = `rating-${Date.now()}@example.com`;
    await join(page, address, 'e2e ratings password', 'Rating Member');
    await confirmCode(page, address);
    for (const [value, shown] of [
      ['4', '4.0 out of 5 from 1 rating'],
      ['2', '2.0 out of 5 from 1 rating'],
    ] as const) {
      await page.goto(path);
      await page.locator('#rating').getByLabel(value).check();
      await page.locator('#rating').getByRole('button', { name: 'Rate' }).click();
      await expect(page).toHaveURL(new RegExp(`${path}#rating$`));
      await expect(page.getByTestId('rating-summary')).toHaveText(shown);
    }
    await expect(page.locator('.post__meta')).toContainText('Rated 2.0 out of 5 from 1 rating');

    const api = await page.request.get(`/api/posts/${postId}?fieldsets=METRICS`);
    expect((await api.json()).post.metrics).toMatchObject({ averageRating: 2, totalRatings: 1 });

    await owner.goto('/dashboard');
    await expect(owner.locator(`tr[data-post-id="${postId}"] [data-metric="rating"]`)).toHaveText('2.0 (1)');
    await ownerContext.close();
  });
});
