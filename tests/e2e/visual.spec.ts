import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { SESSION_COOKIE, signSession } from '../../lib/owner/tokens';
import { linkMac } from '../../lib/core/security/signed-token';
import { siteKey } from '../../lib/core/security/site-key';
import { main as blog } from '../../scripts/blog/cli';
import { axeFindings } from './support/axe';
import { confirmCode, join, signIn } from './support/members';

// What a reader and the owner see, page by page, at 390 px and 1280 px, light and dark: no axe violation of any impact
// (WCAG 2.1 A and AA), no sideways scroll (at 320 px too), and a full-page screenshot compared with the committed
// baseline (a visual change fails until reviewed: `npx playwright test visual --update-snapshots` after
// `npm run build:e2e`, then look at the new PNGs). On server B (playwright.config.ts): a site no other spec changes,
// where this file makes what it shows (a paid post, a member, their comment), the same on every run.

const SECRET = 'e2e-session-secret-that-is-long-enough-0123456789';

/** A short post: its end (reactions, share, subscribe, next, comments) in view; its thread, the member's comment. */
const SHORT_POST = '/post/welcome-to-the-render-path';
/** A post this file makes paid: its preview, the fade and the box. */
const PAID_POST = {
  id: 'a90f6850-336e-4417-bf8d-d20db12c5cdf',
  path: '/post/streaming-server-rendering-in-plain-terms',
};
const MEMBER = { address: 'ada.visual@example.com', password: 'visual member password 1', name: 'Ada Lovelace' };
const OUTBOX_B = path.resolve('.e2e/b-data/outbox');

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'post-every-block', path: '/post/every-block-our-editor-supports' },
  { name: 'post-end', path: SHORT_POST },
  { name: 'paywall', path: PAID_POST.path },
  { name: 'category', path: '/categories/performance' },
  { name: 'search', path: '/search?q=cache' },
  { name: 'not-found', path: '/post/no-such-post' },
  { name: 'login', path: '/login' },
  { name: 'account', path: '/account', member: true },
  { name: 'dashboard', path: '/dashboard', owner: true },
  // Shot once its script has run (the upload buttons, the contrast readouts appear then).
  { name: 'settings', path: '/dashboard/settings', owner: true, ready: '.settings-upload' },
  { name: 'import', path: '/dashboard/import', owner: true },
  // A poll after voting: the test fixture's poll no other test votes in, voted in once by the same visitor.
  { name: 'poll-results', path: '/polls/aa776c0b-cfa3-4b94-be6f-2e46686adbb5/screenshot-poll', voter: true },
] as const;

const WIDTHS = [390, 1280] as const;
const SCHEMES = ['light', 'dark'] as const;

/** Every image loaded and decoded, every font loaded, nothing lazy left to pop in during the screenshot. */
async function settle(page: Page) {
  // A notFound() page is Next's error shell until its script draws the not-found UI, with its title and <html lang>
  // (docs/architecture.md, "Pages are static"): checked before that, axe saw a page without either (1 run in ~3).
  await page.waitForFunction(() => document.title !== '' && document.documentElement.lang !== '');
  await page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const img of images) {
      img.loading = 'eager';
      img.decoding = 'sync';
    }
    // A lazy image the browser had deferred starts to load only after this: give it a frame, then wait for every
    // image still loading (one that failed is complete too, and is not waited for).
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await Promise.all(
      images.map((img) =>
        img.complete
          ? null
          : new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true });
              img.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
    await Promise.all(images.map((img) => img.decode().catch(() => null)));
    await document.fonts.ready;
  });
  // Markup frames sized by what their document reports (components/rich-content/fitted-frame.tsx): each has said it.
  await page.waitForFunction(() => document.querySelectorAll('iframe[srcdoc][data-fit="waiting"]').length === 0);
}

async function signInOwner(page: Page) {
  const { token } = signSession(SECRET);
  await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: test.info().project.use.baseURL! }]);
}

/**
 * The visitor who voted in the screenshot's poll: their visitor cookie, signed as the server signs it
 * (lib/core/security/visitor-id.ts: the site key `visitor-id` from SESSION_SECRET), so every run and every screenshot
 * is the same one voter, voting once.
 */
async function asVoter(page: Page, pollPath: string) {
  const id = 'v-screenshot-voter';
  const value = `${id}.${linkMac(siteKey('visitor-id', SECRET, ''), 'visitor-id', id)}`;
  const url = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: 'visitor_id', value, url }]);
  const api = pollPath.replace(/^\/polls\/([^/]+)\/([^/]+)$/, '/api/posts/$1/polls/$2');
  const reading = await (await page.request.get(api)).json();
  if (reading.mine.length === 0) {
    const voted = await page.request.post(api, { data: { options: ['screenshot-poll-2'] }, headers: { origin: url } });
    expect(voted.status()).toBe(200);
  }
}

/**
 * What makes the page scroll sideways: none when it does not; else the elements that reach past the screen's right
 * edge, innermost first (a selector-like name and how far they reach), so a failure says where to look.
 */
async function widerThanScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const past = Array.from(document.body.querySelectorAll<HTMLElement>('*')).filter(
      (el) => el.getBoundingClientRect().right > width + 0.5 && !el.querySelector('*:not(span, b, i, em, strong, a)'),
    );
    return past.slice(0, 5).map((el) => {
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
      return `${name} reaches ${Math.round(el.getBoundingClientRect().right - width)} px past the screen`;
    });
  });
}

