import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { asNewClient, confirmCode, join, ownerSignIn } from './support/members';

// Comments as readers and the owner use them. The post pages stay prerendered: a comment appears once its event has
// refreshed the page, a member's own pending comments and their Edit/Delete buttons arrive in the page's islands.

const FLOW_POST = '/post/inp-in-the-field-three-fixes';
const NO_JS_POST = '/post/keyboard-first-auditing-our-navigation';
const PAGED_POST = '/post/reduced-motion-done-properly';
const HOSTILE_POST = '/post/font-loading-without-the-layout-shift';
const PASSWORD = 'e2e comments password';

const likeCount = async (page: Page) => {
  const text = await page.locator('#likes .likes__count').textContent();
  return Number(/([\d,]+) likes?/.exec(text ?? '')![1]!.replace(/,/g, ''));
};

/** A new member, joined and signed in, in a browser context of their own. */
async function newMember(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await asNewClient(page);
  const address = `${name.toLowerCase().replace(/\W/g, '')}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  await join(page, address, PASSWORD, name);
  await confirmCode(page, address);
  await expect(page).toHaveURL(/\/account$/);
  return { context, page };
}

/** The owner's comment settings, saved through the dashboard's form. */
async function setApproval(page: Page, approval: 'None' | 'Everyone’s comments') {
  await page.goto('/dashboard/comments');
  await page.getByLabel('Comments that wait for my approval').selectOption({ label: approval });
  await page.getByRole('button', { name: 'Save comment settings' }).click();
  await expect(page.getByText('The comment settings are saved.')).toBeVisible();
}

/** The post id of a post page (its comment form posts to /api/posts/{id}/comments). */
async function postIdOf(page: Page) {
  const action = await page.locator('#comments form.comment-form').first().getAttribute('action');
  return /\/api\/posts\/([^/]+)\/comments/.exec(action!)![1]!;
}

const sameSite = (baseURL: string | undefined) => ({ origin: baseURL!, 'content-type': 'application/json' });

test('sign in → like → comment → awaiting approval → owner approves → a visitor sees it → the writer deletes it', async ({
  browser,
  baseURL,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await ownerSignIn(owner);
  // Whatever fails from here on, the setting goes back and every context closes: the later tests of this file and of
  // the others sharing the server comment with no approval.
  const contexts = [ownerContext];
  await setApproval(owner, 'Everyone’s comments');
  try {
    const visitorContext = await browser.newContext();
    contexts.push(visitorContext);
    const ada = await newMember(browser, 'Ada Commenter');
    contexts.push(ada.context);
    const bob = await newMember(browser, 'Bob Other');
    contexts.push(bob.context);
    const page = ada.page;
    await page.goto(FLOW_POST);
    // The page's form (not a thread's reply form) knows who writes.
    await expect(page.locator('#comments > .comment-form .comment-form__who')).toHaveText(
      'Commenting as Ada Commenter',
    );

    // Like: +1, and a double click likes once.
    const before = await likeCount(page);
    await page.locator('#likes').getByRole('button', { name: 'Like this post' }).dblclick();
    await expect.poll(() => likeCount(page)).toBe(before + 1);
    await page.reload();
    await expect.poll(() => likeCount(page)).toBe(before + 1);

    // Comment: it waits for approval, and only its writer sees it.
    const text = `Field data beats lab data ${Date.now()}`;
    const comments = page.locator('#comments');
    await comments.getByLabel('Write a comment').fill(text);
    await comments.getByRole('button', { name: 'Post comment' }).click();
    await expect(comments.locator('.comment-form__status')).toHaveText(
      'Thank you! Your comment will appear once the author approves it.',
    );
    const mine = comments.getByRole('region', { name: 'Your comments only you can see' });
    await expect(mine).toContainText('Awaiting approval');
    await expect(mine).toContainText(text);
    await page.reload();
    await expect(mine).toContainText(text);

    const visitor = await visitorContext.newPage();
    await visitor.goto(FLOW_POST);
    await expect(visitor.locator('#comments')).toBeVisible();
    await expect(visitor.getByText(text)).toHaveCount(0);

    // The owner approves it in the dashboard.
    await owner.goto('/dashboard/comments');
    const row = owner.locator('.moderation__item', { hasText: text });
    await expect(row).toContainText('Ada Commenter');
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(owner.getByText('The comment is published.')).toBeVisible();

    // A visitor now sees it in the page's static HTML, with no Edit or Delete.
    await visitor.reload();
    const published = visitor.locator('.comment', { hasText: text });
    await expect(published).toContainText('Ada Commenter');
    await expect(published.getByRole('button')).toHaveCount(0);
    const id = (await published.getAttribute('id'))!.replace(/^comment-/, '');

    // Another member sees it but cannot change it: no buttons, and the API answers 403.
    await bob.page.goto(FLOW_POST);
    const seenByBob = bob.page.locator(`#comment-${id}`);
    await expect(seenByBob).toContainText(text);
    await expect(bob.page.locator('#comments > .comment-form .comment-form__who')).toHaveText(
      'Commenting as Bob Other',
    );
    await expect(seenByBob.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    const headers = sameSite(baseURL);
    const edit = await bob.context.request.patch(`/api/comments/${id}`, { headers, data: { text: 'Hijacked' } });
    expect(edit.status()).toBe(403);
    const removal = await bob.context.request.delete(`/api/comments/${id}`, { headers });
    expect(removal.status()).toBe(403);
    await visitor.reload();
    await expect(visitor.locator(`#comment-${id}`)).toContainText(text);

    // Its writer deletes it.
    await page.goto(FLOW_POST);
    const own = page.locator(`#comment-${id}`);
    await own.getByRole('button', { name: 'Delete' }).click();
    await own.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.locator(`#comment-${id}`)).toHaveCount(0);
    await visitor.reload();
    await expect(visitor.getByText(text)).toHaveCount(0);
  } finally {
    await setApproval(owner, 'None');
    await Promise.all(contexts.map((c) => c.close()));
  }
});

