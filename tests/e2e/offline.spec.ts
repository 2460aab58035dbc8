import { type Page, type Request, expect, test } from '@playwright/test';

// The demo needs no network: every page a reader opens loads only from this site. Links a reader may follow
// elsewhere are fine; loads (images, video, frames, scripts, styles, fonts) are not.

/** The page a request was made for (a service worker's request has no frame). */
const pageOf = (request: Request) => {
  try {
    return request.frame().page().url();
  } catch {
    return 'a service worker';
  }
};

/** Pages open at once: each mostly waits for its network to go quiet (500 ms), not for the server or the CPU. */
const TABS = 4;

test('no page of the demo loads anything from another host', async ({ context, page, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const foreign = new Set<string>();
  // Every request of every tab of the context, service workers' too.
  context.on('request', (request) => {
    const url = request.url();
    if (
      !url.startsWith('data:') &&
      !url.startsWith('blob:') &&
      !url.startsWith('about:') &&
      new URL(url).origin !== origin
    )
      foreign.add(`${request.resourceType()} ${url} (${pageOf(request)})`);
  });
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(paths.length).toBeGreaterThan(10);
  const queue = [...paths, '/search?q=cache', '/post/no-such-post'];
  const visit = async (tab: Page) => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      await tab.goto(path);
      // Lazy images and frames load as they come into view: every one of them is made to load now. (Scrolling them
      // into view waited for animation frames, which a tab the browser does not show may never get: a CI run hung
      // there for the test's whole two minutes beside the busy own-servers project.)
      await tab.evaluate(() => {
        for (const element of document.querySelectorAll<HTMLImageElement | HTMLIFrameElement>('[loading="lazy"]'))
          element.loading = 'eager';
      });
      await tab.waitForLoadState('networkidle');
    }
  };
  const tabs = [page, ...(await Promise.all(Array.from({ length: TABS - 1 }, () => context.newPage())))];
  await Promise.all(tabs.map(visit));
  expect([...foreign]).toEqual([]);
});
