import { items } from '@wix/data';
import { describe, expect, it } from 'vitest';
import { createWixBackend } from '@/lib/data/wix';
import type { FilterTree } from '@/lib/data/backend';
import type { CollectionDeclaration } from '@/lib/data/types';
import { bulkResults, dataItem, offsetPage, referenceResults } from './fixtures';
import { API_KEY, type Reply, SITE_ID, recorder, route, sdkClient, transportOf, without } from './recorder';

// Wix Data (lib/data/wix): hand-written REST (`fetchWithAuth` on /wix-data/v2/…) against @wix/data's `items` (the
// wix-data-items-sdk functions: insert, get, query…, whose wire calls are listed in its data-items-api-client.js).
// Fixtures: fixtures.ts (DataItem, BulkDataItemResult, BulkDataItemReferenceResult, PagingMetadataV2 from
// node_modules/@wix/wix-data-items-common/dist/types/types/data-item-types.d.ts).
//
// Where the two differ, the SDK is the wix-data (Velo) API over the same service: it binds some RPCs to other HTTP
// routes than the REST reference documents (POST /items/update and /items/remove, GET /items/query?.r=), and its
// query builder fills defaults and spells `$eq` bare. Each test names what differs and why it is the same request
// to Wix, or why ours asks more.

const C = 'notes';
const notes: CollectionDeclaration = {
  id: C,
  fields: { title: { type: 'text' }, rank: { type: 'number' }, when: { type: 'datetime' } },
  permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
};
const WHEN = '2024-01-02T03:04:05.000Z';
const SYSTEM = { _createdDate: WHEN, _updatedDate: WHEN };
const item = { _id: 'n1', ...SYSTEM, title: 'Hi', rank: 3, when: WHEN };
const other = { _id: 'n2', ...SYSTEM };
/** The same items as the SDK takes them: dates as Date (sent as `{ $date }`, as ours are). */
const asSdk = (i: { _id: string } & Record<string, unknown>) => ({
  ...Object.fromEntries(Object.entries(i).map(([k, v]) => [k, v === WHEN ? new Date(WHEN) : v])),
  _id: i._id,
});
const gt3: FilterTree = { kind: 'condition', field: 'rank', op: '$gt', value: 3 };

async function setup(...replies: [string, string | RegExp, Reply][]) {
  const rec = recorder(...replies.map(([method, path, reply]) => route(method, path, reply)));
  const backend = createWixBackend({ apiKey: API_KEY, siteId: SITE_ID, ...transportOf(rec) });
  await backend.prepare(notes);
  return { rec, backend, sdk: sdkClient({ items }, rec) };
}

const one = { body: { dataItem: dataItem(C, 'n1', { title: 'Hi' }) } };

