import { expect, test } from '@playwright/test';
import { ContentFolder } from '../../scripts/blog/content-folder';
import { probePost, restorePost } from '../../scripts/blog/probe';
import { cachedRoutes, edit, expectServed, sendEveryMethod } from './support/route-cache';

// Every path whose answer Next caches (route handlers and pages), sent every method after an edit, still answers GET
// with itself (issue 42). The same across two instances sharing Redis: tests/e2e/cluster.spec.ts.

test('every method sent to every cached route handler after an edit leaves each answering GET with itself', async ({
  baseURL,
}) => {
  test.setTimeout(90_000);
  const folder = new ContentFolder('.e2e/content');
  const probe = await probePost(folder);
  const routes = await cachedRoutes(baseURL!, ['/', '/es', '/page/2', `/post/${probe.post.slug}`]);
  // The feeds, the sitemap index, robots.txt and pages at least.
  expect(routes.map((r) => r.path)).toEqual(
    expect.arrayContaining(['/feed.xml', '/es/feed.xml', '/sitemap.xml', '/robots.txt', '/', '/es']),
  );
  try {
    const title = await edit(folder, probe, baseURL!);
    await sendEveryMethod(baseURL!, routes);
    await expectServed(baseURL!, routes, 'the site');
    expect(await (await fetch(`${baseURL}/feed.xml`)).text()).toContain(title);
  } finally {
    await restorePost(baseURL!, probe);
  }
});
