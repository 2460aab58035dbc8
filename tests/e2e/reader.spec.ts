import { type Page, expect, test } from '@playwright/test';

const collectConsoleErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
};

test('feed → post → category → tag → back', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Render Path');
  const cards = page.locator('.post-list').last().locator('article');
  await expect(cards).toHaveCount(12);
  await expect(cards.first()).toContainText('Pinned');

  const firstTitle = (await cards.first().getByRole('heading').innerText()).trim();
  await cards.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);
  await expect(page).toHaveURL(/\/post\//);

  const categoryLink = page.getByRole('list', { name: 'Categories' }).getByRole('link').first();
  const category = (await categoryLink.innerText()).trim();
  await categoryLink.click();
  await expect(page).toHaveURL(/\/categories\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(category);

  await page.locator('.post-list article a').first().click();
  await expect(page).toHaveURL(/\/post\//);
  const tagLink = page.getByRole('list', { name: 'Tags' }).getByRole('link').first();
  await tagLink.click();
  await expect(page).toHaveURL(/\/(tags|hashtags)\//);
  await expect(page.locator('.post-list article').first()).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/post\//);
  await page.goBack();
  await expect(page).toHaveURL(/\/categories\//);
  expect(errors).toEqual([]);
});

test('the home page: its heading comes first, and no post is listed twice', async ({ page }) => {
  await page.goto('/');
  const headings = await page
    .locator('main h1, main h2')
    .evaluateAll((nodes) => nodes.map((n) => `${n.tagName}:${n.textContent?.trim()}`));
  expect(headings[0]).toBe('H1:The Render Path');
  const hrefs = await page
    .locator('main .post-card__title a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs).toEqual([...new Set(hrefs)]);
});

test('the header marks the category being listed, without script', async ({ page }) => {
  await page.goto('/categories/performance');
  const nav = page.getByRole('navigation', { name: 'Categories' });
  const weight = (name: string) =>
    nav.getByRole('link', { name, exact: true }).evaluate((a) => getComputedStyle(a).fontWeight);
  const label = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  expect(await weight(label)).toBe('700');
  const others = (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim()).filter((t) => t !== label);
  for (const other of others) expect(await weight(other), other).not.toBe('700');
});

test('an unknown URL has the site around its help: header, menu, footer', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('link', { name: 'The Render Path' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'RSS feed' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('the feed opened in a browser is laid out as a page, not raw XML', async ({ page }) => {
  await page.goto('/feed.xml');
  const styles = await page.evaluate(() => {
    const display = (selector: string) => getComputedStyle(document.querySelector(selector)!).display;
    return { title: display('item > title'), body: display('item > description'), hidden: display('guid') };
  });
  expect(styles).toEqual({ title: 'block', body: 'block', hidden: 'none' });
});

test('pages through the feed', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Older →' }).click();
  await expect(page).toHaveURL(/\/page\/2$/);
  await expect(page.locator('.post-list article').first()).toBeVisible();
});

test.describe('unknown addresses answer 404 on the first request', () => {
  for (const path of [
    '/post/no-such-post',
    '/categories/no-such-category',
    '/tags/no-such-tag',
    '/page/999',
    '/page/abc',
    '/categories/performance/page/99',
    '/hashtags/no-such-hashtag',
    '/no/such/page',
  ]) {
    test(path, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      expect(await response.text()).toContain('Page not found');
    });
  }

  test('a path that is not valid percent-encoding is a 404, not a 500', async ({ request }) => {
    for (const path of ['/post/%E0%A4%A', '/categories/%E0%A4%A', '/media/%E0%A4%A'])
      expect((await request.get(path)).status(), path).toBe(404);
    const api = await request.get('/api/posts/%E0%A4%A');
    expect(api.status()).toBe(404);
    expect((await api.json()).error.wde).toBe('WDE0073');
  });

  test('the 404 page helps: a search box and the way home', async ({ page }) => {
    const response = await page.goto('/post/no-such-post');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search posts' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'the latest posts' })).toHaveAttribute('href', '/');
  });
});

test('old Wix blog URLs redirect permanently', async ({ request }) => {
  for (const [from, to] of [
    ['/blog', '/'],
    ['/blog/page/2', '/page/2'],
    ['/blog/categories/performance', '/categories/performance'],
    ['/blog/tags/caching', '/tags/caching'],
    ['/blog/hashtags/webperf', '/hashtags/webperf'],
  ]) {
    const response = await request.get(from!, { maxRedirects: 0 });
    expect(response.status(), from).toBe(308);
    expect(new URL(response.headers().location!, 'http://x').pathname).toBe(to);
  }
});

test('hostile content runs no script', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto('/post/security-test-hostile-content');
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.filter((h) => /^\s*(javascript|data|vbscript):/i.test(h))).toEqual([]);
  for (const frame of await page.locator('iframe').all()) {
    const sandbox = await frame.getAttribute('sandbox');
    expect(sandbox).not.toBeNull();
    if ((await frame.getAttribute('srcdoc')) !== null) expect(sandbox).not.toContain('allow-same-origin');
  }
  // The links a reader can reach (a notice's link shown only by :target waits, hidden, for its anchor).
  for (const link of await page.locator('.rc a:visible, article a:visible').all())
    await link.hover({ trial: true, timeout: 2_000 }).catch(() => undefined);
  expect(dialogs).toEqual([]);
});

test('a post page has the metadata search engines and readers use', async ({ page }) => {
  await page.goto('/post/what-lcp-actually-measures');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/post\/what-lcp-actually-measures$/);
  await expect(page.locator('meta[property="og:image"]').first()).toHaveAttribute('content', /^https?:\/\//);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  await expect(page.locator('link[rel=alternate][hreflang=es]')).toHaveAttribute(
    'href',
    /\/es\/post\/que-mide-realmente-el-lcp$/,
  );
  await expect(page.locator('link[rel=alternate][hreflang=x-default]')).toHaveAttribute(
    'href',
    /\/post\/what-lcp-actually-measures$/,
  );
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  const types = (JSON.parse(jsonLd!) as { '@type': string }[]).map((entry) => entry['@type']);
  expect(types).toEqual(['BlogPosting', 'BreadcrumbList']);

  // The translation is under its language's prefix, in a document of that language.
  await page.goto('/es/post/que-mide-realmente-el-lcp');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});

test('search finds posts by words in their text', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('cache tags');
  await page.getByRole('searchbox', { name: 'Search posts' }).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=cache\+tags/);
  await expect(page.locator('main').getByRole('status')).toContainText('match');
  await expect(page.locator('.post-list article').first()).toBeVisible();
});

