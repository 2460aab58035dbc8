import { readFileSync } from 'node:fs';
import { type BrowserContext, type Dialog, type Page, expect, test } from '@playwright/test';
import { SESSION_COOKIE, signSession } from '../../lib/owner/tokens';
import { seriousAxeFindings } from './support/axe';
import { openBeforeHydration } from './support/before-hydration';

// The owner's desk (issue 45) in the browser, against the production build: a post written in the editor with the
// keyboard (Markdown-style typing and shortcuts), published, and read on its public page, with JavaScript and
// without; a closed tab's text offered back; two tabs on one draft; schedule, trash and restore.

const SECRET = 'e2e-session-secret-that-is-long-enough-0123456789';
const IMAGE = 'content/media/hero-waves.png';

async function asOwner(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: SESSION_COOKIE, value: signSession(SECRET).token, url: baseURL }]);
}

test.beforeEach(async ({ context, baseURL }) => asOwner(context, baseURL!));

/** The post the editor has open, moved to the trash: the suite's later pages (feed, dashboard) as they were. */
async function discard(page: Page) {
  const id = new URL(page.url()).pathname.split('/').pop()!;
  expect(id).toMatch(/^[\w-]{36}$/);
  const response = await page.request.post(`/api/owner/posts/${id}`, { data: { action: 'trash' } });
  expect(response.status()).toBe(200);
}

/** A new post's title and body, typed as a writer types them. */
async function write(page: Page, title: string) {
  await page.goto('/dashboard/posts/new');
  await page.getByPlaceholder('Post title').fill(title);
  const body = page.getByRole('textbox', { name: 'Post body' });
  await body.click();
  await page.keyboard.type('## Why write here');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Plain words, then ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('bold words');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(' and ');
  await page.keyboard.press('ControlOrMeta+i');
  await page.keyboard.type('italic ones');
  await page.keyboard.press('ControlOrMeta+i');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- first item');
  await page.keyboard.press('Enter');
  await page.keyboard.type('second item');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('> A quoted line');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('```');
  await page.keyboard.press('Enter');
  await page.keyboard.type('const answer = 42;');
  return body;
}

test('a post written in the editor is published and read on its public page, with and without JavaScript', async ({
  page,
  browser,
}) => {
  const title = `Written in the browser ${Date.now()}`;
  await write(page, title);
  // An image, uploaded, described and captioned.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  const answers = ['Blue waves over a dark gradient', 'Waves, uploaded from the editor'];
  const answer = (dialog: Dialog) => void dialog.accept(answers.shift());
  page.on('dialog', answer);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Image' }).click();
  await (await chooser).setFiles({ name: 'waves.png', mimeType: 'image/png', buffer: readFileSync(IMAGE) });
  await expect(page.getByRole('status').filter({ hasText: 'Image added: waves.png.' })).toBeVisible();
  // A video by its address, titled.
  answers.push('https://youtu.be/dQw4w9WgXcQ', 'A talk on caching');
  await page.getByRole('button', { name: 'Video' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Video added from YouTube.' })).toBeVisible();
  // A gallery of two images, each described.
  answers.push('Waves, the first of two', 'Blocks, the second of two');
  const files = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Gallery' }).click();
  await (
    await files
  ).setFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: readFileSync(IMAGE) },
    { name: 'two.png', mimeType: 'image/png', buffer: readFileSync('content/media/square-blocks.png') },
  ]);
  await expect(page.getByRole('status').filter({ hasText: 'Gallery added: 2 images.' })).toBeVisible();
  page.off('dialog', answer);
  await page.getByText('Post settings').click();
  await page.getByRole('group', { name: 'Categories' }).getByLabel('Performance').check();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published: the post is live.' })).toBeVisible();
  const href = await page.getByRole('link', { name: 'View post' }).getAttribute('href');
  const path = new URL(href!).pathname;
  expect(path).toMatch(/^\/post\/written-in-the-browser-\d+$/);

  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const reader = await context.newPage();
    const response = await reader.goto(path);
    expect(response?.status(), `JavaScript ${javaScriptEnabled}`).toBe(200);
    const article = reader.locator('article');
    await expect(article.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(article.getByRole('heading', { level: 2, name: 'Why write here' })).toBeVisible();
    await expect(article.locator('strong', { hasText: 'bold words' })).toBeVisible();
    await expect(article.locator('em', { hasText: 'italic ones' })).toBeVisible();
    await expect(article.getByRole('listitem').filter({ hasText: 'second item' })).toBeVisible();
    await expect(article.locator('blockquote', { hasText: 'A quoted line' })).toBeVisible();
    await expect(article.locator('pre', { hasText: 'const answer = 42;' })).toBeVisible();
    const image = article.getByRole('img', { name: 'Blue waves over a dark gradient', exact: true });
    await expect(image).toBeVisible();
    await expect(article.locator('figcaption', { hasText: 'Waves, uploaded from the editor' })).toBeVisible();
    await expect(article.getByText('A talk on caching')).toBeVisible();
    await expect(article.locator('.rc-gallery-grid img')).toHaveCount(2);
    await expect(article.getByRole('img', { name: 'Blocks, the second of two' })).toBeAttached();
    await expect(article.getByRole('link', { name: 'Watch on YouTube' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    // The file is served: the browser decoded it.
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await context.close();
  }

  // Edits to the published post are kept beside it, unseen by readers, until "Update".
  const revised = `${title}, revised`;
  await page.getByPlaceholder('Post title').fill(revised);
  await expect(
    page.getByRole('status').filter({ hasText: 'Changes saved. Readers see them when you update.' }),
  ).toBeVisible();
  const reader = await browser.newPage();
  await reader.goto(path);
  await expect(reader.locator('article').getByRole('heading', { level: 1 })).toHaveText(title);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Updated: readers see this version.' })).toBeVisible();
  await reader.reload();
  await expect(reader.locator('article').getByRole('heading', { level: 1 })).toHaveText(revised);
  await reader.close();

  // The feed and its category's page list it at once: the publication cleared their tags.
  const editor = page.url();
  for (const list of ['/', '/categories/performance']) {
    await page.goto(list);
    await expect(page.getByRole('link', { name: revised }).first(), list).toBeVisible();
  }

  // Moved to the trash, it leaves the feed and its page at once (and the suite's later pages as they were).
  await page.goto(editor);
  await page.getByText('Post settings').click();
  await expect(page.getByRole('group', { name: 'Categories' }).getByLabel('Performance')).toBeChecked();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Move to trash' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Moved to the trash.' })).toBeVisible();
  expect((await page.request.get(path)).status()).toBe(404);
  await page.goto('/');
  await expect(page.getByRole('link', { name: revised })).toHaveCount(0);
});

