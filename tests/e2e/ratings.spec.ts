import { type Page, expect, test } from '@playwright/test';
import { asNewClient, confirmCode, join, ownerSignIn } from './support/members';

// Ratings (issue 31) without JavaScript: a visitor's rating goes to sign in; a member rates by the plain form, comes
// back to the post's rating, and rates again to change it. The page, the JSON API and the owner's dashboard agree.
// Where the owner lets visitors rate (the dashboard's Comments page, Ratings), a visitor rates by the same form as the
// visitor of their signed cookie, and rates again to change it; members only again, they are sent to sign in.

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

  test('where the owner lets visitors rate, a visitor rates by form under their cookie and changes the rating', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await asNewClient(owner);
    await ownerSignIn(owner);
    // The member's test's post (first in the owner's table): the dashboard's rating cell is the only one that moves.
    const firstRow = owner.locator('.metrics-table tbody tr').first();
    const postId = (await firstRow.getAttribute('data-post-id'))!;
    const path = (await firstRow.locator('th a').getAttribute('href'))!;
    const ratingApi = `/api/posts/${postId}/rating`;

    try {
      await setVisitorsMayRate(owner, true);
      await asNewClient(page);
      // Whatever others gave it before (the member's test), the visitor's rating is one more.
      const before = await (await page.request.get(ratingApi)).json();
      expect(before.mine).toBeNull();
      const count = before.count + 1;
      const ratings = `from ${count} rating${count === 1 ? '' : 's'}`;

      await page.goto(path);
      const rating = page.locator('#rating');
      await expect(rating.locator('legend')).toHaveText('Your rating');
      for (const value of ['4', '2']) {
        await page.goto(path);
        await rating.getByLabel(value).check();
        await rating.getByRole('button', { name: 'Rate' }).click();
        // Back at the post's rating, not sent to sign in; rating again changes theirs, still one.
        await expect(page).toHaveURL(new RegExp(`${path}#rating$`));
        await expect(page.getByTestId('rating-summary')).toContainText(ratings);
        expect(await (await page.request.get(ratingApi)).json()).toMatchObject({ count, mine: Number(value) });
      }
      const cookie = (await page.context().cookies()).find((c) => c.name === 'visitor_id');
      expect(cookie?.value).toMatch(/^v-[\w-]{16}\.[\w-]{22}$/);
      expect(cookie?.httpOnly).toBe(true);

      // The page, the JSON API and the dashboard count the visitor's rating.
      const after = await (await page.request.get(ratingApi)).json();
      const shown = `${after.average.toFixed(1)} out of 5 ${ratings}`;
      await expect(page.getByTestId('rating-summary')).toHaveText(shown);
      await expect(page.locator('.post__meta')).toContainText(`Rated ${shown}`);
      const api = await page.request.get(`/api/posts/${postId}?fieldsets=METRICS`);
      expect((await api.json()).post.metrics).toMatchObject({ averageRating: after.average, totalRatings: count });
      await owner.goto('/dashboard');
      await expect(owner.locator(`tr[data-post-id="${postId}"] [data-metric="rating"]`)).toHaveText(
        `${after.average.toFixed(1)} (${count})`,
      );
    } finally {
      await setVisitorsMayRate(owner, false);
    }

    // Members only again: the form says so, and the visitor, cookie and all, is sent to sign in; nothing changes.
    await page.goto(path);
    const rating = page.locator('#rating');
    await expect(rating.locator('legend')).toHaveText('Your rating (members)');
    await rating.getByLabel('5').check();
    await rating.getByRole('button', { name: 'Rate' }).click();
    await expect(page).toHaveURL(/\/signin\?notice=signin-to-rate&next=/);
    expect(await (await page.request.get(ratingApi)).json()).toMatchObject({ mine: 2 });
    await ownerContext.close();
  });
});

/** The owner's rating setting, saved through the dashboard's Ratings form (on the Comments page). */
async function setVisitorsMayRate(owner: Page, allowed: boolean) {
  await owner.goto('/dashboard/comments');
  const main = owner.getByRole('main');
  await main.getByLabel('Visitors without an account may rate posts').setChecked(allowed);
  await main.getByRole('button', { name: 'Save rating settings' }).click();
  await expect(owner).toHaveURL(/\/dashboard\/comments\?saved=ratings$/);
  await expect(main.getByText('The rating settings are saved.')).toBeVisible();
  await expect(main.getByLabel('Visitors without an account may rate posts')).toBeChecked({ checked: allowed });
}
