import { items } from '@wix/data';
import { describe, expect, it } from 'vitest';
import { createWixBackend } from '@/lib/data/wix';
import type { FilterTree } from '@/lib/data/backend';
import type { CollectionDeclaration } from '@/lib/data/types';
import { bulkResults, dataItem, offsetPage, referenceResults } from './fixtures';
import { API_KEY, type Reply, SITE_ID, recorder, route, sdkClient, transportOf } from './recorder';

// Wix Data (lib/data/wix): `items` of @wix/data, called as the backend calls it (in its request forms: query, count
// and distinct take our filter JSON as it is), against a caller of the same SDK using its builders and plain calls;
// and the three calls kept in hand-written REST (`fetchWithAuth` on /wix-data/v2/…: aggregate, and the bulk
// reference insert and remove), against the SDK function that would make them. The SDK's wire calls are listed in
// its data-items-api-client.js. Fixtures: fixtures.ts (DataItem, BulkDataItemResult, BulkDataItemReferenceResult,
// PagingMetadataV2 from node_modules/@wix/wix-data-items-common/dist/types/types/data-item-types.d.ts).
//
// Both sides are the SDK for most calls, so most tests are plain equality. Where they differ, each test names what
// differs and why: the builder fills defaults the request form leaves out, ours pages explicitly, and the REST calls
// ask what the SDK's functions cannot carry (lib/data/wix/index.ts says why each is REST).

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
    expect(ours).toEqual(theirs);
  });

  it('get of an id the SDK would put into the path unescaped: a query by _id, as items.query', async () => {
    const page = { dataItems: [dataItem(C, 'a/b?c')], pagingMetadata: offsetPage(1) };
    const { rec, backend, sdk } = await setup(['GET', /./, { body: page }], ['POST', /./, { body: page }]);
    const ours = await rec.one(() => backend.get(C, 'a/b?c'));
    // items.get('a/b?c') would ask GET /wix-data/v2/items/a/b?c… (sdk-runtime rest-modules.js injects path parameters
    // unescaped): another path, its query string cut.
    const theirs = await rec.one(() =>
      sdk.items.query(C, { filter: { _id: { $in: ['a/b?c'] } }, paging: { limit: 1 } }, { consistentRead: true }),
    );
    expect(ours).toEqual(theirs);
  });

  it('insert (one item): as items.insert', async () => {
    const { rec, backend, sdk } = await setup(['POST', '/wix-data/v2/items', one]);
    const ours = await rec.one(() => backend.insert(C, [item]));
    const theirs = await rec.one(() => sdk.items.insert(C, asSdk(item)));
    expect(ours).toEqual(theirs);
  });

  it('insert (several): a query for the ids, then as items.bulkInsert', async () => {
    const { rec, backend, sdk } = await setup(
      ['GET', '/wix-data/v2/items/query', { body: { dataItems: [], pagingMetadata: offsetPage(0) } }],
      ['POST', '/wix-data/v2/bulk/items/insert', { body: bulkResults(C, ['n1', 'n2']) }],
    );
    const [check, ours] = await rec.calls(() => backend.insert(C, [item, other]));
    const theirs = await rec.one(() => sdk.items.bulkInsert(C, [asSdk(item), asSdk(other)]));
    expect(ours).toEqual(theirs);
    // Wix has no all-or-none bulk insert: ours first asks which ids exist (interface: all or none).
    const asked = await rec.one(() =>
      sdk.items.query(C, { filter: { _id: { $in: ['n1', 'n2'] } }, paging: { limit: 2 } }, { consistentRead: true }),
    );
    expect(check).toEqual(asked);
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

  it('update (one item): as items.update', async () => {
    const { rec, backend, sdk } = await setup(['POST', /./, one]);
    const ours = await rec.one(() => backend.update(C, [item]));
    const theirs = await rec.one(() => sdk.items.update(C, asSdk(item)));
    expect(ours).toEqual(theirs);
  });

  it('update (several): as items.bulkUpdate', async () => {
    const { rec, backend, sdk } = await setup(['POST', /./, { body: bulkResults(C, ['n1', 'n2'], 'UPDATE') }]);
    const ours = await rec.one(() => backend.update(C, [item, other]));
    const theirs = await rec.one(() => sdk.items.bulkUpdate(C, [asSdk(item), asSdk(other)]));
    expect(ours).toEqual(theirs);
  });

  it('remove (one item): as items.remove', async () => {
    const { rec, backend, sdk } = await setup(['POST', /./, one]);
    const ours = await rec.one(() => backend.remove(C, ['n1']));
    const theirs = await rec.one(() => sdk.items.remove(C, 'n1'));
    expect(ours).toEqual(theirs);
  });

  it('remove (several): a query for the items, then as items.bulkRemove', async () => {
    const found = [dataItem(C, 'n1'), dataItem(C, 'n2')];
    const { rec, backend, sdk } = await setup(
      ['GET', '/wix-data/v2/items/query', { body: { dataItems: found, pagingMetadata: offsetPage(2) } }],
      ['POST', '/wix-data/v2/bulk/items/remove', { body: bulkResults(C, ['n1', 'n2'], 'DELETE') }],
    );
    const [read, ours] = await rec.calls(() => backend.remove(C, ['n1', 'n2']));
    const theirs = await rec.one(() => sdk.items.bulkRemove(C, ['n1', 'n2']));
    expect(ours).toEqual(theirs);
    // A bulk remove answers no items: ours reads them first, to answer what it removed.
    const asked = await rec.one(() =>
      sdk.items.query(C, { filter: { _id: { $in: ['n1', 'n2'] } }, paging: { limit: 2 } }, { consistentRead: true }),
    );
    expect(read).toEqual(asked);
  });

  it('truncate: as items.truncate', async () => {
    const { rec, backend, sdk } = await setup(['POST', /./, { body: {} }]);
    const ours = await rec.one(() => backend.truncate(C));
    const theirs = await rec.one(() => sdk.items.truncate(C));
    expect(ours).toEqual(theirs);
  });

  it('query: as items.query(…).find()', async () => {
    const page = { dataItems: [dataItem(C, 'n1')], pagingMetadata: offsetPage(1) };
    const { rec, backend, sdk } = await setup(['GET', /./, { body: page }]);
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
    // Both GET with the body in `.r` (decoded by the recorder). Ours is the request form, items.query(id, request,
    // options); the builder fills the defaults `fields: []` and `includeReferences: []` (all fields, no references),
    // which the request form leaves out.
    const { fields, ...query } = (theirs.body as { query: Record<string, unknown> }).query;
    const { includeReferences, ...rest } = theirs.body as Record<string, unknown>;
    expect([fields, includeReferences]).toEqual([[], []]);
    expect(ours).toEqual({ ...theirs, body: { ...rest, query } });
  });

  it('count: as items.query(…).count() (ours: items.count)', async () => {
    const { rec, backend, sdk } = await setup(['POST', /./, { body: { totalCount: 4 } }]);
    const ours = await rec.one(() => backend.count(C, gt3));
    const theirs = await rec.one(() => sdk.items.query(C).gt('rank', 3).count({ consistentRead: true }));
    expect(ours).toEqual(theirs);
  });

  it('distinct: as items.query(…).distinct() (ours: items.distinct)', async () => {
    const { rec, backend, sdk } = await setup([
      'POST',
      /./,
      { body: { distinctValues: ['a', 'b'], pagingMetadata: { ...offsetPage(2), hasNext: false } } },
    ]);
    const ours = await rec.one(() => backend.distinct(C, 'title', gt3));
    const theirs = await rec.one(() => sdk.items.query(C).gt('rank', 3).distinct('title', { consistentRead: true }));
    // Ours is items.distinct(id, field, options), paging explicitly (1000 a page, until hasNext is false) and asking
    // ascending order, to return every value sorted; the builder sends neither and takes Wix's default page.
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
    // Ours is hand-written REST (the builder names a count only `count`, and its answer loses a group's field when a
    // row groups by several and holds one value): same RPC and body, but paging explicitly (1000 groups a page,
    // until hasNext is false) and sorting the rows itself; the builder sends an empty `sort` (Wix's default order)
    // and takes Wix's default page.
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
    // Ours is hand-written REST, the same request: insertReference drops the per-reference results of the answer.
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
    // Ours is hand-written REST, the same request: removeReference drops the per-reference results of the answer.
    expect(ours).toEqual(theirs);
  });
});
