import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { ContentFolder } from '../../scripts/blog/content-folder';
import { createPost, unpublishPost, updatePost } from '../../scripts/blog/posts';
import { seriousAxeFindings } from './support/axe';
import { type SiteProcess, newDataFolder, startSite } from './support/site-process';

// Two of these sites on loopback as two hosts of the fediverse (issue 49's must-show), over real HTTP Signatures and
// each one's own queue: B's owner follows A's blog from the dashboard (A accepts); A publishes a post, and it arrives
// in B's Following page (Create); B's owner replies there, and the reply is a comment on A's post, waiting for A's
// owner (A's visitors may not comment); A's edit arrives as an Update, and unpublishing the post sends a Delete, which
// takes it off B's page. Each site is a production server of its own, at its own address (SITE_URL), fetching the
// other's actor at a loopback address only because FEDIVERSE_ALLOW_PRIVATE is set.

const PASSWORD = 'fediverse-owner-password';
const sites: Record<'a' | 'b', SiteProcess | undefined> = { a: undefined, b: undefined };
const contentOf = (name: string) => `.e2e/fediverse-content-${name}`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await Promise.all(
    (['a', 'b'] as const).map(async (name) => {
      await newDataFolder(`.e2e/fediverse-data-${name}`);
      rmSync(contentOf(name), { recursive: true, force: true });
      cpSync('.e2e/content', contentOf(name), { recursive: true });
      sites[name] = await startSite(
        {
          DATA_DIR: `.e2e/fediverse-data-${name}`,
          BLOG_CONTENT_DIR: contentOf(name),
          OWNER_PASSWORD: PASSWORD,
          SESSION_SECRET: `fediverse-${name}-session-secret-long-enough-0123456789`,
          FEDIVERSE_ALLOW_PRIVATE: 'true',
        },
        { ownOrigin: true },
      );
    }),
  );
});
test.afterAll(async () => {
  await Promise.all(Object.values(sites).map((site) => site?.stop()));
  for (const name of ['a', 'b']) rmSync(contentOf(name), { recursive: true, force: true });
});

// A failure shows what each site logged (the deliveries, the queue's errors).
test.afterEach(({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const [name, site] of Object.entries(sites)) console.log(`--- site ${name}\n${site?.log.join('').slice(-4000)}`);
});

async function ownerPage(browser: Browser, site: SiteProcess, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: site.url });
  const page = await context.newPage();
  await page.goto(`/login?next=${encodeURIComponent(path)}`);
  await page.getByRole('main').getByLabel('Password').fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return page;
}

/**
 * Reloads `page` until `check` passes (what another site sends arrives through both sites' queues). Each check looks
 * once at the page it has (`SOON`), rather than for the assertions' 15 s, so that a page loaded too early is loaded
 * again at once.
 */
const SOON = { timeout: 1_000 };

async function eventually(page: Page, check: () => Promise<void>, timeout = 60_000) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout, intervals: [1000, 2000] });
}

test('B follows A, gets its new post, replies; the reply waits on A; the edit and the unpublishing follow', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const a = sites.a!;
  const b = sites.b!;
  const actorA = `${a.url}/ap/actor/blog`;

  // B's owner follows A's blog by its address.
  const following = await ownerPage(browser, b, '/dashboard/following');
  await expect(following.getByRole('heading', { level: 1, name: 'Following on the fediverse' })).toBeVisible();
  expect(await seriousAxeFindings(following)).toEqual([]);
  await following.getByLabel(/^Follow an account as/).fill(actorA);
  await following.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(following.getByRole('status')).toHaveText(/Follow sent/);
  const account = following.locator('[data-following]');
  await eventually(following, () => expect(account).toContainText('· following', SOON));

  // A counts its follower (the count is public, the list is A's owner's).
  const followers = await (
    await fetch(`${actorA}/followers`, { headers: { accept: 'application/activity+json' } })
  ).json();
  expect(followers.totalItems).toBe(1);

  // A publishes a post: B's owner reads it on the Following page.
  const folder = new ContentFolder(contentOf('a'));
  const title = `Notes from the other site ${Date.now()}`;
  const body = '.e2e/fediverse-post.md';
  writeFileSync(body, 'A first paragraph for the fediverse.\n');
  const post = (await createPost(folder, { title, content: body }, { draft: false, siteUrl: a.url })).post!;
  const item = following.locator('.timeline > li');
  await eventually(following, () => expect(item.getByRole('heading', { name: title })).toBeVisible(SOON));
  await expect(item).toContainText('A first paragraph for the fediverse.');

  // B's owner replies as B's blog: a comment on A's post, waiting for A's owner. Their session ends first: the reply
  // goes to the login, and its text is back on the page after signing in.
  const reply = `Thanks from the other site ${Date.now()}`;
  await item.getByLabel(/^Reply as/).fill(reply);
  await expect
    .poll(() => following.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('dashboard:kept:'))))
    .toHaveLength(1);
  await following.context().clearCookies();
  await item.getByRole('button', { name: 'Send reply' }).click();
  await expect(following).toHaveURL(/\/login\?/);
  await expect(
    following.getByRole('alert').filter({ hasText: 'Your session ended before that was done' }),
  ).toBeVisible();
  await following.getByRole('main').getByLabel('Password').fill(PASSWORD);
  await following.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(following).toHaveURL(/\/dashboard\/following$/);
  await expect(following.getByRole('status')).toHaveText('Your text that was not sent is back.');
  await expect(item.getByLabel(/^Reply as/)).toHaveValue(reply);
  await item.getByRole('button', { name: 'Send reply' }).click();
  await expect(following.getByRole('status')).toHaveText('Your reply was sent.');
  const moderation = await ownerPage(browser, a, '/dashboard/comments');
  await eventually(moderation, () => expect(moderation.getByText(reply)).toBeVisible(SOON));
  const publicPage = await (await fetch(`${a.url}/post/${post.slug}`)).text();
  expect(publicPage).not.toContain(reply);

  // A's edit arrives as an Update.
  const edited = `${title} (edited)`;
  await updatePost(folder, post.id, { title: edited });
  await eventually(following, () => expect(item.getByRole('heading', { name: edited })).toBeVisible(SOON));

  // Unpublishing it sends a Delete: it leaves B's page.
  await unpublishPost(folder, post.id);
  await eventually(following, () => expect(following.locator('.timeline > li')).toHaveCount(0, SOON));
  await expect(following.getByText('Nothing yet')).toBeVisible();
});