test('the editor has no serious accessibility finding, light and dark, with its settings open', async ({ page }) => {
  await write(page, `Accessible ${Date.now()}`);
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await page.getByText('Post settings').click();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousAxeFindings(page), colorScheme).toEqual([]);
  }
  // Every toolbar button says what it does to a screen reader (its name), not only its symbol.
  const buttons = page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button');
  for (const button of await buttons.all()) expect(await button.getAttribute('aria-label')).toBeTruthy();
  await discard(page);
});

test('a draft saves itself; a closed tab’s last words are offered back, and restored', async ({ context }) => {
  const page = await context.newPage();
  const title = `Autosaved ${Date.now()}`;
  await write(page, title);
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/posts\/[\w-]+$/);
  const url = page.url();
  // More words, and the tab closed before the next save.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Words typed just before the tab closed');
  await page.close();

  const again = await context.newPage();
  await again.goto(url);
  await expect(
    again.getByRole('alert').filter({ hasText: 'This browser kept edits that were not saved.' }),
  ).toBeVisible();
  await again.getByRole('button', { name: 'Restore them' }).click();
  await expect(again.getByRole('textbox', { name: 'Post body' })).toContainText(
    'Words typed just before the tab closed',
  );
  await expect(again.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await again.reload();
  await expect(again.getByRole('textbox', { name: 'Post body' })).toContainText(
    'Words typed just before the tab closed',
  );
  await discard(again);
});

test('two tabs on one draft: the later save is told, not silently overwriting the other', async ({ context }) => {
  const one = await context.newPage();
  await write(one, `Two tabs ${Date.now()}`);
  await expect(one.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  const two = await context.newPage();
  await two.goto(one.url());
  await two.getByRole('textbox', { name: 'Post body' }).click();
  await two.keyboard.press('ControlOrMeta+End');
  await two.keyboard.type(' from tab two');
  await expect(two.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();

  await one.bringToFront();
  await one.keyboard.type(' from tab one');
  await one.getByRole('button', { name: 'Save draft' }).click();
  await expect(one.getByRole('alert').filter({ hasText: 'saved elsewhere' })).toBeVisible();
  await two.reload();
  await expect(two.getByRole('textbox', { name: 'Post body' })).toContainText('from tab two');
  await expect(two.getByRole('textbox', { name: 'Post body' })).not.toContainText('from tab one');
  await discard(two);
});

test('a session that ends mid-edit loses nothing: the writer is told, signs in again, and the text is saved', async ({
  page,
  context,
  baseURL,
}) => {
  await write(page, `Session ends ${Date.now()}`);
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await context.clearCookies();
  await page.keyboard.type(' typed after the session ended');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your session has ended' })).toBeVisible();
  await asOwner(context, baseURL!);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Post body' })).toContainText('typed after the session ended');
  await discard(page);
});

test('schedule and unschedule; move to the trash and restore from it', async ({ page }) => {
  const title = `Trash and back ${Date.now()}`;
  await write(page, title);
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await page.getByText('Post settings').click();
  const inAnHour = new Date(Date.now() + 3_600_000);
  const local = new Date(inAnHour.getTime() - inAnHour.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await page.getByLabel('Publish at (your time zone)').fill(local);
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Scheduled for / })).toBeVisible();
  await expect(page.getByText('Scheduled', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Unschedule' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Unscheduled: the post is a draft again.' })).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Move to trash' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Moved to the trash.' })).toBeVisible();
  await page.goto('/dashboard/trash');
  await page.getByRole('button', { name: `Restore “${title}”` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Restored.' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit it' }).click();
  await expect(page.getByPlaceholder('Post title')).toHaveValue(title);
  await discard(page);
});

