import { collections } from '@wix/data';
import { describe, expect, it } from 'vitest';
import { SITE_COLLECTIONS, series } from '@/lib/data/collections';
import { createWixBackend } from '@/lib/data/wix';
import { wixCollectionOf, wixCollections } from '@/lib/data/wix/collections';
import { createWixViews } from '@/lib/views/wix';
import { API_KEY, SITE_ID, recorder, route, sdkClient, transportOf } from './recorder';

// The Data Collections calls (lib/data/wix/collections.ts: which collections a site has, and `wix setup`'s creation),
// made through @wix/data's typed `collections` module, compared with a caller of the SDK asking the same; and View
// Post (lib/views/wix.ts), which the installed @wix/blog has no function for, compared with the Blog's REST reference
// (https://dev.wix.com/docs/api-reference/business-solutions/blog/posts-stats/view-post: POST /v3/posts/{postId}/view).
// Fixtures: ListDataCollectionsResponse { collections, pagingMetadata } and CreateDataCollectionResponse { collection }
// of node_modules/@wix/auto_sdk_data_collections/build/es/index.typings.d.mts.

const listed = {
  body: {
    collections: [{ id: 'Blog/Posts', collectionType: 'WIX_APP', fields: [], permissions: {} }],
    pagingMetadata: { count: 1, offset: 0, total: 1 },
  },
};

describe('conformance: Wix Data collections (@wix/data collections)', () => {
  it('missing (the backend) and wix check list the collections: as collections.listDataCollections', async () => {
    const rec = recorder(route('GET', '/wix-data/v2/collections', listed));
    const backend = createWixBackend({ apiKey: API_KEY, siteId: SITE_ID, ...transportOf(rec) });
    const ours = await rec.one(() => backend.missing!(SITE_COLLECTIONS.map((c) => c.id)));
    const sdk = sdkClient({ collections }, rec);
    const theirs = await rec.one(() =>
      sdk.collections.listDataCollections({ paging: { limit: 100, offset: 0 }, consistentRead: true }),
    );
    expect(ours).toEqual(theirs);
  });

  it('wix setup creates a collection: as collections.createDataCollection with the declared fields', async () => {
    const rec = recorder(route('POST', '/wix-data/v2/collections', { body: { collection: { id: series.id } } }));
    const api = wixCollections({ apiKey: API_KEY, siteId: SITE_ID, ...transportOf(rec) });
    const ours = await rec.one(() => api.create(series));
    const sdk = sdkClient({ collections }, rec);
    const theirs = await rec.one(() =>
      sdk.collections.createDataCollection({
        _id: 'series',
        displayName: 'series',
        fields: [
          { key: 'title', displayName: 'title', type: 'TEXT' },
          { key: 'slug', displayName: 'slug', type: 'TEXT' },
          { key: 'description', displayName: 'description', type: 'TEXT' },
          {
            key: 'posts',
            displayName: 'posts',
            type: 'MULTI_REFERENCE',
            typeMetadata: {
              multiReference: {
                referencedCollectionId: 'Blog/Posts',
                referencingFieldKey: 'series_posts',
                referencingDisplayName: 'series posts',
              },
            },
          },
        ],
        permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
      }),
    );
    expect(ours).toEqual(theirs);
    expect(wixCollectionOf(series)._id).toBe('series');
  });
});

describe('conformance: View Post (the REST reference; no function in the installed @wix/blog)', () => {
  it('counts a view: POST /v3/posts/{postId}/view, with no parameters', async () => {
    const rec = recorder(route('POST', /\/v3\/posts\/[^/]+\/view$/, { body: { views: 8 } }));
    const views = createWixViews({ apiKey: API_KEY, siteId: SITE_ID, ...transportOf(rec), intervalMs: 1 });
    const made = await rec.calls(async () => {
      await views.count('9f3c1a2b-0000-4000-8000-000000000001');
      await views.idle();
    });
    expect(made).toEqual([
      { method: 'POST', path: '/v3/posts/9f3c1a2b-0000-4000-8000-000000000001/view', query: {}, body: {} },
    ]);
    expect(rec.requests[0]!.headers.get('authorization')).toBe(API_KEY);
  });
});