/** The site as the owner's cookie and origin, for the requests that set it up. */
const asOwner = () => {
  const url = test.info().project.use.baseURL!;
  return { origin: url, cookie: `${SESSION_COOKIE}=${signSession(SECRET).token}` };
};

/** The member, signed in in this page's browser: joined (the mailed code) the first time, signed in after. */
async function asMember(page: Page) {
  await signIn(page, MEMBER.address, MEMBER.password);
  if (new URL(page.url()).pathname !== '/signin') return;
  await join(page, MEMBER.address, MEMBER.password, MEMBER.name);
  await confirmCode(page, MEMBER.address, OUTBOX_B);
}

// What the pages show, made once through the site's own doors: the paid post (a plan the owner defines, the CLI's
// `update --plans`, which asks the running server B for its plans) and the member's comment on the short post.
test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(120_000);
  const baseURL = test.info().project.use.baseURL!;
  const plans = await request.get('/api/owner/plans', { headers: asOwner() });
  const listed = ((await plans.json()) as { plans: { name: string }[] }).plans;
  if (!listed.some((plan) => plan.name === 'Supporter')) {
    const defined = await request.post('/api/owner/plans', {
      form: {
        intent: 'define',
        name: 'Supporter',
        price: '5',
        currency: 'EUR',
        billing: 'recurring',
        periodUnit: 'MONTH',
      },
      headers: asOwner(),
      maxRedirects: 0,
    });
    expect(defined.status()).toBe(303);
  }
  const said: string[] = [];
  const code = await blog(['update', PAID_POST.id, '--plans', 'Supporter'], {
    env: {
      ...process.env,
      BLOG_CONTENT_DIR: '.e2e/b-content',
      DATA_DIR: '.e2e/b-data',
      SITE_URL: baseURL,
      OWNER_PASSWORD: 'e2e-owner-password',
    },
    fetch,
    out: (line) => said.push(line),
    err: (line) => said.push(line),
  });
  expect(code, said.join('\n')).toBe(0);
  await expect
    .poll(async () => (await (await request.get(`/api/posts/${PAID_POST.id}`)).json()).post?.preview, {
      timeout: 15_000,
    })
    .toBe(true);

  const page = await (await browser.newContext({ baseURL })).newPage();
  await asMember(page);
  await page.goto(SHORT_POST);
  const comments = page.locator('#comments');
  if ((await comments.locator('.comment', { hasText: 'The performance checklist alone' }).count()) === 0) {
    await comments
      .getByLabel('Write a comment')
      .fill('Welcome! The performance checklist alone was worth subscribing for.');
    await comments.getByRole('button', { name: 'Post comment' }).click();
    await expect(comments.locator('.comment', { hasText: 'The performance checklist alone' })).toBeVisible();
  }
  await page.context().close();
});

// Each page is opened once per width, then looked at in both schemes: the schemes are CSS media queries only
// (app/globals.css, rich-content.css), so the dark test switches the open page's scheme as a reader's system does,
// rather than loading and settling the same page again (a load and settle is 1-3 s of the suite's serial time).
for (const { name, path, ...rest } of PAGES) {
  for (const width of WIDTHS) {
    test.describe.serial(`${name} at ${width} px`, () => {
      let page: Page;
      test.beforeAll(async ({ browser }) => {
        page = await (await browser.newContext()).newPage();
      });
      test.afterAll(async () => {
        await page?.context().close();
      });

      for (const scheme of SCHEMES) {
        test(scheme, async () => {
          await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
          if (scheme === SCHEMES[0]) {
            await page.setViewportSize({ width, height: 800 });
            if ('owner' in rest) await signInOwner(page);
            if ('member' in rest) await asMember(page);
            if ('voter' in rest) await asVoter(page, path);
            await page.goto(path);
            if ('ready' in rest) await page.locator(rest.ready).first().waitFor();
          }
          await settle(page);

          expect(await widerThanScreen(page), 'no sideways scroll').toEqual([]);
          if (width === WIDTHS[0] && scheme === SCHEMES[0]) {
            // The smallest phones: still no sideways scroll (not a baseline of its own).
            await page.setViewportSize({ width: 320, height: 800 });
            expect(await widerThanScreen(page), 'no sideways scroll at 320 px').toEqual([]);
            await page.setViewportSize({ width, height: 800 });
          }

          expect(await axeFindings(page)).toEqual([]);

          await expect(page).toHaveScreenshot(`${name}-${width}-${scheme}.png`, {
            fullPage: true,
            animations: 'disabled',
            caret: 'hide',
            // The chart counts the last months from today: its bars move with the calendar, not with the code. An
            // animated GIF and a video's first frame change while the page is still.
            // A comment's date is the day it was written.
            mask: [
              page.locator('.chart__svg'),
              page.locator('img[src*=".gif"]'),
              page.locator('video'),
              page.locator('#comments time'),
            ],
            stylePath: fileURLToPath(new URL('./visual-screenshot.css', import.meta.url)),
            maxDiffPixelRatio: 0.001,
            // A full-page shot of the longest page takes seconds on a busy 2-core machine, and Playwright takes two.
            timeout: 20_000,
          });
        });
      }
    });
  }
}
