import { expect, test } from '@playwright/test';

// The demo needs no network: every page a reader opens loads only from this site. Links a reader may follow
// elsewhere are fine; loads (images, video, frames, scripts, styles, fonts) are not.

test('no page of the demo loads anything from another host', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const foreign = new Set<string>();
  page.on('request', (request) => {
    const url = request.url();
    if (
      !url.startsWith('data:') &&
      !url.startsWith('blob:') &&
      !url.startsWith('about:') &&
      new URL(url).origin !== origin
    )
      foreign.add(`${request.resourceType()} ${url} (${page.url()})`);
  });
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(paths.length).toBeGreaterThan(10);
  for (const path of [...paths, '/search?q=cache', '/post/no-such-post']) {
    await page.goto(path);
    // Lazy images and frames load as they come into view: bring all of them in.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    });
    await page.waitForLoadState('networkidle');
  }
  expect([...foreign]).toEqual([]);
});
