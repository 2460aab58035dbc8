import { existsSync, readdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';

// Made-up URLs are 404s that leave nothing behind: Next's page cache used to write ~48 KB to disk for each.

const ROUTE_CACHE = '.next-e2e/server/route-cache';
const stored = () =>
  existsSync(ROUTE_CACHE)
    ? (readdirSync(ROUTE_CACHE, { recursive: true }) as string[]).filter((f) => f.includes('made-up'))
    : [];

test('made-up slugs under every listing answer 404 and write nothing to the page cache', async ({ request }) => {
  const paths = ['post', 'categories', 'tags', 'hashtags'].flatMap((prefix) =>
    Array.from({ length: 5 }, (_, i) => `/${prefix}/made-up-${prefix}-${i}`),
  );
  paths.push('/page/9999', '/categories/made-up-category/page/2');
  for (const path of paths) expect((await request.get(path)).status(), path).toBe(404);
  expect(stored()).toEqual([]);
});

test('an over-long slug is a plain 404', async ({ request }) => {
  const response = await request.get(`/post/made-up-${'x'.repeat(400)}`);
  expect(response.status()).toBe(404);
  expect(await response.text()).not.toContain('ENAMETOOLONG');
});
