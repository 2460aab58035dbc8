import { type Browser, type Page, expect, test } from '@playwright/test';
import { seriousAxeFindings } from './support/axe';
import { asNewClient, confirmCode, join, mailTo, ownerSignIn } from './support/members';

// Members who write (issue 45) in the browser: the owner lets a member write on the Members page; the writer drafts
// in the site's editor at /account/posts and submits it; the owner sends it back from the review queue with a note;
// the writer reads the note in their editor, edits and submits again; the owner approves: the post is public under
// the writer's byline, and the writer was mailed both answers.

const PASSWORD = 'e2e writer password';

async function newWriter(browser: Browser, address: string, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await asNewClient(page);
  await join(page, address, PASSWORD, name);
  await confirmCode(page, address);
  await expect(page).toHaveURL(/\/account$/);
  return { context, page };
}

/** The owner's Members page: the row of `address`, its form's `button` pressed. */
async function memberAction(owner: Page, address: string, button: string) {
  await owner.goto('/dashboard/members');
  await owner.locator(`tr[data-member="${address}"]`).getByRole('button', { name: button }).click();
  await expect(owner).toHaveURL(/\/dashboard\/members\?saved=writers$/);
}

test('a writer submits; the owner sends it back with a note, then approves it: published under their byline', async ({
  browser,
  page: owner,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const address = `writer-${stamp}@example.com`;
  const name = `Wren Writer ${stamp % 100000}`;
  const title = `Field notes ${stamp}`;
  const writer = await newWriter(browser, address, name);
  let url: string | null = null;
  try {
    // Not yet a writer: told so.
    await writer.page.goto('/account/posts');
    await expect(writer.page.getByRole('main')).toContainText('This account does not write for the blog.');

    await asNewClient(owner);
    await ownerSignIn(owner);
    await memberAction(owner, address, 'Let write');
    await expect(owner.locator(`tr[data-member="${address}"]`)).toContainText('Yes');

    // The writer drafts and submits.
    const page = writer.page;
    await page.goto('/account/posts');
    await page.getByRole('link', { name: 'Write a new post' }).click();
    await page.getByPlaceholder('Post title').fill(title);
    await page.getByRole('textbox', { name: 'Post body' }).click();
    await page.keyboard.type('What the numbers said.');
    // No owner's actions in a writer's editor.
    await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByRole('status')).toContainText('Submitted for review');
    await expect(page.locator('.editor__state')).toHaveText('In review');
    expect(await seriousAxeFindings(page)).toEqual([]);

    // The owner's queue: sent back with a note.
    await owner.goto('/dashboard/review');
    const item = owner.locator('.review-queue__item', { hasText: title });
    await expect(item).toContainText(`By ${name}`);
    expect(await seriousAxeFindings(owner)).toEqual([]);
    await item.getByLabel('Note to the writer').fill('Add the numbers, please.');
    // The owner's session ends before they send it: the login says so and leads back, the note still there.
    const kept = () =>
      owner.evaluate(() => Object.keys(localStorage).filter((key) => key.includes(':review-note:')).length);
    await expect.poll(kept).toBe(1);
    await owner.context().clearCookies();
    await item.getByRole('button', { name: 'Send back' }).click();
    await expect(owner.getByRole('alert').filter({ hasText: 'Your session ended before that was done' })).toBeVisible();
    await owner.getByRole('main').getByLabel('Password').fill('e2e-owner-password');
    await owner.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await expect(owner).toHaveURL(/\/dashboard\/review$/);
    await expect(item.getByLabel('Note to the writer')).toHaveValue('Add the numbers, please.');
    await item.getByRole('button', { name: 'Send back' }).click();
    await expect(owner.getByRole('status')).toContainText('Sent back');
    await expect(owner.locator('.review-queue__item', { hasText: title })).toHaveCount(0);
    expect(await mailTo(address, /Add the numbers, please\./)).toContain(title);

    // The writer reads the note, edits, submits again.
    await page.goto('/account/posts');
    const mine = page.getByRole('list', { name: 'Your posts' }).getByRole('listitem').filter({ hasText: title });
    await expect(mine).toContainText('Sent back');
    await expect(mine).toContainText('Add the numbers, please.');
    await mine.getByRole('link', { name: title }).click();
    await expect(page.getByRole('note')).toContainText('Add the numbers, please.');
    await page.getByRole('textbox', { name: 'Post body' }).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' It took 42 ms.');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.locator('.editor__state')).toHaveText('In review');

    // Approved: public, under the writer's byline.
    await owner.goto('/dashboard/review');
    await owner
      .locator('.review-queue__item', { hasText: title })
      .getByRole('button', { name: 'Approve and publish' })
      .click();
    await expect(owner.getByRole('status')).toContainText('Approved');
    const published = await mailTo(address, /approved and is published/);
    url = /https?:\/\/\S+\/post\/\S+/.exec(published)![0];
    const path = new URL(url).pathname;
    await expect.poll(async () => (await owner.request.get(path)).status(), { timeout: 15_000 }).toBe(200);
    await owner.goto(path);
    await expect(owner.getByRole('main')).toContainText('It took 42 ms.');
    await expect(owner.getByRole('main')).toContainText(name);

    // Published, it is the owner's: the writer's list links to the public page.
    await page.goto('/account/posts');
    await expect(
      page.getByRole('list', { name: 'Your posts' }).getByRole('listitem').filter({ hasText: title }),
    ).toContainText('Published');
  } finally {
    // Whatever happened, the suite's later pages as they were: the post in the trash, the grant taken back.
    if (url) {
      const slug = new URL(url).pathname.split('/').pop();
      const post = (await (await owner.request.get(`/api/posts/slugs/${slug}`)).json()) as { post?: { id: string } };
      if (post.post) await owner.request.post(`/api/owner/posts/${post.post.id}`, { data: { action: 'trash' } });
    }
    await memberAction(owner, address, 'Stop writing').catch(() => {});
    await writer.context.close();
  }
});
