import { expect, test } from '@playwright/test';

// The data API on the production build: the embedded database (PGlite, WebAssembly) loads inside Next's server and
// answers in the platform's shapes, with the collections' permissions.

test('a visitor may neither write nor read the subscribers; the series are public', async ({ request }) => {
  // A visitor subscribes through /newsletter/subscribe alone (newsletter.spec.ts, newsletter-abuse.spec.ts).
  const email = `reader-${Date.now()}@example.com`;
  const inserted = await request.post('/api/data/v2/items', {
    data: { dataCollectionId: 'subscribers', dataItem: { data: { email } } },
  });
  expect(inserted.status()).toBe(403);
  expect((await inserted.json()).error.wde).toBe('WDE0027');

  const refused = await request.post('/api/data/v2/items/query', { data: { dataCollectionId: 'subscribers' } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.wde).toBe('WDE0027');

  const series = await request.post('/api/data/v2/items/query', { data: { dataCollectionId: 'series' } });
  expect(series.status()).toBe(200);
  expect((await series.json()).pagingMetadata.offset).toBe(0);
});
