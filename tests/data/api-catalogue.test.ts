import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import { withSite } from '../helpers/site';

// Issue 13: each catalogue row the data service raises, through the JSON API (the Wix Data Items v2 REST paths), on
// the embedded backend. Each row sends one real request, in the platform's shape, to the route a client would hit
// with it, and checks the status, `error.wde`, `error.code` (WD_VALIDATION_ERROR below 500), that the body holds no
// stack trace, and that nothing changed: every item of `series` and `subscribers` (the known item `known` among them)
// reads the same before and after. The same rows through the client: tests/data/validate.test.ts and contract.ts.
//
// Rows of the seed's catalogue (section 8) no request can reach, so not in the table:
// - WDE0008 (wrong number of arguments): a client-call concept (the SDK's positional arguments); a REST request
//   names its fields, and a missing one is answered with that field's own code (WDE0001, 0003, 0019...).
// - WDE0042, WDE0043 (the rest of the argument-count range): no rule of the data service maps to them; the filter
//   language's counts are WDE0038-0041.
// - WDE0053 (internal error): the answer to a failure no input should cause; every row below asserts a status
//   below 500 precisely so that bad input never lands here.
// - WDE0055 (failed to parse the server's answer): raised only by the Wix Data backend (lib/data/wix/http.ts) when
//   Wix answers something unreadable; the embedded backend parses no upstream answer.
// - WDE0159 (no previous page): raised by a client QueryResult's prev() on the first page. The API has no
//   "previous page" call: its answer names the cursors beside the page, and `cursors.prev` is null on the first one
//   (asserted below), so there is nothing to send. "No next page" likewise answers `cursors.next: null`; the API's
//   WDE0165 is for a cursor that is malformed, forged, or sent with another query.

const SECRET = 'data-catalogue-test-secret-that-is-long-enough-0123';
withSite({ OWNER_PASSWORD: 'owner-password', SESSION_SECRET: SECRET }, { database: true });

const { POST: insertRoute } = await import('@/app/api/data/v2/items/route');
const itemRoutes = await import('@/app/api/data/v2/items/[dataItemId]/route');
const { POST: saveRoute } = await import('@/app/api/data/v2/items/save/route');
const { POST: queryRoute } = await import('@/app/api/data/v2/items/query/route');
const { POST: countRoute } = await import('@/app/api/data/v2/items/count/route');
const { POST: distinctRoute } = await import('@/app/api/data/v2/items/distinct/route');
const { POST: aggregateRoute } = await import('@/app/api/data/v2/items/aggregate/route');
const { POST: truncateRoute } = await import('@/app/api/data/v2/items/truncate/route');
const { POST: bulkInsertRoute } = await import('@/app/api/data/v2/bulk/items/insert/route');
const { POST: bulkSaveRoute } = await import('@/app/api/data/v2/bulk/items/save/route');
const { POST: bulkUpdateRoute } = await import('@/app/api/data/v2/bulk/items/update/route');
const { POST: bulkRemoveRoute } = await import('@/app/api/data/v2/bulk/items/remove/route');
const { POST: isReferencedRoute } = await import('@/app/api/data/v2/items/is-referenced/route');
const { POST: queryReferencedRoute } = await import('@/app/api/data/v2/items/query-referenced/route');
const { POST: replaceReferencesRoute } = await import('@/app/api/data/v2/items/replace-references/route');
const { POST: insertReferencesRoute } = await import('@/app/api/data/v2/bulk/items/insert-references/route');
const { POST: removeReferencesRoute } = await import('@/app/api/data/v2/bulk/items/remove-references/route');
const { dataClient } = await import('@/lib/data');
const { OWNER } = await import('@/lib/data/permissions');