test('with JavaScript, a visitor where only members comment gets the invitation alone, no form', async ({ page }) => {
  await asNewClient(page);
  await page.goto(NO_JS_POST);
  const comments = page.locator('#comments');
  await expect(comments.locator(':scope > .comment-form__who')).toHaveText(
    'Comments are open to members: sign in or join first.',
  );
  await expect(comments.locator(':scope > form.comment-form')).toHaveCount(0);
  await expect(comments.getByLabel('Write a comment')).toHaveCount(0);
});

test('where only members comment, what a member typed behind "Signed in already?" stays when the page learns who they are', async ({
  browser,
}) => {
  const { context, page } = await newMember(browser, 'Early Typist');
  try {
    // The page asks who reads it (GET of the post's comments) once hydrated; that answer is held back while the member
    // opens the form behind the invitation and types, as on a slow connection (the Wix site's CI check lost a reply
    // so: the text box was replaced by an empty one, and the browser refused to send an empty required field).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked = page.waitForRequest((r) => r.method() === 'GET' && /\/api\/posts\/[^/]+\/comments/.test(r.url()));
    await page.route(/\/api\/posts\/[^/]+\/comments/, async (route) =>
      route.request().method() === 'GET' ? (await held, route.continue()) : route.continue(),
    );
    await page.goto(NO_JS_POST);
    await asked;
    const form = page.locator('#comments > form.comment-form');
    await form.locator('summary', { hasText: 'Signed in already? Write your comment' }).click();
    const text = `Typed before the page knew me ${Date.now()}`;
    await form.getByLabel('Write a comment').fill(text);
    release();
    await expect(form.locator('.comment-form__who')).toHaveText('Commenting as Early Typist');
    await expect(form.getByLabel('Write a comment')).toHaveValue(text);
    await expect(form.getByLabel('Write a comment')).toBeVisible();
    await expect(form.locator('summary')).toBeHidden();
  } finally {
    await context.close();
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor is asked to sign in; a member comments and edits nothing by mistake', async ({ page }) => {
    await asNewClient(page);
    const comments = page.locator('#comments');
    await page.goto(NO_JS_POST);
    // Only members comment here: the invitation shows, the form waits behind it for a member signed in already.
    const form = comments.locator(':scope > form.comment-form');
    await expect(form.locator('.comment-form__who')).toHaveText('Comments are open to members: sign in or join first.');
    await expect(comments.getByLabel('Write a comment')).toBeHidden();
    const signedIn = form.locator('summary', { hasText: 'Signed in already? Write your comment' });
    await signedIn.click();
    await comments.getByLabel('Write a comment').fill('Hello from a visitor');
    await comments.getByRole('button', { name: 'Post comment' }).click();
    await expect(page).toHaveURL(/\/signin\?notice=signin-to-comment&next=/);
    await expect(page.getByRole('main')).toContainText('Sign in to comment.');

    const address = `nojs-comment-${Date.now()}@example.com`;
    await join(page, address, PASSWORD, 'No Script Member');
    await confirmCode(page, address);
    await page.goto(NO_JS_POST);
    const text = `Plain forms still work ${Date.now()}`;
    await signedIn.click();
    await comments.getByLabel('Write a comment').fill(text);
    await comments.getByRole('button', { name: 'Post comment' }).click();
    // Back at the comment itself, in the refreshed page.
    await expect(page).toHaveURL(new RegExp(`${NO_JS_POST}#comment-[\\w-]+$`));
    const id = new URL(page.url()).hash.slice(1);
    await expect(page.locator(`#${id}`)).toContainText(text);
    await expect(page.locator(`#${id}`)).toContainText('No Script Member');
    // Replies are a form in each thread too.
    const thread = page.locator(`#${id}`);
    // Without JavaScript the reply opens on an invitation to sign in; a signed-in member opens the form behind it.
    await thread.locator('details.comment__reply > summary').click();
    await thread.locator('.comment-form__signed-in > summary').click();
    await thread.getByLabel('Reply to No Script Member').fill('Replying to myself');
    await thread.getByRole('button', { name: 'Post reply' }).click();
    await expect(page.locator(`#${id} .comments__replies`)).toContainText('Replying to myself');
  });
});

