import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { SESSION_COOKIE, signSession } from '../../lib/owner/tokens';

// A series on the production build: the owner writes it through the data API, and the posts' pages (prerendered by
// the build, so cached before the write) show it on the next request; removing a post from it refreshes them again.
// Without JavaScript: the box is server-rendered markup. Every check reads the first response after the write (a
// page without script never fetches again, so an assertion cannot wait for a stale page to change).

const SECRET = 'e2e-session-secret-that-is-long-enough-0123456789';
const owner = () => ({ cookie: `${SESSION_COOKIE}=${signSession(SECRET).token}` });
const SLUGS = [
  'images-at-the-edge-avif-and-webp',
  'speculation-rules-prerendering-the-next-page',
  'screen-reader-testing-a-starter-kit',
];

test.use({ javaScriptEnabled: false });

interface Part {
  id: string;
  slug: string;
  title: string;
}

async function postBySlug(request: APIRequestContext, slug: string): Promise<Part> {
  const response = await request.get(`/api/posts/slugs/${slug}`);
  expect(response.status(), slug).toBe(200);
  const { post } = await response.json();
  return { id: post.id, slug, title: post.title };
}

async function ownerCall(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.post(path, { headers: owner(), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return response.json();
}

async function openPost(page: Page, slug: string) {
  const response = await page.goto(`/post/${slug}`);
  expect(response?.status(), slug).toBe(200);
}

/** The page shows `part` of `parts` in order, its own title current and the others linked. */
async function expectSeries(page: Page, title: string, parts: Part[], current: Part) {
  await openPost(page, current.slug);
  const nav = page.getByRole('navigation', { name: `Series: ${title}` });
  await expect(nav).toContainText(`Part ${parts.indexOf(current) + 1} of ${parts.length} — ${title}`);
  await expect(nav.getByRole('listitem')).toHaveText(parts.map((p) => p.title));
  await expect(nav.locator('[aria-current="page"]')).toHaveText(current.title);
  const others = parts.filter((p) => p !== current);
  await expect(nav.getByRole('link')).toHaveText(others.map((p) => p.title));
  for (const other of others) {
    await expect(nav.getByRole('link', { name: other.title, exact: true })).toHaveAttribute(
      'href',
      `/post/${other.slug}`,
    );
  }
}

async function expectNoSeries(page: Page, title: string, slug: string) {
  await openPost(page, slug);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: `Series: ${title}` })).toHaveCount(0);
}

test('a series shows on its posts at once, and a post taken out of it no longer shows it', async ({
  page,
  request,
}) => {
  const posts = await Promise.all(SLUGS.map((slug) => postBySlug(request, slug)));
  const title = `Faster pages ${Date.now()}`;
  // The cached pages, before the series exists.
  for (const post of posts) await expectNoSeries(page, title, post.slug);

  const { dataItem } = await ownerCall(request, '/api/data/v2/items', {
    dataCollectionId: 'series',
    dataItem: { data: { title, slug: 'faster-pages', posts: posts.map((p) => p.id) } },
  });
  try {
    for (const post of posts) await expectSeries(page, title, posts, post);

    const [first, second, third] = posts as [Part, Part, Part];
    await ownerCall(request, '/api/data/v2/bulk/items/remove-references', {
      dataCollectionId: 'series',
      dataItemReferences: [
        { referringItemFieldName: 'posts', referringItemId: dataItem.id, referencedItemId: second.id },
      ],
    });
    await expectNoSeries(page, title, second.slug);
    await expectSeries(page, title, [first, third], first);
    await expectSeries(page, title, [first, third], third);
  } finally {
    const removed = await request.delete(`/api/data/v2/items/${dataItem.id}?dataCollectionId=series`, {
      headers: owner(),
    });
    expect(removed.status()).toBe(200);
  }
  // Removing the series refreshes its posts too: the pages are as the other tests expect them.
  for (const post of posts) await expectNoSeries(page, title, post.slug);
});