async function parseXml(page: Page, path: string) {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  const text = await response.text();
  await page.goto('/robots.txt');
  return page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    const error = doc.querySelector('parsererror');
    return {
      error: error?.textContent ?? null,
      root: doc.documentElement.nodeName,
      count: (name: string) => doc.getElementsByTagName(name).length,
      items: doc.getElementsByTagName('item').length,
      locs: [...doc.getElementsByTagName('loc')].map((l) => l.textContent ?? ''),
    };
  }, text);
}

test('RSS and sitemap are well-formed XML', async ({ page }) => {
  const rss = await parseXml(page, '/feed.xml');
  expect(rss.error).toBeNull();
  expect(rss.root).toBe('rss');
  expect(rss.items).toBeGreaterThanOrEqual(30);

  const sitemap = await parseXml(page, '/sitemap.xml');
  expect(sitemap.error).toBeNull();
  expect(sitemap.root).toBe('urlset');
  expect(sitemap.locs.some((loc) => loc.endsWith('/post/every-block-our-editor-supports'))).toBe(true);
  expect(sitemap.locs.some((loc) => loc.endsWith('/categories/performance'))).toBe(true);
  expect(sitemap.locs.some((loc) => loc.endsWith('/tags/caching'))).toBe(true);
  expect(sitemap.locs.some((loc) => loc.endsWith('/authors/maya-okafor'))).toBe(true);

  const robots = await page.request.get('/robots.txt');
  expect(await robots.text()).toContain('Sitemap:');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('search answers in the first HTML, keeps the query in its box, and suggests something when nothing matches', async ({
    page,
  }) => {
    await page.goto('/search?q=cache');
    await expect(page.locator('main').getByRole('status')).toHaveText(/\d+ posts? match(es)? “cache”/);
    await expect(page.locator('main .post-list article').first()).toBeVisible();
    await expect(page.getByLabel('Search titles and text')).toHaveValue('cache');

    await page.getByLabel('Search titles and text').fill('zzqqxx');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?q=zzqqxx$/);
    await expect(page.locator('main').getByRole('status')).toHaveText('No posts match “zzqqxx”.');
    await expect(page.locator('.search-empty').getByRole('link').first()).toBeVisible();
  });
});