const base = 'http://localhost:3000/api/data/v2';
const owner = { cookie: `${SESSION_COOKIE}=${signSession(SECRET).token}` };
const visitor: Record<string, string> = {};
const ctx = (dataItemId: string) => ({ params: Promise.resolve({ dataItemId }) });
/** A JSON request; a string body is sent as is (to spell what JSON.stringify cannot: deep nesting, 1e400). */
const json = (method: string, url: string, body: unknown, headers: Record<string, string> = owner) =>
  new Request(url, {
    method,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
const post = (body: unknown, headers: Record<string, string> = owner) => json('POST', `${base}/x`, body, headers);
const series = (body: Record<string, unknown> = {}) => ({ dataCollectionId: 'series', ...body });
const getItem = (id: string, query = '?dataCollectionId=series', headers: Record<string, string> = owner) =>
  itemRoutes.GET(new Request(`${base}/items/${encodeURIComponent(id)}${query}`, { headers }), ctx(id));
const putItem = (id: string, body: unknown, headers: Record<string, string> = owner) =>
  itemRoutes.PUT(json('PUT', `${base}/items/${encodeURIComponent(id)}`, body, headers), ctx(id));
const deleteItem = (id: string, headers: Record<string, string> = owner) =>
  itemRoutes.DELETE(
    new Request(`${base}/items/${encodeURIComponent(id)}?dataCollectionId=series`, { method: 'DELETE', headers }),
    ctx(id),
  );
const query = (q: Record<string, unknown>, headers: Record<string, string> = owner) =>
  queryRoute(post(series({ query: q }), headers));
const filtered = (filter: unknown) => query({ filter });
const ids = (n: number, prefix = 'id-') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const refs = ['post-1', 'post-2'];
const ask = series({ referringItemFieldName: 'posts', referringItemId: 'known' });

/** Every item of both collections, read with the owner's rights: what "nothing changed" compares. */
async function everything() {
  const all = async (id: string) => (await dataClient().query(id, { limit: 1000 }, OWNER)).items;
  return { series: await all('series'), subscribers: await all('subscribers') };
}

async function expectError(response: Response, status: number, wde: string) {
  const text = await response.text();
  expect({ status: response.status, body: text }).toMatchObject({ status });
  const body = JSON.parse(text) as { error?: Record<string, unknown> };
  expect(body.error).toMatchObject({ wde, code: status >= 500 ? 'WD_UNKNOWN_ERROR' : 'WD_VALIDATION_ERROR' });
  expect(typeof body.error?.message).toBe('string');
  expect(text).not.toMatch(/\bat .*\.(ts|js):\d+|"stack"/);
}

/** A cursor the site issued: the second page of series by title, one item a page. */
let cursor = '';

beforeAll(async () => {
  for (const id of ['subscribers', 'series']) {
    expect((await truncateRoute(post({ dataCollectionId: id }))).status).toBe(200);
  }
  const known = { id: 'known', data: { title: 'Known', slug: 'known', description: 'kept', posts: refs } };
  const seeded = await bulkInsertRoute(
    post(
      series({
        dataItems: [
          known,
          { id: 's2', data: { title: 'Second', slug: 'second' } },
          { id: 's3', data: { title: 'Third' } },
        ],
      }),
    ),
  );
  expect(seeded.status).toBe(200);
  const subscribed = await insertRoute(
    post({ dataCollectionId: 'subscribers', dataItem: { id: 'sub', data: { email: 'a@b.c', status: 'pending' } } }),
  );
  expect(subscribed.status).toBe(200);
  const first = await (await query({ sort: [{ fieldName: 'title' }], cursorPaging: { limit: 1 } })).json();
  expect(first.pagingMetadata.cursors.prev).toBeNull();
  cursor = first.pagingMetadata.cursors.next;
  expect(typeof cursor).toBe('string');
});

interface Row {
  wde: string;
  status: number;
  meaning: string;
  route: string;
  send: () => Promise<Response>;
}

const rows: Row[] = [
  {
    wde: 'WDE0001',
    status: 400,
    meaning: 'collection name not a string',
    route: 'POST /items',
    send: () => insertRoute(post({ dataCollectionId: 42, dataItem: { data: { title: 'x' } } })),
  },
  {
    wde: 'WDE0001',
    status: 400,
    meaning: 'collection name missing from the query string',
    route: 'GET /items/{id}',
    send: () => getItem('known', ''),
  },
  {
    wde: 'WDE0002',
    status: 400,
    meaning: 'item id not a string (one bad id refuses the whole remove)',
    route: 'POST /bulk/items/remove',
    send: () => bulkRemoveRoute(post(series({ dataItemIds: ['known', 7] }))),
  },
  {
    wde: 'WDE0002',
    status: 400,
    meaning: 'item id not a string in dataItem.id',
    route: 'POST /items',
    send: () => insertRoute(post(series({ dataItem: { id: 5, data: { title: 'x' } } }))),
  },
  {
    wde: 'WDE0002',
    status: 400,
    meaning: 'item id holding U+0000, which no store holds',
    route: 'POST /items',
    send: () => insertRoute(post(series({ dataItem: { id: 'a\u0000b', data: { title: 'x' } } }))),
  },
  {
    wde: 'WDE0002',
    status: 400,
    meaning: 'item id holding U+0000',
    route: 'GET /items/{id}',
    send: () => getItem('a\u0000b'),
  },
  {
    wde: 'WDE0003',
    status: 400,
    meaning: 'field name not a string',
    route: 'POST /items/distinct',
    send: () => distinctRoute(post(series({ fieldName: ['slug'] }))),
  },
  {
    wde: 'WDE0003',
    status: 400,
    meaning: 'referring field name not a string',
    route: 'POST /items/replace-references',
    send: () => replaceReferencesRoute(post({ ...ask, referringItemFieldName: 5, newReferencedItemIds: ['post-9'] })),
  },
  {
    wde: 'WDE0004',
    status: 400,
    meaning: 'item not an object',
    route: 'PUT /items/{id}',
    send: () => putItem('known', series({ dataItem: { data: ['title', 'changed'] } })),
  },
  {
    wde: 'WDE0004',
    status: 400,
    meaning: 'dataItem not an object',
    route: 'POST /items/save',
    send: () => saveRoute(post(series({ dataItem: 'known' }))),
  },
  {
    wde: 'WDE0005',
    status: 400,
    meaning: 'items not an array',
    route: 'POST /bulk/items/insert',
    send: () => bulkInsertRoute(post(series({ dataItems: { id: 'new', data: {} } }))),
  },
  {
    wde: 'WDE0006',
    status: 400,
    meaning: 'more than 1000 items (the first would overwrite known)',
    route: 'POST /bulk/items/save',
    send: () =>
      bulkSaveRoute(
        post(series({ dataItems: [{ id: 'known', data: { title: 'Overwritten' } }, ...ids(1000).map(() => ({}))] })),
      ),
  },
  {
    wde: 'WDE0007',
    status: 400,
    meaning: 'an updated item without an id (the first would change known)',
    route: 'POST /bulk/items/update',
    send: () =>
      bulkUpdateRoute(
        post(series({ dataItems: [{ id: 'known', data: { title: 'Changed' } }, { data: { title: 'no id' } }] })),
      ),
  },
  {
    wde: 'WDE0016',
    status: 400,
    meaning: 'filter not an object',
    route: 'POST /items/query',
    send: () => filtered([{ title: 'Known' }]),
  },
  {
    wde: 'WDE0016',
    status: 400,
    meaning: 'query not an object',
    route: 'POST /items/query',
    send: () => queryRoute(post(series({ query: 'title = Known' }))),
  },
  {
    wde: 'WDE0019',
    status: 400,
    meaning: 'reference target neither an id nor an item with one',
    route: 'POST /bulk/items/insert-references',
    send: () =>
      insertReferencesRoute(
        post(
          series({
            dataItemReferences: [
              { referringItemFieldName: 'posts', referringItemId: 'known', referencedItemId: { title: 'x' } },
            ],
          }),
        ),
      ),
  },
  {
    wde: 'WDE0019',
    status: 400,
    meaning: 'reference target holding U+0000',
    route: 'POST /items/replace-references',
    send: () => replaceReferencesRoute(post({ ...ask, newReferencedItemIds: ['post-\u0000'] })),
  },
  {
    wde: 'WDE0019',
    status: 400,
    meaning: 'a later group with a bad target: the first group is not written either',
    route: 'POST /bulk/items/remove-references',
    send: () =>
      removeReferencesRoute(
        post(
          series({
            dataItemReferences: [
              { referringItemFieldName: 'posts', referringItemId: 'known', referencedItemId: 'post-1' },
              { referringItemFieldName: 'posts', referringItemId: 's2', referencedItemId: 7 },
            ],
          }),
        ),
      ),
  },
  {
    wde: 'WDE0020',
    status: 400,
    meaning: 'not a multi-reference field',
    route: 'POST /items/is-referenced',
    send: () => isReferencedRoute(post({ ...ask, referringItemFieldName: 'title', referencedItemId: 'post-1' })),
  },
  {
    wde: 'WDE0021',
    status: 400,
    meaning: 'invalid reference in an item',
    route: 'PUT /items/{id}',
    send: () => putItem('known', series({ dataItem: { data: { title: 'Changed', posts: [{ title: 'x' }] } } })),
  },
  {
    wde: 'WDE0025',
    status: 404,
    meaning: 'collection does not exist',
    route: 'POST /items/count',
    send: () => countRoute(post({ dataCollectionId: 'nowhere' })),
  },
  {
    wde: 'WDE0027',
    status: 403,
    meaning: 'the collection permission refuses the caller (a visitor updating)',
    route: 'PUT /items/{id}',
    send: () => putItem('known', series({ dataItem: { data: { title: 'Vandal' } } }), visitor),
  },
  {
    wde: 'WDE0027',
    status: 403,
    meaning: 'a visitor reading subscribers',
    route: 'POST /items/aggregate',
    send: () =>
      aggregateRoute(
        post(
          {
            dataCollectionId: 'subscribers',
            aggregation: { groupingFields: ['week'], operations: [{ resultFieldName: 'n', itemCount: {} }] },
          },
          visitor,
        ),
      ),
  },
  {
    wde: 'WDE0032',
    status: 400,
    meaning: 'limit not a number',
    route: 'POST /items/query',
    send: () => query({ paging: { limit: '10' } }),
  },
  {
    wde: 'WDE0032',
    status: 400,
    meaning: 'paging not an object',
    route: 'POST /items/query',
    send: () => query({ paging: 10 }),
  },
  {
    wde: 'WDE0032',
    status: 400,
    meaning: 'cursorPaging not an object',
    route: 'POST /items/query',
    send: () => query({ cursorPaging: cursor }),
  },
  {
    wde: 'WDE0033',
    status: 400,
    meaning: 'limit not an integer',
    route: 'POST /items/query',
    send: () => query({ paging: { limit: 2.5 } }),
  },
  {
    wde: 'WDE0034',
    status: 400,
    meaning: 'limit negative',
    route: 'POST /items/query',
    send: () => query({ cursorPaging: { limit: -1 } }),
  },
  {
    wde: 'WDE0035',
    status: 400,
    meaning: 'limit above the maximum',
    route: 'POST /items/query',
    send: () => query({ cursorPaging: { limit: 1001 } }),
  },
  {
    wde: 'WDE0036',
    status: 400,
    meaning: 'offset not a non-negative integer',
    route: 'POST /items/query',
    send: () => query({ paging: { offset: -5 } }),
  },
  {
    wde: 'WDE0037',
    status: 400,
    meaning: 'a number in an item at 2^53 (the save would overwrite known)',
    route: 'POST /items/save',
    send: () => saveRoute(post(series({ dataItem: { id: 'known', data: { description: [1, 2 ** 53] } } }))),
  },
  {
    wde: 'WDE0037',
    status: 400,
    meaning: 'a limit past 2^53 (1e400 parses to Infinity)',
    route: 'POST /items/query',
    send: () => queryRoute(post('{"dataCollectionId":"series","query":{"paging":{"limit":1e400}}}')),
  },
  {
    wde: 'WDE0038',
    status: 400,
    meaning: '$between without two values',
    route: 'POST /items/query',
    send: () => filtered({ title: { $between: ['A'] } }),
  },
  {
    wde: 'WDE0039',
    status: 400,
    meaning: '$hasSome without a list',
    route: 'POST /items/count',
    send: () => countRoute(post(series({ filter: { posts: { $hasSome: 'post-1' } } }))),
  },
  {
    wde: 'WDE0040',
    status: 400,
    meaning: '$or without filters',
    route: 'POST /items/aggregate',
    send: () =>
      aggregateRoute(
        post(
          series({
            initialFilter: { $or: [] },
            aggregation: { operations: [{ resultFieldName: 'n', itemCount: {} }] },
          }),
        ),
      ),
  },
  {
    wde: 'WDE0041',
    status: 400,
    meaning: '$not without one filter',
    route: 'POST /items/distinct',
    send: () => distinctRoute(post(series({ fieldName: 'slug', filter: { $not: [{ slug: 'known' }] } }))),
  },
  {
    wde: 'WDE0044',
    status: 400,
    meaning: 'unknown operator',
    route: 'POST /items/query',
    send: () => filtered({ title: { $like: 'K%' } }),
  },
  {
    wde: 'WDE0045',
    status: 400,
    meaning: 'a field the collection does not declare (an insert)',
    route: 'POST /items',
    send: () => insertRoute(post(series({ dataItem: { id: 'typo', data: { titel: 'typo' } } }))),
  },
  {
    wde: 'WDE0045',
    status: 400,
    meaning: 'a field the collection does not declare (a filter)',
    route: 'POST /items/count',
    send: () => countRoute(post(series({ filter: { titel: 'Known' } }))),
  },
  {
    wde: 'WDE0046',
    status: 400,
    meaning: 'comparison on a wrong-typed value',
    route: 'POST /items/query',
    send: () => filtered({ title: { $lt: 3 } }),
  },
  {
    wde: 'WDE0046',
    status: 400,
    meaning: 'a filter value holding U+0000',
    route: 'POST /items/query',
    send: () => filtered({ title: { $startsWith: 'K\u0000' } }),
  },
  {
    wde: 'WDE0046',
    status: 400,
    meaning: 'an item value holding U+0000 (the update would change known)',
    route: 'PUT /items/{id}',
    send: () => putItem('known', series({ dataItem: { data: { title: 'Known\u0000' } } })),
  },
  {
    wde: 'WDE0046',
    status: 400,
    meaning: 'an item key holding U+0000',
    route: 'POST /items',
    send: () => insertRoute(post(series({ dataItem: { data: { description: { 'a\u0000': 1 } } } }))),
  },
  {
    wde: 'WDE0046',
    status: 400,
    meaning: 'an item value holding a lone surrogate',
    route: 'POST /bulk/items/insert',
    send: () => bulkInsertRoute(post(series({ dataItems: [{ id: 'new', data: { title: '\ud800' } }] }))),
  },
  {
    wde: 'WDE0046',
    status: 400,
    meaning: 'an item value nested 5000 levels deep',
    route: 'POST /items/save',
    send: () =>
      saveRoute(
        post(
          `{"dataCollectionId":"series","dataItem":{"id":"known","data":{"description":` +
            `${'['.repeat(5000)}${']'.repeat(5000)}}}}`,
        ),
      ),
  },
  {
    wde: 'WDE0046',
    status: 400,
    meaning: 'an aggregation operation the platform does not have',
    route: 'POST /items/aggregate',
    send: () =>
      aggregateRoute(
        post(series({ aggregation: { operations: [{ resultFieldName: 'x', median: { itemFieldName: 'title' } }] } })),
      ),
  },
  {
    wde: 'WDE0047',
    status: 400,
    meaning: 'string operator with a non-string operand',
    route: 'POST /items/query',
    send: () => filtered({ title: { $startsWith: 4 } }),
  },
  {
    wde: 'WDE0048',
    status: 400,
    meaning: 'set item neither string, number nor date',
    route: 'POST /items/query',
    send: () => filtered({ title: { $in: [true] } }),
  },
  {
    wde: 'WDE0049',
    status: 400,
    meaning: 'boolean operator with a non-boolean operand',
    route: 'POST /items/count',
    send: () => countRoute(post(series({ filter: { slug: { $exists: 'yes' } } }))),
  },
  {
    wde: 'WDE0050',
    status: 400,
    meaning: 'sort field not a string',
    route: 'POST /items/query',
    send: () => query({ sort: [{ fieldName: 3 }] }),
  },
  {
    wde: 'WDE0051',
    status: 400,
    meaning: 'sort on a field that does not sort',
    route: 'POST /items/query',
    send: () => query({ sort: [{ fieldName: 'posts', order: 'ASC' }] }),
  },
  {
    wde: 'WDE0068',
    status: 400,
    meaning: 'more than 1000 ids to remove (known among them)',
    route: 'POST /bulk/items/remove',
    send: () => bulkRemoveRoute(post(series({ dataItemIds: ['known', ...ids(1000)] }))),
  },
  {
    wde: 'WDE0068',
    status: 400,
    meaning: 'more than 1000 ids in a filter on _id',
    route: 'POST /items/query',
    send: () => filtered({ _id: { $in: ids(1001) } }),
  },
  {
    wde: 'WDE0069',
    status: 400,
    meaning: 'more than 1000 values for a field that is not an id',
    route: 'POST /items/count',
    send: () => countRoute(post(series({ filter: { title: { $in: ids(1001, 't') } } }))),
  },
  {
    wde: 'WDE0070',
    status: 400,
    meaning: 'regex keyword',
    route: 'POST /items/count',
    send: () => countRoute(post(series({ filter: { title: { $regex: '^K' } } }))),
  },
  {
    wde: 'WDE0073',
    status: 404,
    meaning: 'update of an item that does not exist',
    route: 'PUT /items/{id}',
    send: () => putItem('missing', series({ dataItem: { data: { title: 'x' } } })),
  },
  {
    wde: 'WDE0073',
    status: 404,
    meaning: 'get of an item that does not exist (the client answers null; REST has no null item)',
    route: 'GET /items/{id}',
    send: () => getItem('missing'),
  },
  {
    wde: 'WDE0073',
    status: 404,
    meaning: 'references of an item that does not exist',
    route: 'POST /items/query-referenced',
    send: () => queryReferencedRoute(post({ ...ask, referringItemId: 'missing' })),
  },
  {
    wde: 'WDE0073',
    status: 404,
    meaning: 'a later group naming a missing item: the first group is not written either',
    route: 'POST /bulk/items/insert-references',
    send: () =>
      insertReferencesRoute(
        post(
          series({
            dataItemReferences: [
              { referringItemFieldName: 'posts', referringItemId: 'known', referencedItemId: 'post-3' },
              { referringItemFieldName: 'posts', referringItemId: 'missing', referencedItemId: 'post-3' },
            ],
          }),
        ),
      ),
  },
  {
    wde: 'WDE0074',
    status: 409,
    meaning: 'insert of an id that is stored',
    route: 'POST /items',
    send: () => insertRoute(post(series({ dataItem: { id: 'known', data: { title: 'Usurper' } } }))),
  },
  {
    wde: 'WDE0080',
    status: 400,
    meaning: 'offset with cursor paging',
    route: 'POST /items/query',
    send: () => query({ cursorPaging: { cursor }, paging: { offset: 1 } }),
  },
  {
    wde: 'WDE0109',
    status: 413,
    meaning: 'body over 64 KiB',
    route: 'POST /bulk/items/insert',
    send: () =>
      bulkInsertRoute(post(series({ dataItems: [{ id: 'big', data: { description: 'x'.repeat(70_000) } }] }))),
  },
  {
    wde: 'WDE0109',
    status: 414,
    meaning: 'URL over 2048 characters',
    route: 'GET /items/{id}',
    send: () => getItem('known', `?dataCollectionId=series&pad=${'x'.repeat(2100)}`),
  },
  {
    wde: 'WDE0165',
    status: 400,
    meaning: 'cursor not issued by this site',
    route: 'POST /items/query',
    send: () => query({ cursorPaging: { cursor: 'forged.cursor' } }),
  },
  {
    wde: 'WDE0165',
    status: 400,
    meaning: 'cursor sent with another query than its own',
    route: 'POST /items/query',
    send: () => query({ filter: { title: 'Known' }, cursorPaging: { cursor } }),
  },
];

describe('each catalogue row through the data API', () => {
  it.each(rows)('$wde $meaning: $status from $route', async ({ status, wde, send }) => {
    const before = await everything();
    expect(before.series.map((item) => item._id).sort()).toEqual(['known', 's2', 's3']);
    await expectError(await send(), status, wde);
    expect(await everything()).toEqual(before);
  });
});

describe('what the API answers besides errors', () => {
  it('tolerates the remove of an item that does not exist (the seed): 200 without an item, nothing changed', async () => {
    const before = await everything();
    const removed = await deleteItem('missing');
    expect([removed.status, await removed.json()]).toEqual([200, {}]);
    expect(await everything()).toEqual(before);
  });

  it('answers the ends of cursor paging with null cursors, never an error', async () => {
    const last = await (await query({ cursorPaging: { cursor } })).json();
    expect(last.pagingMetadata).toMatchObject({ count: 1, hasNext: true });
    const end = await (await query({ cursorPaging: { cursor: last.pagingMetadata.cursors.next } })).json();
    expect(end.pagingMetadata).toMatchObject({ count: 1, hasNext: false, cursors: { next: null } });
  });

  it('aggregates whatever plain name a result takes, g0 included', async () => {
    const aggregation = {
      groupingFields: ['slug'],
      operations: [
        { resultFieldName: 'g0', itemCount: {} },
        { resultFieldName: 'g1', min: { itemFieldName: 'title' } },
      ],
    };
    const response = await aggregateRoute(post(series({ initialFilter: { slug: { $exists: true } }, aggregation })));
    expect([response.status, (await response.json()).results]).toEqual([
      200,
      [
        { slug: 'known', g0: 1, g1: 'Known' },
        { slug: 'second', g0: 1, g1: 'Second' },
      ],
    ]);
  });

  it('stores an item nested 100 levels deep', async () => {
    const deep = `${'['.repeat(100)}"deep"${']'.repeat(100)}`;
    const response = await insertRoute(
      post(`{"dataCollectionId":"series","dataItem":{"id":"deep","data":{"description":${deep}}}}`),
    );
    expect(response.status).toBe(200);
    const got = await (await getItem('deep')).json();
    expect(JSON.stringify(got.dataItem.data.description)).toBe(deep);
    expect((await deleteItem('deep')).status).toBe(200);
  });
});

describe('one paging method per query', () => {
  it('answers WDE0080 to paging.offset beside cursorPaging on the first page too (no cursor yet), never dropping it', async () => {
    for (const paging of [{ offset: 1 }, { offset: 0, limit: 5 }]) {
      const response = await query({ cursorPaging: { limit: 5 }, paging });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { wde: 'WDE0080' } });
    }
    expect((await query({ cursorPaging: { limit: 5 } })).status).toBe(200);
    expect((await query({ paging: { offset: 1, limit: 5 } })).status).toBe(200);
  });
});
