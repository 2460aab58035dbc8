import { expect, test } from '@playwright/test';
import { asNewClient, confirmCode, join } from './support/members';

// The reading list and the share links under a post. JavaScript off: a visitor's "Save for later" asks them to sign in;
// a member saves a post (the post page comes back at its "saved" notice), finds it on /account, and removes it; the
// share links are plain links with the post's address and title. JavaScript on: "Copy link" copies the address.

const SLUG = 'what-lcp-actually-measures';
const TITLE = 'What LCP actually measures (and what it doesn’t)';
const PASSWORD = 'e2e reading list password';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('sign in to save → save twice → listed on /account → remove → gone', async ({ page, baseURL }) => {
    await asNewClient(page);
    const main = page.getByRole('main');
    const postUrl = `/post/${SLUG}`;

    // A visitor is sent to sign in, and would come back to the post.
    await page.goto(postUrl);
    await main.getByRole('button', { name: 'Save for later' }).click();
    await expect(page).toHaveURL(`/signin?notice=signin-to-save&next=${encodeURIComponent(postUrl)}`);

    const address = `reading-${Date.now()}@example.com`;
    await join(page, address, PASSWORD, 'Reading Member');
    await confirmCode(page, address);
    await expect(page).toHaveURL(/\/account$/);
    const list = main.getByRole('region', { name: 'Reading list' });
    await expect(list).toContainText('Nothing saved yet.');

    // Saving comes back to the post at its notice; saving again keeps one item.
    await page.goto(postUrl);
    const saved = main.getByText('Saved to your reading list.');
    await expect(saved).toBeHidden();
    for (let i = 0; i < 2; i++) {
      await main.getByRole('button', { name: 'Save for later' }).click();
      await expect(page).toHaveURL(`${postUrl}#saved-for-later`);
      await expect(saved).toBeVisible();
    }

    // The share links: the post's absolute address (SITE_URL is the test server's) and title, encoded.
    const absolute = `${baseURL}${postUrl}`;
    await main.locator('summary', { hasText: 'Share' }).click();
    const share = main.getByRole('list', { name: 'Share this post' });
    await expect(share.getByRole('link', { name: 'Copy link' })).toHaveAttribute('href', absolute);
    await expect(share.getByRole('link', { name: 'Share by E-mail' })).toHaveAttribute(
      'href',
      `mailto:?subject=${encodeURIComponent(TITLE)}&body=${encodeURIComponent(`${TITLE}\n\n${absolute}`)}`,
    );
    const bluesky = share.getByRole('link', { name: 'Share on Bluesky' });
    await expect(bluesky).toHaveAttribute(
      'href',
      `https://bsky.app/intent/compose?text=${encodeURIComponent(`${TITLE} ${absolute}`)}`,
    );
    await expect(bluesky).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(share.getByRole('link', { name: 'Share on Hacker News' })).toHaveAttribute(
      'href',
      `https://news.ycombinator.com/submitlink?u=${encodeURIComponent(absolute)}&t=${encodeURIComponent(TITLE)}`,
    );
    for (const network of ['Mastodon', 'LinkedIn', 'X', 'Facebook', 'Reddit']) {
      const href = await share.getByRole('link', { name: `Share on ${network}`, exact: true }).getAttribute('href');
      expect(href).toContain(encodeURIComponent(absolute));
    }

    // The account page lists it once, linked to the post, with the date it was saved.
    await main.getByRole('link', { name: 'See your reading list' }).click();
    await expect(page).toHaveURL('/account#reading-list');
    const items = list.getByRole('listitem');
    await expect(items).toHaveCount(1);
    await expect(items.getByRole('link', { name: TITLE })).toHaveAttribute('href', postUrl);
    await expect(items).toContainText(/Saved \w+ \d{1,2}, \d{4}/);

    await items.getByRole('button', { name: `Remove “${TITLE}” from your reading list` }).click();
    await expect(page).toHaveURL('/account?notice=reading-list-removed#reading-list');
    await expect(main.getByRole('status').first()).toHaveText('Removed from your reading list.');
    await expect(list.getByRole('listitem')).toHaveCount(0);
    await expect(list).toContainText('Nothing saved yet.');
  });
});

test('with JavaScript, "Copy link" puts the post’s address on the clipboard and says so', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto(`/post/${SLUG}`);
  // The island's click handler is there once the page's scripts have run (before that the link opens the post).
  await page.waitForLoadState('networkidle');
  await page.getByRole('main').locator('summary', { hasText: 'Share' }).click();
  const share = page.getByRole('main').getByRole('list', { name: 'Share this post' });
  await share.getByRole('link', { name: 'Copy link' }).click();
  await expect(share.getByRole('status')).toHaveText('Link copied');
  await expect(page).toHaveURL(`/post/${SLUG}`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/post/${SLUG}`);
  await context.close();
});