/** Writes a comment through the API as the member of `request`, counted as a client of its own. */
async function comment(request: APIRequestContext, baseURL: string | undefined, postId: string, text: string) {
  const n = Math.floor(Math.random() * 2 ** 16);
  const response = await request.post(`/api/posts/${postId}/comments`, {
    headers: { ...sameSite(baseURL), 'x-forwarded-for': `198.19.${n >> 8}.${n & 255}` },
    data: { text },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { comment: { id: string } }).comment.id;
}

test('100 comments on one post, 20 threads a page, every one reachable through paging', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await newMember(browser, 'Paging Member');
  try {
    await page.goto(PAGED_POST);
    const postId = await postIdOf(page);
    const written = new Set<string>();
    for (let i = 0; i < 100; i++) written.add(await comment(context.request, baseURL, postId, `Paged comment ${i}`));

    const seen: string[] = [];
    await page.goto(PAGED_POST);
    for (let n = 1; ; n++) {
      const ids = await page.locator('.comments__list > .comment').evaluateAll((els) => els.map((e) => e.id.slice(8)));
      seen.push(...ids);
      const older = page.getByRole('link', { name: 'Older comments →' });
      if ((await older.count()) === 0) break;
      expect(ids).toHaveLength(20);
      // A plain link: the next page is a document rendered on its first visit after the 100 comments. In CI it once
      // took more than the 15 s an assertion waits, while the other lane's 30-reader load test held both cores.
      await Promise.all([
        page.waitForURL(new RegExp(`${PAGED_POST}/comments/${n + 1}$`), { timeout: 45_000 }),
        older.click(),
      ]);
      await expect(page.getByRole('heading', { name: `Comments, page ${n + 1}` })).toBeVisible();
    }
    // Other tests may have commented on this post before: every one of ours is there, once.
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => written.has(id)).length).toBe(100);
    // The newest first: the last one written opens the first page.
    await page.goto(PAGED_POST);
    await expect(page.locator('.comments__list > .comment').first()).toContainText('Paged comment 99');
  } finally {
    await context.close();
  }
});

test('hostile comments render inert, and a 10 KB one fits a 320 px screen', async ({ browser, baseURL }) => {
  const { context, page } = await newMember(browser, 'Hostile \u202Eevil\u202C Name');
  try {
    await page.goto(HOSTILE_POST);
    const postId = await postIdOf(page);
    const stamp = Date.now();
    const texts = [
      `<script>window.__pwned = 1</script> ${stamp}`,
      `<img src=x onerror="window.__pwned = 2"> ${stamp}`,
      `click javascript:window.__pwned=3 or [x](javascript:alert(1)) ${stamp}`,
      `RTL \u202Egnp.exe\u202C and https://example.com/safe?q=<b>1</b> ${stamp}`,
      `${'x'.repeat(10 * 1024)} ${stamp}`,
    ];
    const ids = [];
    for (const text of texts) ids.push(await comment(context.request, baseURL, postId, text));

    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(HOSTILE_POST);
    for (const id of ids) await expect(page.locator(`#comment-${id}`)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // The text is text: no element came from it, and the only link is the http(s) one.
    const thread = page.locator(ids.map((id) => `#comment-${id}`).join(', '));
    await expect(thread.locator('.comment__text script, .comment__text img, .comment__text b')).toHaveCount(0);
    await expect(page.locator(`#comment-${ids[0]} .comment__text`)).toContainText(
      '<script>window.__pwned = 1</script>',
    );
    const hrefs = await thread.locator('.comment__text a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toHaveLength(1);
    expect(hrefs[0]).toMatch(/^https:\/\/example\.com\/safe/);
    await expect(thread.locator('.comment__text a')).toHaveAttribute('rel', 'nofollow ugc noopener noreferrer');
    // Bidi overrides are gone from the text and the name.
    const shown = await thread.evaluateAll((els) => els.map((e) => e.textContent ?? '').join('\n'));
    expect(shown).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(shown).toContain('Hostile evil Name');
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  } finally {
    await context.close();
  }
});