describe('conformance: Wix Data items (@wix/data items)', () => {
  it('get: as items.get', async () => {
    const { rec, backend, sdk } = await setup(['GET', /./, one]);
    const ours = await rec.one(() => backend.get(C, 'n1'));
    const theirs = await rec.one(() => sdk.items.get(C, 'n1', { consistentRead: true }));
    // The SDK repeats the path's dataItemId in the query (its builder copies path parameters there); Wix reads the
    // path.
    expect(ours).toEqual({ ...theirs, query: without(theirs.query, 'dataItemId') });
  });

  it('insert (one item): as items.insert', async () => {
    const { rec, backend, sdk } = await setup(['POST', '/wix-data/v2/items', one]);
    const ours = await rec.one(() => backend.insert(C, [item]));
    const theirs = await rec.one(() => sdk.items.insert(C, asSdk(item)));
    expect(ours).toEqual(theirs);
  });

  it('insert (several): a query for the ids, then as items.bulkInsert', async () => {
    const { rec, backend, sdk } = await setup(
      ['POST', '/wix-data/v2/items/query', { body: { dataItems: [], pagingMetadata: offsetPage(0) } }],
      ['POST', '/wix-data/v2/bulk/items/insert', { body: bulkResults(C, ['n1', 'n2']) }],
    );
    const [check, ours] = await rec.calls(() => backend.insert(C, [item, other]));
    const theirs = await rec.one(() => sdk.items.bulkInsert(C, [asSdk(item), asSdk(other)]));
    expect(ours).toEqual(theirs);
    // Wix has no all-or-none bulk insert: ours first asks which ids exist (interface: all or none).
    expect(check).toMatchObject({
      path: '/wix-data/v2/items/query',
      body: { query: { filter: { _id: { $in: ['n1', 'n2'] } } } },
    });
  });

  it('save (one item): as items.save', async () => {
    const { rec, backend, sdk } = await setup(['POST', /./, one]);
    const ours = await rec.one(() => backend.save(C, [item]));
    const theirs = await rec.one(() => sdk.items.save(C, asSdk(item)));
    expect(ours).toEqual(theirs);
  });

  it('save (several): as items.bulkSave', async () => {
    const { rec, backend, sdk } = await setup(['POST', /./, { body: bulkResults(C, ['n1', 'n2'], 'UPDATE') }]);
    const ours = await rec.one(() => backend.save(C, [item, other]));
    const theirs = await rec.one(() => sdk.items.bulkSave(C, [asSdk(item), asSdk(other)]));
    expect(ours).toEqual(theirs);
  });

  it('update (one item): as items.update, on the REST reference’s route', async () => {
    const { rec, backend, sdk } = await setup(['PUT', /./, one], ['POST', /./, one]);
    const ours = await rec.one(() => backend.update(C, [item]));
    const theirs = await rec.one(() => sdk.items.update(C, asSdk(item)));
    // Same RPC (UpdateDataItem), same body. The SDK binds it to POST /v2/items/update (data-items-api-client.js); the
    // REST reference documents PUT /wix-data/v2/items/{dataItem.id}, which ours uses.
    expect(ours).toEqual({ ...theirs, method: 'PUT', path: '/wix-data/v2/items/n1' });
  });

  it('update (several): as items.bulkUpdate', async () => {
    const { rec, backend, sdk } = await setup(['POST', /./, { body: bulkResults(C, ['n1', 'n2'], 'UPDATE') }]);
    const ours = await rec.one(() => backend.update(C, [item, other]));
    const theirs = await rec.one(() => sdk.items.bulkUpdate(C, [asSdk(item), asSdk(other)]));
    expect(ours).toEqual(theirs);
  });

  it('remove (one item): as items.remove, on the REST reference’s route', async () => {
    const { rec, backend, sdk } = await setup(['DELETE', /./, one], ['POST', /./, one]);
    const ours = await rec.one(() => backend.remove(C, ['n1']));
    const theirs = await rec.one(() => sdk.items.remove(C, 'n1'));
    // Same RPC (RemoveDataItem): the SDK posts { dataCollectionId, dataItemId } to /v2/items/remove; the REST
    // reference documents DELETE /wix-data/v2/items/{dataItemId}?dataCollectionId=, which ours uses.
    expect(theirs).toMatchObject({ method: 'POST', path: '/wix-data/v2/items/remove' });
    expect(ours).toEqual({
      method: 'DELETE',
      path: '/wix-data/v2/items/n1',
      query: { dataCollectionId: [C] },
      body: undefined,
    });
    expect(theirs.body).toEqual({ dataCollectionId: C, dataItemId: 'n1' });
  });

  it('remove (several): a query for the items, then as items.bulkRemove', async () => {
    const found = [dataItem(C, 'n1'), dataItem(C, 'n2')];
    const { rec, backend, sdk } = await setup(
      ['POST', '/wix-data/v2/items/query', { body: { dataItems: found, pagingMetadata: offsetPage(2) } }],
      ['POST', '/wix-data/v2/bulk/items/remove', { body: bulkResults(C, ['n1', 'n2'], 'DELETE') }],
    );
    const [read, ours] = await rec.calls(() => backend.remove(C, ['n1', 'n2']));
    const theirs = await rec.one(() => sdk.items.bulkRemove(C, ['n1', 'n2']));
    expect(ours).toEqual(theirs);
    // A bulk remove answers no items: ours reads them first, to answer what it removed.
    expect(read).toMatchObject({ path: '/wix-data/v2/items/query' });
  });

  it('truncate: as items.truncate', async () => {
    const { rec, backend, sdk } = await setup(['POST', /./, { body: {} }]);
    const ours = await rec.one(() => backend.truncate(C));
    const theirs = await rec.one(() => sdk.items.truncate(C));
    expect(ours).toEqual(theirs);
  });

  it('query: as items.query(…).find()', async () => {
    const page = { dataItems: [dataItem(C, 'n1')], pagingMetadata: offsetPage(1) };
    const { rec, backend, sdk } = await setup(['POST', /./, { body: page }], ['GET', /./, { body: page }]);
    const ours = await rec.one(() =>
      backend.query(C, { filter: gt3, sort: [{ fieldName: 'rank', order: 'ASC' }], limit: 5, skip: 10 }),
    );
    const theirs = await rec.one(() =>
      sdk.items
        .query(C)
        .gt('rank', 3)
        .ascending('rank')
        .ascending('_id')
        .limit(5)
        .skip(10)
        .find({ consistentRead: true, returnTotalCount: true }),
    );
    // Same RPC (QueryDataItems) and query. The SDK sends it as GET with the body in `.r` (decoded by the recorder),
    // and fills the defaults `fields: []` and `includeReferences: []`; the REST reference documents POST with a body.
    const { fields, ...query } = (theirs.body as { query: Record<string, unknown> }).query;
    const { includeReferences, ...rest } = theirs.body as Record<string, unknown>;
    expect([fields, includeReferences]).toEqual([[], []]);
    expect(ours).toEqual({ ...theirs, method: 'POST', body: { ...rest, query } });
  });

  it('count: as items.query(…).count()', async () => {
    const { rec, backend, sdk } = await setup(['POST', /./, { body: { totalCount: 4 } }]);
    const ours = await rec.one(() => backend.count(C, gt3));
    const theirs = await rec.one(() => sdk.items.query(C).gt('rank', 3).count({ consistentRead: true }));
    expect(ours).toEqual(theirs);
  });

  it('distinct: as items.query(…).distinct()', async () => {
    const { rec, backend, sdk } = await setup([
      'POST',
      /./,
      { body: { distinctValues: ['a', 'b'], pagingMetadata: { ...offsetPage(2), hasNext: false } } },
    ]);
    const ours = await rec.one(() => backend.distinct(C, 'title', gt3));
    const theirs = await rec.one(() => sdk.items.query(C).gt('rank', 3).distinct('title', { consistentRead: true }));
    // Ours pages explicitly (1000 a page, until hasNext is false) and asks ascending order, to return every value
    // sorted; the SDK sends neither and takes Wix's default page.
    expect(ours).toEqual({
      ...theirs,
      body: { ...(theirs.body as object), order: 'ASC', paging: { limit: 1000, offset: 0 } },
    });
  });

  it('aggregate: as items.aggregate(…).run()', async () => {
    const { rec, backend, sdk } = await setup([
      'POST',
      /./,
      { body: { results: [{ _id: { title: 'a' }, count: 1 }], pagingMetadata: { ...offsetPage(1), hasNext: false } } },
    ]);
    const ours = await rec.one(() =>
      backend.aggregate(C, { filter: gt3, groupBy: ['title'], operations: { count: { op: 'count' } } }),
    );
    const theirs = await rec.one(() =>
      sdk.items
        .aggregate(C)
        .filter(sdk.items.filter().gt('rank', 3))
        .group('title')
        .count()
        .run({ consistentRead: true }),
    );
    // Ours pages explicitly (1000 groups a page, until hasNext is false) and sorts the rows itself; the SDK sends an
    // empty `sort` (Wix's default order) and takes Wix's default page.
    const { sort, ...rest } = theirs.body as Record<string, unknown>;
    expect(sort).toEqual([]);
    expect(ours).toEqual({ ...theirs, body: { ...rest, paging: { limit: 1000, offset: 0 } } });
  });
});

