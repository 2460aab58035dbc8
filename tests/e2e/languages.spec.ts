import { type APIRequestContext, expect, test } from '@playwright/test';

// The two-language demo on the production build, without JavaScript (issue 32): English at the root, Spanish under
// /es. What a reader and a search engine rely on: each language's listings, feeds and sitemaps hold only that
// language's posts (the JSON API's `language` filter is the reference); every page's hreflang links name itself and an
// x-default, and every translation group's are reciprocal; the switcher leads to the translation itself; the site's
// own words, dates and <html lang> follow the page's language; a prefix the site has no words for is a 404.

test.use({ javaScriptEnabled: false });

const LANGUAGES = ['en', 'es'] as const;
type Language = (typeof LANGUAGES)[number];
const prefix = (language: Language) => (language === 'en' ? '' : `/${language}`);

/** The slugs of a language's published posts, from the JSON API (`GET /api/posts?language=`). */
async function apiSlugs(request: APIRequestContext, language: Language): Promise<Set<string>> {
  const response = await request.get(`/api/posts?language=${language}&paging.limit=100`);
  expect(response.status()).toBe(200);
  const { posts } = (await response.json()) as { posts: { slug: string; language: string }[] };
  for (const post of posts) expect(post.language).toBe(language);
  return new Set(posts.map((p) => p.slug));
}

const pathOf = (url: string) => decodeURI(new URL(url, 'http://127.0.0.1').pathname);

async function sitemapPaths(request: APIRequestContext, language: Language): Promise<string[]> {
  const response = await request.get(`${prefix(language)}/sitemap.xml`);
  expect(response.status()).toBe(200);
  return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => pathOf(m[1]!));
}

/** The posts a listing page links to from its cards. */
const cardLinks = (html: string) =>
  [...html.matchAll(/class="post-card__title"><a href="([^"]+)"/g)].map((m) => pathOf(m[1]!));

/** A page's hreflang links, as `{ language: path }`. */
const hreflangs = (html: string): Record<string, string> =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, pathOf(m[2]!)]),
  );

/** Which language a post path is in, and its slug: `/post/x` English, `/es/post/x` Spanish. */
function postOf(path: string): { language: Language; slug: string } | null {
  const match = /^(?:\/(es))?\/post\/([^/]+)$/.exec(path);
  return match ? { language: (match[1] as Language | undefined) ?? 'en', slug: match[2]! } : null;
}

