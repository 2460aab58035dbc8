import { type Page, expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { SESSION_COOKIE, signSession } from '../../lib/owner/tokens';
import { linkMac } from '../../lib/core/security/signed-token';
import { siteKey } from '../../lib/core/security/site-key';
import { seriousAxeFindings } from './support/axe';

// What a reader sees, page by page, at 320 px and 1280 px, light and dark: no serious axe violation, no sideways
// scroll, and a full-page screenshot compared with the committed baseline (a visual change fails until reviewed:
// `npx playwright test visual --update-snapshots` after `npm run test:e2e`'s build, then look at the new PNGs).

const SECRET = 'e2e-session-secret-that-is-long-enough-0123456789';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'post-every-block', path: '/post/every-block-our-editor-supports' },
  { name: 'category', path: '/categories/performance' },
  { name: 'search', path: '/search?q=cache' },
  { name: 'not-found', path: '/post/no-such-post' },
  { name: 'login', path: '/login' },
  { name: 'dashboard', path: '/dashboard', owner: true },
  // A poll after voting: the test fixture's poll no other test votes in, voted in once by the same visitor.
  { name: 'poll-results', path: '/polls/aa776c0b-cfa3-4b94-be6f-2e46686adbb5/screenshot-poll', voter: true },
] as const;

const WIDTHS = [320, 1280] as const;
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
}

async function signIn(page: Page) {
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
            if ('owner' in rest) await signIn(page);
            if ('voter' in rest) await asVoter(page, path);
            await page.goto(path);
          }
          await settle(page);

          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, 'no sideways scroll').toBeLessThanOrEqual(0);

          expect(await seriousAxeFindings(page)).toEqual([]);

          await expect(page).toHaveScreenshot(`${name}-${width}-${scheme}.png`, {
            fullPage: true,
            animations: 'disabled',
            caret: 'hide',
            // The chart counts the last months from today: its bars move with the calendar, not with the code. An
            // animated GIF and a video's first frame change while the page is still.
            mask: [page.locator('.chart__svg'), page.locator('img[src*=".gif"]'), page.locator('video')],
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
