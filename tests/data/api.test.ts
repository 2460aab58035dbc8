import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import { withSite } from '../helpers/site';

// The data API at the Wix Data v2 REST paths, on the embedded backend: body shapes, permissions against the caller
// (a visitor, the owner by session cookie), and every error in the catalogue's JSON shape.

const SECRET = 'data-api-test-secret-that-is-long-enough-0123456789';
withSite({ OWNER_PASSWORD: 'owner-password', SESSION_SECRET: SECRET }, { database: true });

const { POST: insertRoute } = await import('@/app/api/data/v2/items/route');
const itemRoutes = await import('@/app/api/data/v2/items/[dataItemId]/route');
const { POST: queryRoute } = await import('@/app/api/data/v2/items/query/route');
const { POST: countRoute } = await import('@/app/api/data/v2/items/count/route');
const { POST: saveRoute } = await import('@/app/api/data/v2/items/save/route');
const { POST: truncateRoute } = await import('@/app/api/data/v2/items/truncate/route');
const { POST: bulkInsertRoute } = await import('@/app/api/data/v2/bulk/items/insert/route');
const { POST: bulkRemoveRoute } = await import('@/app/api/data/v2/bulk/items/remove/route');
const { POST: aggregateRoute } = await import('@/app/api/data/v2/items/aggregate/route');
const { POST: distinctRoute } = await import('@/app/api/data/v2/items/distinct/route');
const { POST: isReferencedRoute } = await import('@/app/api/data/v2/items/is-referenced/route');
const { POST: queryReferencedRoute } = await import('@/app/api/data/v2/items/query-referenced/route');
const { POST: replaceReferencesRoute } = await import('@/app/api/data/v2/items/replace-references/route');
const { POST: insertReferencesRoute } = await import('@/app/api/data/v2/bulk/items/insert-references/route');
const { POST: removeReferencesRoute } = await import('@/app/api/data/v2/bulk/items/remove-references/route');
const { POST: bulkSaveRoute } = await import('@/app/api/data/v2/bulk/items/save/route');
const { POST: bulkUpdateRoute } = await import('@/app/api/data/v2/bulk/items/update/route');

const base = 'http://localhost:3000/api/data/v2';
const owner = { cookie: `${SESSION_COOKIE}=${signSession(SECRET).token}` };
const ctx = (dataItemId: string) => ({ params: Promise.resolve({ dataItemId }) });
const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request(`${base}/x`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });

async function expectError(response: Response, status: number, wde: string) {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body.error).toMatchObject({ wde, code: status >= 500 ? 'WD_UNKNOWN_ERROR' : 'WD_VALIDATION_ERROR' });
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
}

beforeEach(async () => {
  for (const id of ['subscribers', 'series']) {
    expect((await truncateRoute(post({ dataCollectionId: id }, owner))).status).toBe(200);
  }
});

