import { type Page, expect, test } from '@playwright/test';
import { asNewClient, confirmCode, join, ownerSignIn } from './support/members';

// Polls in a post (issue 31), with JavaScript off and on. The demo's poll lets anyone vote and shows results to
// everyone; the test fixture's "members-poll" takes members' votes, several choices each, and shows the results to
// those who voted (its option titles are markup, shown as text). Without JavaScript the plain form posts and the
// browser lands on the poll's results page; with it, the poll's island shows the results in place. The post's page
// stays the same for everyone: no result in it. The owner closes a poll on its results page: it takes no vote.

const FIXTURE = '/post/security-test-hostile-content';
const membersPoll = (page: Page) => page.locator('#poll-members-poll');
const total = async (page: Page) =>
  Number(/(\d+) votes? in all/.exec((await page.locator('.poll-results__total').textContent()) ?? '')![1]);

/** A new member, joined and signed in, in this page's browser. */
async function newMember(page: Page, label: string) {
  const address = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  await join(page, address, 'e2e polls password', 'Poll Member');
  await confirmCode(page, address);
  await expect(page).toHaveURL(/\/account/);
}

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
    const before = await total(page);

    const change = page.locator('form.poll-vote');
    await expect(change.getByLabel('Polls')).toBeChecked();
    await change.getByLabel('Tables').check();
    await change.getByRole('button', { name: 'Vote' }).click();
    await expect(results.locator('li[data-option="showcase-poll-1"]')).toContainText('Tables (your vote)');
    await expect(results.locator('li[data-option="showcase-poll-3"]')).not.toContainText('your vote');
    expect(await total(page)).toBe(before);
    // Each option's bar is said in words too: its count and share.
    await expect(results.locator('li').first()).toContainText(/\d+ votes? \(\d+%\)/);
  });

  test('a members-only poll sends a visitor to sign in; a member sees its results only once they voted', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await asNewClient(page);
    await page.goto(FIXTURE);
    await membersPoll(page).getByLabel('Caching in depth').check();
    await membersPoll(page).getByRole('button', { name: 'Vote' }).click();
    await expect(page).toHaveURL(/\/signin\?notice=signin-to-vote&next=/);

    await newMember(page, 'poll-no-js');
    await page.goto(FIXTURE);
    await membersPoll(page).getByRole('link', { name: 'Results' }).click();
    await expect(page.getByRole('main')).toContainText('The results show to those who voted: vote to see them.');
    await expect(page.getByTestId('poll-results')).toHaveCount(0);

    // Two choices (the poll takes several); the markup option is text.
    const change = page.locator('form.poll-vote');
    await change.getByLabel('Caching in depth').check();
    await change.getByLabel('<script>window.__pwned = 1</script>').check();
    await change.getByRole('button', { name: 'Vote' }).click();
    const results = page.getByTestId('poll-results');
    await expect(results.locator('li[data-option="members-poll-2"]')).toContainText('(your vote)');
    await expect(results.locator('li[data-option="members-poll-3"]')).toContainText('(your vote)');
    const before = await total(page);
    await change.getByLabel('<script>window.__pwned = 1</script>').uncheck();
    await change.getByRole('button', { name: 'Vote' }).click();
    await expect(results.locator('li[data-option="members-poll-3"]')).not.toContainText('(your vote)');
    expect(await total(page)).toBe(before - 1);
  });
});

test.describe('with JavaScript', () => {
  test('a visitor on a members-only poll is sent to sign in', async ({ page }) => {
    await asNewClient(page);
    await page.goto(FIXTURE);
    await membersPoll(page).getByLabel('Accessibility audits').check();
    await membersPoll(page).getByRole('button', { name: 'Vote' }).click();
    await expect(page).toHaveURL(/\/signin\?notice=signin-to-vote&next=/);
  });

  test('a member votes and sees the results in place, changes the vote; a closed poll takes none', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await asNewClient(page);
    await newMember(page, 'poll-js');
    await page.goto(FIXTURE);
    const poll = membersPoll(page);
    await poll.getByLabel('Accessibility audits').check();
    await poll.getByRole('button', { name: 'Vote' }).click();
    // In place: the page does not move, and the results the view role now shows are under the form.
    const results = poll.getByTestId('poll-results');
    await expect(results.locator('li[data-option="members-poll-1"]')).toContainText('(your vote)');
    await expect(page).toHaveURL(new RegExp(`${FIXTURE}$`));
    const before = await total(page);
    await poll.getByLabel('Caching in depth').check();
    await poll.getByRole('button', { name: 'Vote' }).click();
    await expect(results.locator('li[data-option="members-poll-2"]')).toContainText('(your vote)');
    expect(await total(page)).toBe(before + 1);

    // The owner closes the poll on its results page.
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await asNewClient(owner);
    await ownerSignIn(owner);
    const resultsPath = (await poll.getByRole('link', { name: 'Results' }).getAttribute('href'))!;
    await owner.goto(resultsPath);
    await owner.getByRole('button', { name: 'Close voting' }).click();
    await expect(owner.getByRole('main')).toContainText('Voting has closed.');

    // A vote is refused with the catalogue's code; the post's page shows the poll closed, without a form.
    const [, postId, pollId] = /^\/polls\/([^/]+)\/([^/]+)$/.exec(resultsPath)!;
    const refused = await page.request.post(`/api/posts/${postId}/polls/${pollId}`, {
      data: { options: ['members-poll-3'] },
      headers: { origin: new URL(page.url()).origin },
    });
    expect([refused.status(), (await refused.json()).error.wde]).toEqual([403, 'WDE0027']);
    await page.goto(FIXTURE);
    await expect(poll).toContainText('Voting has closed.');
    await expect(poll.locator('form')).toHaveCount(0);

    await owner.getByRole('button', { name: 'Open voting again' }).click();
    await expect(owner.getByRole('button', { name: 'Close voting' })).toBeVisible();
    await ownerContext.close();
  });
});