describe('conformance: Wix Data references (@wix/data items)', () => {
  const field = 'related';
  const readBack = ['GET', /./, one] as [string, RegExp, Reply];

  it('references, replace: as items.replaceReferences (then the item read back)', async () => {
    const { rec, backend, sdk } = await setup(['POST', /./, { body: { dataItemReferences: [] } }], readBack);
    const [ours] = await rec.calls(() =>
      backend.references(C, 'n1', field, { mode: 'replace', targets: ['x', 'y'], updatedDate: WHEN }),
    );
    const theirs = await rec.one(() => sdk.items.replaceReferences(C, field, 'n1', ['x', 'y']));
    expect(ours).toEqual(theirs);
  });

  it('references, insert: as items.insertReference (then the item read back)', async () => {
    const { rec, backend, sdk } = await setup(
      ['POST', /./, { body: referenceResults(field, 'n1', ['x', 'y']) }],
      readBack,
    );
    const [ours] = await rec.calls(() =>
      backend.references(C, 'n1', field, { mode: 'insert', targets: ['x', 'y'], updatedDate: WHEN }),
    );
    const theirs = await rec.one(() => sdk.items.insertReference(C, field, 'n1', ['x', 'y']));
    expect(ours).toEqual(theirs);
  });

  it('references, remove: as items.removeReference (then the item read back)', async () => {
    const { rec, backend, sdk } = await setup(
      ['POST', /./, { body: referenceResults(field, 'n1', ['x', 'y'], 'DELETE') }],
      readBack,
    );
    const [ours] = await rec.calls(() =>
      backend.references(C, 'n1', field, { mode: 'remove', targets: ['x', 'y'], updatedDate: WHEN }),
    );
    const theirs = await rec.one(() => sdk.items.removeReference(C, field, 'n1', ['x', 'y']));
    expect(ours).toEqual(theirs);
  });
});