test('categories and tags: a tag added, renamed, re-slugged (its old address redirects) and deleted, each said', async ({
  page,
  request,
}) => {
  const name = `Field trip ${Date.now()}`;
  await page.goto('/dashboard/terms');
  const adding = page.getByRole('form', { name: 'New tag' });
  await adding.getByLabel('New tag').fill(name);
  await adding.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added the tag “${name}”.` })).toBeVisible();

  const row = page.getByRole('form', { name: `Tag ${name} (en)` });
  const oldSlug = await row.getByLabel('Slug').inputValue();
  expect((await request.get(`/tags/${oldSlug}`)).status()).toBe(200);
  await row.getByLabel('Slug').fill(`${oldSlug}-moved`);
  await row.getByLabel('Name').fill(`${name}, renamed`);
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved “${name}, renamed”.` })).toBeVisible();
  // The old address, cached before, now sends readers to the new one.
  const moved = await request.get(`/tags/${oldSlug}`, { maxRedirects: 0 });
  expect([moved.status(), moved.headers()['location']]).toEqual([308, `/tags/${oldSlug}-moved`]);

  const renamed = page.getByRole('form', { name: `Tag ${name}, renamed (en)` });
  await expect(renamed.getByText('0 posts · en')).toBeVisible();
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toContain('0 posts carry it');
    void dialog.accept();
  });
  await renamed.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Deleted “${name}, renamed”, taken off 0 posts.` }),
  ).toBeVisible();
  await expect(renamed).toHaveCount(0);
});

test('made paid in the editor, with a cover image: a plan picked, the preview cut after a block, an SEO title; readers get the preview and the cover', async ({
  page,
  request,
}) => {
  // A plan to pick: the owner's plans page, as the paywall's test defines one.
  await page.goto('/dashboard/plans');
  const planName = `Desk gold ${Date.now() % 100000}`;
  const define = page.getByRole('main').locator('form.plan-form').first();
  await define.getByLabel('Name').fill(planName);
  await define.getByLabel('Price').fill('3.00');
  await define.getByLabel('Currency').fill('EUR');
  await define.getByRole('button', { name: 'Add the plan' }).click();
  await expect(page).toHaveURL(/\/dashboard\/plans$/);

  const title = `For members ${Date.now()}`;
  await page.goto('/dashboard/posts/new');
  await page.getByPlaceholder('Post title').fill(title);
  await page.getByRole('textbox', { name: 'Post body' }).click();
  await page.keyboard.type('Everyone reads this opening.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Only members read this second part.');
  await page.getByText('Post settings').click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add a cover image' }).click();
  await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: readFileSync(IMAGE) });
  await expect(page.getByRole('status').filter({ hasText: 'Cover image: cover.png.' })).toBeVisible();
  await page.getByLabel('Alt text').fill('Blue waves, the cover');
  await page.getByLabel('Hashtags').fill('#deskpaid');
  await page.getByLabel('SEO title').fill(`Searchable ${title}`);
  await page.getByRole('checkbox', { name: planName }).check();
  await page.getByLabel('The preview ends after').selectOption({ label: 'block 1: Everyone reads this opening.' });
  await expect(page.getByText('Members with one of the checked plans read it whole')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published: the post is live.' })).toBeVisible();
  try {
    const href = await page.getByRole('link', { name: 'View post' }).getAttribute('href');
    const html = await (await request.get(new URL(href!).pathname)).text();
    expect(html).toContain('Everyone reads this opening.');
    expect(html).not.toContain('Only members read this second part.');
    expect(html).toContain(`<title>Searchable ${title} · `);
    expect(html).toContain('/hashtags/deskpaid');
    expect(html).toMatch(/<img class="post__hero" src="\/media\/uploads\/[^"]+\.png"[^>]*alt="Blue waves, the cover"/);
    // The editor opened again shows what was chosen.
    await page.reload();
    await page.getByText('Post settings').click();
    await expect(page.getByRole('checkbox', { name: planName })).toBeChecked();
    await expect(page.getByLabel('SEO title')).toHaveValue(`Searchable ${title}`);
    await expect(page.getByLabel('Alt text')).toHaveValue('Blue waves, the cover');
  } finally {
    await discard(page);
  }
});

/** Pastes `html` into the editor's body as a browser does (a paste event whose clipboard holds it). */
async function paste(page: Page, html: string) {
  await page.getByRole('textbox', { name: 'Post body' }).click();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text/html', text);
    data.setData('text/plain', text.replace(/<[^>]+>/g, ''));
    document
      .querySelector('.editor__body')!
      .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

/** The stored post's blocks, as the site keeps them (Ricos node types, and each list's items' texts). */
async function storedBlocks(page: Page) {
  const id = new URL(page.url()).pathname.split('/').pop()!;
  type Node = { type: string; nodes?: Node[]; textData?: { text: string; decorations?: { type: string }[] } };
  const { post } = (await (await page.request.get(`/api/owner/posts/${id}`)).json()) as { post: { nodes: Node[] } };
  const text = (node: Node): string => node.textData?.text ?? (node.nodes ?? []).map(text).join('');
  return post.nodes.map((node) => ({ type: node.type, text: text(node) }));
}

test('a title typed while the page loads is the post’s: not wiped when the editor starts', async ({ page }) => {
  // On a slow connection the title's field is there before the editor's script runs (CI once saved nothing here: the
  // first render after hydration wrote the empty title back over the typed one).
  const scripts = await openBeforeHydration(page, '/dashboard/posts/new');
  const title = `Typed while loading ${Date.now()}`;
  await page.getByPlaceholder('Post title').fill(title);
  await scripts();
  await page.getByRole('textbox', { name: 'Post body' }).click();
  await page.keyboard.type('The first line.');
  await expect(page.getByPlaceholder('Post title')).toHaveValue(title);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  try {
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const { post } = (await (await page.request.get(`/api/owner/posts/${id}`)).json()) as { post: { title: string } };
    expect(post.title).toBe(title);
  } finally {
    await discard(page);
  }
});

test('pasted from Word or Google Docs: clean blocks, lists as lists, the marks kept and no styles', async ({
  page,
}) => {
  // Microsoft Word's clipboard HTML (tests/fixtures/paste/word.html, after Word 2016's): its lists are paragraphs
  // styled `mso-list`, each with its bullet or number as text; Office's `<o:p>` and a blank line's paragraph.
  await page.goto('/dashboard/posts/new');
  await page.getByPlaceholder('Post title').fill(`Pasted from Word ${Date.now()}`);
  await paste(page, readFileSync('tests/fixtures/paste/word.html', 'utf8'));
  const body = page.getByRole('textbox', { name: 'Post body' });
  await expect(body.locator(':scope > ul > li')).toHaveCount(2);
  await expect(body.locator('ul > li ul > li')).toHaveText(['From memory']);
  await expect(body.locator('ol > li')).toHaveText(['Measure', 'Change one thing']);
  await expect(body.locator('strong')).toHaveText('twice');
  await expect(body.locator('em')).toHaveText('fast');
  await expect(body.locator('a[href="https://example.com/notes"]')).toHaveText('the notes');
  await expect(body).not.toContainText('·');
  await expect(body.locator('[style], [class*="Mso"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  try {
    expect((await storedBlocks(page)).map((b) => b.type)).toEqual([
      'HEADING',
      'PARAGRAPH',
      'BULLETED_LIST',
      'ORDERED_LIST',
    ]);
  } finally {
    await discard(page);
  }

  // Google Docs: everything inside `<b style="font-weight:normal">`, which is not bold; weights and slants as styles.
  await page.goto('/dashboard/posts/new');
  await page.getByPlaceholder('Post title').fill(`Pasted from Google Docs ${Date.now()}`);
  await paste(page, readFileSync('tests/fixtures/paste/google-docs.html', 'utf8'));
  await expect(body.locator('h2')).toHaveText('Why it matters');
  await expect(body.locator('strong')).toHaveText('bold ones');
  await expect(body.locator('em')).toHaveText('slanted ones');
  await expect(body.locator('ul > li')).toHaveText(['One', 'Two']);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  try {
    expect(await storedBlocks(page)).toEqual([
      { type: 'HEADING', text: 'Why it matters' },
      { type: 'PARAGRAPH', text: 'Plain words, then bold ones and slanted ones.' },
      { type: 'BULLETED_LIST', text: 'OneTwo' },
    ]);
  } finally {
    await discard(page);
  }
});