describe('the data API', () => {
  it('inserts, gets, updates, saves and removes items in the platform shapes', async () => {
    const inserted = await insertRoute(
      post({ dataCollectionId: 'series', dataItem: { id: 's1', data: { title: 'Speed' } } }, owner),
    );
    expect(inserted.status).toBe(200);
    const { dataItem } = await inserted.json();
    expect(dataItem).toMatchObject({ id: 's1', dataCollectionId: 'series', data: { _id: 's1', title: 'Speed' } });

    const got = await itemRoutes.GET(new Request(`${base}/items/s1?dataCollectionId=series`), ctx('s1'));
    expect((await got.json()).dataItem.data.title).toBe('Speed');

    const put = new Request(`${base}/items/s1`, {
      method: 'PUT',
      body: JSON.stringify({ dataCollectionId: 'series', dataItem: { data: { title: 'Faster' } } }),
      headers: { ...owner, 'content-type': 'application/json' },
    });
    expect((await (await itemRoutes.PUT(put, ctx('s1'))).json()).dataItem.data.title).toBe('Faster');

    const saved = await saveRoute(
      post({ dataCollectionId: 'series', dataItem: { id: 's2', data: { title: 'New' } } }, owner),
    );
    expect((await saved.json()).dataItem.id).toBe('s2');

    const removed = await itemRoutes.DELETE(
      new Request(`${base}/items/s1?dataCollectionId=series`, { method: 'DELETE', headers: owner }),
      ctx('s1'),
    );
    expect((await removed.json()).dataItem.id).toBe('s1');
    await expectError(
      await itemRoutes.GET(new Request(`${base}/items/s1?dataCollectionId=series`), ctx('s1')),
      404,
      'WDE0073',
    );
  });

  it('queries with paging and counts', async () => {
    const dataItems = Array.from({ length: 7 }, (_, i) => ({
      id: `p${i}`,
      data: { title: `Part ${i}`, slug: `part-${i}` },
    }));
    const bulk = await bulkInsertRoute(post({ dataCollectionId: 'series', dataItems }, owner));
    expect((await bulk.json()).bulkActionMetadata).toEqual({ totalSuccesses: 7, totalFailures: 0 });
    const query = {
      filter: { slug: { $startsWith: 'part-' } },
      sort: [{ fieldName: 'slug', order: 'DESC' }],
      paging: { limit: 3, offset: 2 },
    };
    const page = await (await queryRoute(post({ dataCollectionId: 'series', query }))).json();
    expect(page.dataItems.map((i: { id: string }) => i.id)).toEqual(['p4', 'p3', 'p2']);
    expect(page.pagingMetadata).toEqual({ count: 3, offset: 2, total: 7, hasNext: true });
    // Cursor paging: the answer names the pages beside it; the next cursor, sent alone, continues the same query.
    const byCursor = { filter: query.filter, sort: query.sort, cursorPaging: { limit: 4 } };
    const first = await (await queryRoute(post({ dataCollectionId: 'series', query: byCursor }))).json();
    expect(first.dataItems.map((i: { id: string }) => i.id)).toEqual(['p6', 'p5', 'p4', 'p3']);
    expect(first.pagingMetadata).toMatchObject({ count: 4, hasNext: true, cursors: { prev: null } });
    const cursorPaging = { cursor: first.pagingMetadata.cursors.next };
    const rest = await (await queryRoute(post({ dataCollectionId: 'series', query: { cursorPaging } }))).json();
    expect(rest.dataItems.map((i: { id: string }) => i.id)).toEqual(['p2', 'p1', 'p0']);
    expect(rest.pagingMetadata.cursors.next).toBeNull();
    await expectError(
      await queryRoute(post({ dataCollectionId: 'series', query: { cursorPaging: { cursor: 'forged.cursor' } } })),
      400,
      'WDE0165',
    );
    const count = await countRoute(
      post({ dataCollectionId: 'series', filter: { slug: { $in: ['part-1', 'part-2'] } } }),
    );
    expect(await count.json()).toEqual({ totalCount: 2 });
    const removed = await bulkRemoveRoute(
      post({ dataCollectionId: 'series', dataItemIds: ['p0', 'p1', 'nope'] }, owner),
    );
    expect((await removed.json()).bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1 });
  });

  it('answers distinct values and aggregations in the platform shapes', async () => {
    const dataItems = ['a', 'b', 'a', 'c'].map((slug, i) => ({ id: `d${i}`, data: { title: `T${i}`, slug } }));
    await bulkInsertRoute(post({ dataCollectionId: 'series', dataItems }, owner));
    const distinct = await distinctRoute(
      post({ dataCollectionId: 'series', fieldName: 'slug', filter: { title: { $ne: 'T3' } } }),
    );
    expect(await distinct.json()).toEqual({ distinctValues: ['a', 'b'] });
    const aggregation = {
      groupingFields: ['slug'],
      operations: [
        { resultFieldName: 'n', itemCount: {} },
        { resultFieldName: 'first', min: { itemFieldName: 'title' } },
      ],
    };
    const aggregated = await aggregateRoute(post({ dataCollectionId: 'series', aggregation }));
    expect((await aggregated.json()).results).toEqual([
      { slug: 'a', n: 2, first: 'T0' },
      { slug: 'b', n: 1, first: 'T1' },
      { slug: 'c', n: 1, first: 'T3' },
    ]);
    const unknownOp = { operations: [{ resultFieldName: 'x', median: { itemFieldName: 'title' } }] };
    await expectError(
      await aggregateRoute(post({ dataCollectionId: 'series', aggregation: unknownOp })),
      400,
      'WDE0046',
    );
    await expectError(await distinctRoute(post({ dataCollectionId: 'series', fieldName: 'nope' })), 400, 'WDE0045');
  });

  it('changes and reads references: a series holding its posts, in order', async () => {
    await insertRoute(post({ dataCollectionId: 'series', dataItem: { id: 'speed', data: { title: 'Speed' } } }, owner));
    const references = ['post-3', 'post-1', 'post-2'].map((referencedItemId) => ({
      referringItemFieldName: 'posts',
      referringItemId: 'speed',
      referencedItemId,
    }));
    const inserted = await insertReferencesRoute(
      post({ dataCollectionId: 'series', dataItemReferences: references }, owner),
    );
    expect((await inserted.json()).bulkActionMetadata.totalSuccesses).toBe(3);
    const held = async () =>
      (
        await (
          await queryReferencedRoute(
            post({ dataCollectionId: 'series', referringItemId: 'speed', referringItemFieldName: 'posts' }),
          )
        ).json()
      ).results.map(
        (r: { unresolvedReference: { referencedItemId: string } }) => r.unresolvedReference.referencedItemId,
      );
    expect(await held()).toEqual(['post-3', 'post-1', 'post-2']);
    await removeReferencesRoute(
      post({ dataCollectionId: 'series', dataItemReferences: references.slice(0, 1) }, owner),
    );
    const ask = { dataCollectionId: 'series', referringItemFieldName: 'posts', referringItemId: 'speed' };
    expect(await (await isReferencedRoute(post({ ...ask, referencedItemId: 'post-3' }))).json()).toEqual({
      isReferenced: false,
    });
    await replaceReferencesRoute(post({ ...ask, newReferencedItemIds: ['post-9'] }, owner));
    expect(await held()).toEqual(['post-9']);
    // A visitor may read a series but not change it; a field that is not a multi-reference is WDE0020.
    await expectError(await replaceReferencesRoute(post({ ...ask, newReferencedItemIds: ['x'] })), 403, 'WDE0027');
    await expectError(
      await replaceReferencesRoute(
        post({ ...ask, referringItemFieldName: 'title', newReferencedItemIds: ['x'] }, owner),
      ),
      400,
      'WDE0020',
    );
  });

  it('bulk saves and bulk updates, reporting each item', async () => {
    const saved = await bulkSaveRoute(
      post(
        {
          dataCollectionId: 'series',
          dataItems: [
            { id: 'b1', data: { title: 'One' } },
            { id: 'b2', data: {} },
          ],
        },
        owner,
      ),
    );
    expect((await saved.json()).bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 0 });
    const dataItems = [
      { id: 'b1', data: { title: 'Uno' } },
      { id: 'b3', data: { title: 'none' } },
    ];
    const updated = await (await bulkUpdateRoute(post({ dataCollectionId: 'series', dataItems }, owner))).json();
    expect(updated.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 1 });
    expect(updated.results[1].itemMetadata).toMatchObject({ id: 'b3', success: false, error: { code: 'WDE0073' } });
    await expectError(await bulkUpdateRoute(post({ dataCollectionId: 'series', dataItems })), 403, 'WDE0027');
  });

  it('enforces the collection permissions against the caller', async () => {
    // Only the owner writes or reads the subscribers (a visitor subscribes through /newsletter/subscribe alone).
    const subscriber = { dataCollectionId: 'subscribers', dataItem: { data: { email: 'a@b.c' } } };
    await expectError(await insertRoute(post(subscriber)), 403, 'WDE0027');
    const subscribed = await insertRoute(post(subscriber, owner));
    expect(subscribed.status).toBe(200);
    await expectError(await queryRoute(post({ dataCollectionId: 'subscribers' })), 403, 'WDE0027');
    const id = (await subscribed.json()).dataItem.id as string;
    await expectError(
      await itemRoutes.GET(new Request(`${base}/items/${id}?dataCollectionId=subscribers`), ctx(id)),
      403,
      'WDE0027',
    );
    expect(
      (await (await queryRoute(post({ dataCollectionId: 'subscribers' }, owner))).json()).pagingMetadata.total,
    ).toBe(1);
    // A visitor cannot write the owner's series, nor empty a collection.
    await expectError(
      await insertRoute(post({ dataCollectionId: 'series', dataItem: { data: { title: 'x' } } })),
      403,
      'WDE0027',
    );
    await expectError(await truncateRoute(post({ dataCollectionId: 'subscribers' })), 403, 'WDE0027');
  });

  it('answers bad input from the catalogue and changes nothing', async () => {
    await expectError(await insertRoute(post({ dataItem: { data: {} } }, owner)), 400, 'WDE0001');
    await expectError(await insertRoute(post({ dataCollectionId: 'series', dataItem: 'x' }, owner)), 400, 'WDE0004');
    await expectError(
      await insertRoute(post({ dataCollectionId: 'nowhere', dataItem: { data: {} } }, owner)),
      404,
      'WDE0025',
    );
    await expectError(
      await bulkInsertRoute(post({ dataCollectionId: 'series', dataItems: {} }, owner)),
      400,
      'WDE0005',
    );
    await expectError(
      await queryRoute(post({ dataCollectionId: 'series', query: { filter: { title: { $regex: 'a' } } } })),
      400,
      'WDE0070',
    );
    await expectError(
      await queryRoute(post({ dataCollectionId: 'series', query: { paging: { limit: 0 } } })),
      400,
      'WDE0035',
    );
    await expectError(await queryRoute(post('{not json')), 400, 'WDE0004');
    await expectError(
      await insertRoute(post({ dataCollectionId: 'series', dataItem: { data: { title: 'x'.repeat(70_000) } } }, owner)),
      413,
      'WDE0109',
    );
    await insertRoute(post({ dataCollectionId: 'series', dataItem: { id: 'dup', data: {} } }, owner));
    await expectError(
      await insertRoute(post({ dataCollectionId: 'series', dataItem: { id: 'dup', data: {} } }, owner)),
      409,
      'WDE0074',
    );
    expect((await (await countRoute(post({ dataCollectionId: 'series' }))).json()).totalCount).toBe(1);
  });
});
