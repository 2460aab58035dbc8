import { expect, test } from '@playwright/test';
import { asNewClient } from './support/members';

// A poll in a post (issue 31), without JavaScript: the demo's poll lets anyone vote and shows results to everyone. A
// reader votes with the plain form, lands on the poll's results with their vote marked, changes it there, and the
// total counts them once. The post's page stays the same for everyone: no result in it.

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a reader votes, sees the results with their vote, changes it, and is counted once', async ({ page }) => {
    await asNewClient(page);
    await page.goto('/post/every-block-our-editor-supports');
    const poll = page.locator('form.rc-poll-form');
    await expect(poll.locator('legend')).toHaveText('Which block should we write about next?');
    await poll.getByLabel('Polls').check();
    await poll.getByRole('button', { name: 'Vote' }).click();
    await expect(page).toHaveURL(/\/polls\/[\w-]+\/showcase-poll$/);
    const results = page.getByTestId('poll-results');
    await expect(results.locator('li[data-option="showcase-poll-3"]')).toContainText('Polls (your vote)');
    const totalText = async () => (await page.locator('.poll-page .muted').textContent()) ?? '';
    const before = Number(/(\d+) votes? in all/.exec(await totalText())![1]);

    const change = page.locator('form.poll-vote');
    await expect(change.getByLabel('Polls')).toBeChecked();
    await change.getByLabel('Tables').check();
    await change.getByRole('button', { name: 'Vote' }).click();
    await expect(results.locator('li[data-option="showcase-poll-1"]')).toContainText('Tables (your vote)');
    await expect(results.locator('li[data-option="showcase-poll-3"]')).not.toContainText('your vote');
    expect(Number(/(\d+) votes? in all/.exec(await totalText())![1])).toBe(before);
    // Each option's bar is said in words too: its count and share.
    await expect(results.locator('li').first()).toContainText(/\d+ votes? \(\d+%\)/);
  });
});