test('each language’s listings, feed and sitemap hold that language’s posts only', async ({ request }) => {
  for (const language of LANGUAGES) {
    const slugs = await apiSlugs(request, language);
    expect(slugs.size).toBeGreaterThanOrEqual(5);
    const paths = await sitemapPaths(request, language);
    // The sitemap: every post of the language, and nothing of the other's.
    const sitemapPosts = paths.flatMap((p) => postOf(p) ?? []);
    expect(sitemapPosts.every((p) => p.language === language)).toBe(true);
    expect(new Set(sitemapPosts.map((p) => p.slug))).toEqual(slugs);
    for (const path of paths)
      expect(path.startsWith(`${prefix(language)}/`) || path === (prefix(language) || '/')).toBe(true);

    // The feed.
    const feed = await (await request.get(`${prefix(language)}/feed.xml`)).text();
    expect(feed).toContain(`<language>${language}</language>`);
    const items = [...feed.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => postOf(pathOf(m[1]!)));
    expect(items.length).toBe(Math.min(slugs.size, 50));
    for (const item of items) expect(item?.language === language && slugs.has(item.slug)).toBe(true);

    // Every listing: the feed's pages, and each category, tag and writer page the sitemap names.
    const listings = [prefix(language) || '/', ...paths.filter((p) => /\/(categories|tags|authors)\//.test(p))];
    for (let n = 2; ; n++) {
      const response = await request.get(`${prefix(language)}/page/${n}`);
      if (response.status() === 404) break;
      listings.push(`${prefix(language)}/page/${n}`);
    }
    expect(listings.length).toBeGreaterThan(5);
    for (const listing of listings) {
      const response = await request.get(listing);
      expect(response.status(), listing).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<html lang="${language}"`);
      for (const link of cardLinks(html)) {
        const post = postOf(link);
        expect(post?.language === language && slugs.has(post.slug), `${listing} links ${link}`).toBe(true);
      }
    }
  }
});

test('every page’s hreflang links name itself and x-default, and each translation group’s are reciprocal', async ({
  request,
}) => {
  // Every page the sitemaps name, the feed's second page (English only: Spanish has one) and search.
  const sitemaps = (await Promise.all(LANGUAGES.map((l) => sitemapPaths(request, l)))).flat();
  const pages = [...sitemaps, '/page/2', '/search', '/es/search'];
  const links = new Map<string, Record<string, string>>();
  for (const path of pages) links.set(path, hreflangs(await (await request.get(path)).text()));
  const groups = [...links.entries()];
  // A page without a translation names itself alone (never the other language's home): every page has links.
  for (const [path, alternates] of groups) expect(Object.keys(alternates).length, path).toBeGreaterThanOrEqual(2);
  expect(links.get('/page/2')).toEqual({ en: '/page/2', 'x-default': '/page/2' });
  const translated = groups.filter(([, alternates]) => Object.keys(alternates).length > 2);
  // Five translated posts, the home page, the categories and tags with a translation, the writers of both languages.
  expect(translated.filter(([path]) => postOf(path)).length).toBe(10);
  expect(translated.length).toBeGreaterThan(20);
  for (const [path, alternates] of groups) {
    const language = path === '/es' || path.startsWith('/es/') ? 'es' : 'en';
    expect(alternates[language], `${path} names itself`).toBe(path);
    expect(alternates['x-default'], `${path} has x-default`).toBe(alternates.en ?? Object.values(alternates)[0]);
    for (const [hreflang, other] of Object.entries(alternates)) {
      if (hreflang === 'x-default' || other === path) continue;
      expect(
        links.get(other) ?? hreflangs(await (await request.get(other)).text()),
        `${other} answers ${path}`,
      ).toEqual(alternates);
    }
  }
});

test('the switcher leads to the translation, both ways', async ({ page }) => {
  await page.goto('/post/what-lcp-actually-measures');
  await page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: 'Leer en español' }).click();
  await expect(page).toHaveURL('/es/post/que-mide-realmente-el-lcp');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Qué mide realmente el LCP (y qué no)');
  await page.getByRole('navigation', { name: 'Idiomas' }).getByRole('link', { name: 'Read in English' }).click();
  await expect(page).toHaveURL('/post/what-lcp-actually-measures');

  await page.goto('/categories/performance');
  await page.getByRole('link', { name: 'Leer en español' }).click();
  await expect(page).toHaveURL('/es/categories/rendimiento');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rendimiento');

  await page.goto('/');
  await page.getByRole('link', { name: 'Leer en español' }).click();
  await expect(page).toHaveURL('/es');

  // A post without a translation has no switcher (it would lead to the other language's home, not to the post).
  await page.goto('/post/reading-a-webpagetest-waterfall');
  await expect(page.locator('.language-switcher')).toHaveCount(0);
});

test('the site’s words, dates and <html lang> follow the page’s language', async ({ page }) => {
  await page.goto('/es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('searchbox')).toHaveAttribute('placeholder', 'Buscar');
  await expect(page.getByRole('link', { name: 'Mapa del sitio' })).toHaveAttribute('href', '/es/sitemap.xml');
  await expect(page.getByRole('link', { name: 'Feed RSS' })).toHaveAttribute('href', '/es/feed.xml');
  await expect(page.locator('.post-card__meta').first()).toContainText('min de lectura');
  await expect(page.locator('.post-card__meta time').first()).toHaveText(/^\d{1,2} de [a-z]+ de \d{4}$/);
  await expect(page.getByRole('button', { name: 'Suscribirme' })).toBeVisible();

  await page.goto('/es/post/que-mide-realmente-el-lcp');
  await expect(page.locator('.post__meta')).toContainText('Publicado el 3 de junio de 2025');
  await page.getByRole('main').locator('summary', { hasText: 'Compartir' }).click();
  await expect(page.getByRole('list', { name: 'Compartir este artículo' })).toBeVisible();

  await page.goto('/es/search?q=mide+realmente');
  await expect(page.getByRole('status')).toHaveText('1 artículo coincide con «mide realmente».');
  await expect(page.locator('.post-card h2 a')).toHaveAttribute('href', '/es/post/que-mide-realmente-el-lcp');

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Sitemap' })).toHaveAttribute('href', '/sitemap.xml');
  await expect(page.locator('.post-card__meta').first()).toContainText('min read');
  await expect(page.locator('.post-card__meta time').first()).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
});

test('a post is found in its own language only; an unknown prefix is a 404', async ({ request }) => {
  expect((await request.get('/es/post/que-mide-realmente-el-lcp')).status()).toBe(200);
  expect((await request.get('/post/que-mide-realmente-el-lcp')).status()).toBe(404);
  expect((await request.get('/es/post/what-lcp-actually-measures')).status()).toBe(404);
  expect((await request.get('/en/post/what-lcp-actually-measures')).status()).toBe(404);
  expect((await request.get('/fr')).status()).toBe(404);
  expect((await request.get('/fr/post/what-lcp-actually-measures')).status()).toBe(404);
  expect((await request.get('/es/categories/performance')).status()).toBe(404);
});
