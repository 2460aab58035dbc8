import { HttpResponse, delay, http } from 'msw';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataClient } from '@/lib/data/client';
import type { CollectionDeclaration } from '@/lib/data/model';
import { defineCollection, series } from '@/lib/data/collections';
import { seriesPostIds } from '@/lib/series';
import { OWNER, VISITOR } from '@/lib/data/permissions';
import { createWixBackend } from '@/lib/data/wix';
import { READ_DEADLINE_MS } from '@/lib/data/wix/http';
import { ConfigError, resetConfig } from '@/lib/core/config';
import { siteBackend } from '@/lib/data';
import { isCatalogueError } from '@/lib/core/errors';
import { dataContract, diaries, member, notes, secrets } from './contract';
import {
  BASE,
  DATA_API as API,
  DATA_API_KEY as API_KEY,
  DATA_SITE_ID as SITE_ID,
  withWixData,
} from '../helpers/wix-stand-in';

// The Wix Data backend keeps the contract against the Wix stand-in's CMS (scripts/wix/stand-in-data.ts, in process),
// and talks to it in the platform's shapes, through `items` of @wix/data (aggregate and the bulk reference calls in
// hand-written REST): these tests read the requests it sent.

const wix = await withWixData([notes, secrets, diaries, series]);

dataContract('wix (the stand-in)', () => wix.backend());

const at = Date.UTC(2026, 10, 1);
const iso = (offsetMs = 0) => new Date(at + offsetMs).toISOString();
const clientOn = (backend = wix.backend(), collections: CollectionDeclaration[] = [notes, secrets, diaries]) => {
  let clock = at;
  return createDataClient({ backend, collections, now: () => new Date((clock += 1000)) });
};
const ann = member('ann');

/** The status and code of a rejection, and the error itself. */
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isCatalogueError(error)) throw new Error(`expected a catalogue error, got ${String(error)}`);
  return error;
};

const empty = { dataItems: [], pagingMetadata: { count: 0, offset: 0, total: 0, hasNext: false } };

describe('a series on a Wix site (multi-reference fields as Wix keeps them)', () => {
  // Wix stores a multi-reference field only when a write asks `saveReferences`, and leaves it out of an item unless the
  // read includes it (scripts/wix/stand-in-data.ts cites the SDK's documentation): a series written and read without
  // either has no posts, and a post page shows no series box.
  it('keeps the posts a series lists: read back, found by post, changed by an update, named when removed', async () => {
    const client = clientOn(wix.backend(), [series]);
    await client.truncate('series', OWNER);
    await client.insert('series', { _id: 's1', title: 'Caching', slug: 'caching', posts: ['p1', 'p2', 'p3'] }, OWNER);
    expect(seriesPostIds((await client.get('series', 's1', VISITOR))!)).toEqual(['p1', 'p2', 'p3']);
    // As lib/series/reads.ts asks for the series of a post.
    const { items } = await client.query(
      'series',
      { filter: { posts: { $hasSome: ['p2'] } }, sort: [{ fieldName: '_createdDate', order: 'ASC' }], limit: 10 },
      VISITOR,
    );
    expect(items.map((item) => [item._id, seriesPostIds(item)])).toEqual([['s1', ['p1', 'p2', 'p3']]]);
    expect(await client.queryReferenced('series', 's1', 'posts', VISITOR)).toEqual(['p1', 'p2', 'p3']);

    await client.update('series', { _id: 's1', title: 'Caching', slug: 'caching', posts: ['p3', 'p1'] }, OWNER);
    expect(seriesPostIds((await client.get('series', 's1', VISITOR))!)).toEqual(['p3', 'p1']);
    // A save without the field holds no posts any more, as on the embedded backend.
    await client.save('series', { _id: 's1', title: 'Caching', slug: 'caching' }, OWNER);
    expect((await client.get('series', 's1', VISITOR))!.posts).toBeUndefined();
    await client.update('series', { _id: 's1', title: 'Caching', slug: 'caching', posts: ['p2'] }, OWNER);
    // The removed item names its posts: the cache tags of their pages are cleared from it (event-tags.ts).
    expect(seriesPostIds((await client.remove('series', 's1', OWNER))!)).toEqual(['p2']);
  });
});

describe('the Wix Data backend on the wire', () => {
  it('sends the API key and site id to the REST paths, items as { id, data } with dates as { $date }', async () => {
    const client = clientOn();
    await client.truncate('notes', OWNER);
    await client.insert('notes', { _id: 'w1', title: 'Hello', published: '2026-01-05T01:00:00+01:00' }, ann);
    const [insert] = wix.to('/items');
    expect(insert!.method).toBe('POST');
    expect(insert!.body).toEqual({
      dataCollectionId: 'notes',
      dataItem: {
        id: 'w1',
        data: {
          _id: 'w1',
          title: 'Hello',
          published: { $date: '2026-01-05T00:00:00.000Z' },
          _owner: 'ann',
          _createdDate: { $date: iso(1000) },
          _updatedDate: { $date: iso(1000) },
          // `notes` has a multi-reference field: every write sends it (empty here) and asks Wix to save it.
          links: [],
        },
      },
      saveReferences: true,
    });
    expect(await client.get('notes', 'w1', VISITOR)).toMatchObject({ published: '2026-01-05T00:00:00.000Z' });
    const [get] = wix.to('/items/w1');
    // The SDK's GET form carries every field of the request in the query string, the path's dataItemId too; a request
    // naming the references to include (a list of objects) goes whole in `.r` (rest-modules toURLSearchParams).
    expect([get!.method, [...get!.url.searchParams.keys()], get!.body]).toEqual([
      'GET',
      ['.r'],
      {
        dataCollectionId: 'notes',
        dataItemId: 'w1',
        consistentRead: true,
        includeReferences: [{ field: 'links', limit: 1000 }],
      },
    ]);
    await client.update('notes', { _id: 'w1', title: 'Again' }, ann);
    await client.remove('notes', 'w1', ann);
    // The get, the stored item read by update and by remove, and read again by the backend's remove (Wix answers a
    // removed item without its references); the update and the remove as items.update and items.remove send them
    // (POST /items/update and /items/remove, the id in the body).
    expect(wix.to('/items/w1').map((r) => r.method)).toEqual(['GET', 'GET', 'GET', 'GET']);
    expect(wix.to('/items/update').map((r) => r.method)).toEqual(['POST']);
    expect(wix.to('/items/update')[0]!.body).toMatchObject({
      dataCollectionId: 'notes',
      dataItem: { id: 'w1', data: { _id: 'w1', title: 'Again', _createdDate: { $date: iso(1000) } } },
    });
    expect(wix.to('/items/remove').map((r) => [r.method, r.body])).toEqual([
      ['POST', { dataCollectionId: 'notes', dataItemId: 'w1' }],
    ]);
    for (const request of wix.seen) {
      expect(request.url.origin).toBe(BASE);
      expect(request.url.pathname).toMatch(/^\/wix-data\/v2\//);
      expect(request.headers.get('authorization')).toBe(API_KEY);
      expect(request.headers.get('wix-site-id')).toBe(SITE_ID);
    }
  });

  it('queries with the filter as the SDK spells it, a total sort, offset paging and the total count', async () => {
    const client = clientOn();
    await client.query(
      'notes',
      {
        filter: {
          published: { $between: ['2026-02-01T00:00:00.000Z', '2026-04-05T00:00:00.000Z'] },
          tags: { $isEmpty: true },
          $not: { views: { $in: [1, 2] } },
          $or: [{ title: { $startsWith: 'a' } }, { done: { $isNotEmpty: true } }],
        },
        sort: [{ fieldName: 'views', order: 'DESC' }],
        limit: 2,
        skip: 1,
      },
      VISITOR,
    );
    // items.query sends it as GET, the body in `.r`.
    expect(wix.to('/items/query').at(-1)!.method).toBe('GET');
    expect(wix.to('/items/query').at(-1)!.body).toEqual({
      dataCollectionId: 'notes',
      query: {
        filter: {
          $and: [
            {
              $and: [
                { published: { $gte: { $date: '2026-02-01T00:00:00.000Z' } } },
                { published: { $lt: { $date: '2026-04-05T00:00:00.000Z' } } },
              ],
            },
            { tags: { $eq: null } },
            { $not: [{ views: { $in: [1, 2] } }] },
            { $or: [{ title: { $startsWith: 'a' } }, { done: { $ne: null } }] },
          ],
        },
        sort: [
          { fieldName: 'views', order: 'DESC' },
          { fieldName: '_id', order: 'ASC' },
        ],
        paging: { limit: 2, offset: 1 },
      },
      returnTotalCount: true,
      consistentRead: true,
      includeReferences: [{ field: 'links', limit: 1000 }],
    });
    await client.count('diaries', {}, ann);
    expect(wix.to('/items/count').at(-1)!.body).toEqual({
      dataCollectionId: 'diaries',
      filter: { _owner: { $eq: 'ann' } },
      consistentRead: true,
    });
  });

  it('asks distinct values and aggregations in pages, and changes references with the reference calls', async () => {
    const client = clientOn();
    await client.truncate('notes', OWNER);
    await client.bulkInsert(
      'notes',
      [{ _id: 'a', views: 1, published: '2026-01-01T00:00:00.000Z' }, { _id: 'b' }],
      ann,
    );
    expect(await client.distinct('notes', 'published', {}, VISITOR)).toEqual(['2026-01-01T00:00:00.000Z']);
    expect(wix.to('/items/query-distinct-values')[0]!.body).toEqual({
      dataCollectionId: 'notes',
      fieldName: 'published',
      filter: {},
      order: 'ASC',
      consistentRead: true,
      paging: { limit: 1000, offset: 0 },
    });
    const aggregation = {
      groupBy: ['published'],
      operations: { n: { op: 'count' }, most: { op: 'max', field: 'views' } },
    };
    expect(await client.aggregate('notes', aggregation, VISITOR)).toEqual([
      { published: '2026-01-01T00:00:00.000Z', n: 1, most: 1 },
      { published: null, n: 1, most: null },
    ]);
    expect(wix.to('/items/aggregate')[0]!.body).toEqual({
      dataCollectionId: 'notes',
      initialFilter: {},
      aggregation: {
        groupingFields: ['published'],
        operations: [
          { resultFieldName: 'n', itemCount: {} },
          { resultFieldName: 'most', max: { itemFieldName: 'views' } },
        ],
      },
      consistentRead: true,
      paging: { limit: 1000, offset: 0 },
    });
    await client.changeReferences('insert', 'notes', 'links', 'a', ['b', 'b', 'c'], ann);
    await client.changeReferences('remove', 'notes', 'links', 'a', ['c'], ann);
    await client.changeReferences('replace', 'notes', 'links', 'a', ['c', 'b'], ann);
    const reference = (target: string) => ({
      referringItemFieldName: 'links',
      referringItemId: 'a',
      referencedItemId: target,
    });
    expect(wix.to('/bulk/items/insert-references')[0]!.body).toEqual({
      dataCollectionId: 'notes',
      dataItemReferences: [reference('b'), reference('c')],
    });
    expect(wix.to('/bulk/items/remove-references')[0]!.body).toEqual({
      dataCollectionId: 'notes',
      dataItemReferences: [reference('c')],
    });
    expect(wix.to('/items/replace-references')[0]!.body).toEqual({
      dataCollectionId: 'notes',
      referringItemFieldName: 'links',
      referringItemId: 'a',
      newReferencedItemIds: ['c', 'b'],
    });
    expect(await client.queryReferenced('notes', 'a', 'links', VISITOR)).toEqual(['c', 'b']);
  });

  it('checks a bulk insert’s ids with one query, inserts in one call, and removes bulk by ids it read', async () => {
    const client = clientOn();
    await client.truncate('notes', OWNER);
    await client.bulkInsert('notes', [{ _id: 'b1' }, { _id: 'b2' }, { _id: 'b3' }], ann);
    // The request form of items.query sends `sort: []` and `offset: 0` when given neither (executeDirectQuery).
    expect(wix.to('/items/query').map((r) => r.body)).toEqual([
      {
        dataCollectionId: 'notes',
        query: { filter: { _id: { $in: ['b1', 'b2', 'b3'] } }, paging: { limit: 3, offset: 0 }, sort: [] },
        consistentRead: true,
        includeReferences: [{ field: 'links', limit: 1000 }],
      },
    ]);
    expect(wix.to('/bulk/items/insert')).toHaveLength(1);
    expect(await client.bulkRemove('notes', ['b1', 'b3', 'gone'], OWNER)).toEqual({ removedItemIds: ['b1', 'b3'] });
    expect(wix.to('/bulk/items/remove')[0]!.body).toEqual({ dataCollectionId: 'notes', dataItemIds: ['b1', 'b3'] });
  });

  it('takes back a bulk insert when an id is taken between its check and its insert (409 WDE0074)', async () => {
    const client = clientOn();
    await client.truncate('notes', OWNER);
    await client.insert('notes', { _id: 'r2', title: 'first' }, ann);
    // The check sees nothing: the item lands between it and the insert.
    wix.server.use(http.get(`${API}/items/query`, () => HttpResponse.json(empty), { once: true }));
    const error = await failure(client.bulkInsert('notes', [{ _id: 'r1' }, { _id: 'r2' }, { _id: 'r3' }], ann));
    expect([error.status, error.wde]).toEqual([409, 'WDE0074']);
    expect(wix.to('/bulk/items/remove')[0]!.body).toEqual({ dataCollectionId: 'notes', dataItemIds: ['r1', 'r3'] });
    expect((await client.query('notes', {}, VISITOR)).items.map((i) => [i._id, i.title])).toEqual([['r2', 'first']]);
  });

  it('reaches an id a URL path would change: got by a query, updated and removed by id in the body', async () => {
    const client = clientOn();
    const odd = ['..', '.', 'a/b', 'x?y#z', '50%', 'é', "it's(1)"];
    for (const [n, id] of odd.entries()) {
      await client.insert('notes', { _id: id, title: `odd ${n}` }, ann);
      expect((await client.get('notes', id, VISITOR))?.title).toBe(`odd ${n}`);
      expect((await client.update('notes', { _id: id, title: `more ${n}` }, ann)).title).toBe(`more ${n}`);
      expect((await client.remove('notes', id, ann))?.title).toBe(`more ${n}`);
      expect(await client.get('notes', id, VISITOR)).toBeNull();
    }
    // items.get puts its id into the path unescaped: only an id that URL-encoding leaves as it is goes there.
    const paths = new Set(wix.seen.map((r) => r.url.pathname.replace('/wix-data/v2', '')));
    expect([...paths].sort()).toEqual(['/items', "/items/it's(1)", '/items/query', '/items/remove', '/items/update']);
    expect(wix.to('/items/remove').map((r) => (r.body as { dataItemId: string }).dataItemId)).toEqual(odd);
    expect(wix.to('/items/update').map((r) => (r.body as { dataItem: { id: string } }).dataItem.id)).toEqual(odd);
  });

  it('groups an aggregation by several fields, a row holding a value for one of them only', async () => {
    const client = clientOn();
    await client.truncate('notes', OWNER);
    await client.bulkInsert(
      'notes',
      [{ _id: 'a', title: 'x', done: true }, { _id: 'b', title: 'x' }, { _id: 'c' }],
      ann,
    );
    const rows = await client.aggregate(
      'notes',
      { groupBy: ['done', 'title'], operations: { n: { op: 'count' } } },
      VISITOR,
    );
    // Wix leaves a field with no value out of the group's `_id`: b's is `{ title: 'x' }`. (The SDK's aggregate would
    // answer it as `_id: 'x'`, not saying which field: WixDataApi.js unwrapAggregationId.)
    expect(rows).toEqual([
      { done: true, title: 'x', n: 1 },
      { done: null, title: 'x', n: 1 },
      { done: null, title: null, n: 1 },
    ]);
  });

  it('fails a reference change that Wix refuses inside its answer, rather than pass it for done', async () => {
    const client = clientOn();
    await client.truncate('notes', OWNER);
    await client.insert('notes', { _id: 'r' }, ann);
    // The field is a multi-reference one in our declaration but not on the site (the declaration drifted).
    const refused = (action: string) => () =>
      HttpResponse.json({
        results: [
          {
            action,
            referenceMetadata: { originalIndex: 0, success: false, error: { code: 'WDE0020', description: 'no' } },
          },
        ],
        bulkActionMetadata: { totalSuccesses: 0, totalFailures: 1 },
      });
    wix.server.use(
      http.post(`${API}/bulk/items/insert-references`, refused('INSERT')),
      http.post(`${API}/bulk/items/remove-references`, refused('DELETE')),
    );
    for (const mode of ['insert', 'remove'] as const) {
      const error = await failure(client.changeReferences(mode, 'notes', 'links', 'r', ['t'], ann));
      expect([error.status, error.wde, error.message]).toEqual([
        502,
        'WDE0053',
        `Wix failed ${mode} of references in notes for 1 references: ?: WDE0020 no`,
      ]);
    }
  });

  it('keeps the status and message of a refusal, which the SDK reports without them', async () => {
    wix.server.use(
      http.post(`${API}/items/save`, () =>
        HttpResponse.json(
          { message: 'title is too long', details: { applicationError: { code: 'WDE0009', description: 'bad' } } },
          { status: 400 },
        ),
      ),
      http.post(`${API}/items/truncate`, () => HttpResponse.json({ message: 'no' }, { status: 403 })),
      http.post(`${API}/items`, () => HttpResponse.json({ message: 'big' }, { status: 413 })),
    );
    const client = clientOn();
    const rejected = await failure(client.save('notes', { _id: 's', title: 'long' }, ann));
    expect([rejected.status, rejected.wde, rejected.message]).toEqual([
      400,
      'WDE0044',
      'Wix rejected save into notes (HTTP 400): title is too long',
    ]);
    const refused = await failure(client.truncate('notes', OWNER));
    expect([refused.status, refused.wde]).toEqual([502, 'WDE0053']);
    expect(refused.message).toMatch(/^Wix refused truncate of notes \(HTTP 403\)/);
    const large = await failure(client.insert('notes', { title: 'x' }, ann));
    expect([large.status, large.wde]).toEqual([413, 'WDE0109']);
  });
});

describe('the stand-in Wix Data API', () => {
  const send = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${API}${path}`, {
      method: 'POST',
      headers: { authorization: API_KEY, 'wix-site-id': SITE_ID, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { details?: { applicationError?: { code?: string } } };
    return `${response.status} ${answer.details?.applicationError?.code ?? ''}`.trim();
  };

  it('refuses what the backend must not send: no key, unknown fields, plain dates, our own operators', async () => {
    const query = (filter: unknown) => ({ dataCollectionId: 'notes', query: { filter } });
    expect(await send('/items/count', { dataCollectionId: 'notes' }, { authorization: 'IST.other' })).toBe('401');
    expect(await send('/items/count', { dataCollectionId: 'notes', limit: 3 })).toBe('400');
    expect(await send('/items/count', { dataCollectionId: 'nowhere' })).toBe('404 WDE0025');
    expect(await send('/items/query', query({ published: { $lt: '2026-01-01T00:00:00.000Z' } }))).toBe('400');
    expect(await send('/items/query', query({ published: { $lt: { $date: '2026-01-01T00:00:00.000Z' } } }))).toBe(
      '200',
    );
    expect(await send('/items/query', query({ views: { $between: [1, 2] } }))).toBe('400 WDE0044');
    expect(await send('/items/query', query({ $not: { views: 1 } }))).toBe('400');
    const plainDate = { dataCollectionId: 'notes', dataItem: { data: { published: '2026-01-01T00:00:00.000Z' } } };
    expect(await send('/items', plainDate)).toBe('400');
    expect(await send('/items', { dataCollectionId: 'notes', dataItem: { id: 'a', data: { _id: 'b' } } })).toBe('400');
  });
});

describe('the Wix Data backend when Wix fails', () => {
  it('retries a 429 and a 5xx, then answers 502 WDE0053 without the API key', async () => {
    let calls = 0;
    wix.server.use(
      http.post(`${API}/items/count`, () =>
        ++calls === 1
          ? HttpResponse.json({ message: 'slow down' }, { status: 429, headers: { 'Retry-After': '0' } })
          : HttpResponse.json({ totalCount: 7 }),
      ),
    );
    expect(await clientOn().count('notes', {}, VISITOR)).toBe(7);
    expect(calls).toBe(2);

    calls = 0;
    wix.server.use(
      http.get(`${API}/items/query`, () => (calls++, HttpResponse.json({ message: API_KEY }, { status: 503 }))),
    );
    const error = await failure(clientOn(wix.backend({ retries: 2 })).query('notes', {}, VISITOR));
    expect(calls).toBe(3);
    expect(error).toMatchObject({ status: 502, wde: 'WDE0053', code: 'WD_UNKNOWN_ERROR' });
    expect(error.message).toBe('Wix answered HTTP 503 for GET /wix-data/v2/items/query after 3 attempts');
  });

  it('does not send a write again after a 5xx or a lost answer (it may have been stored), but does after a 429', async () => {
    for (const failing of [
      () => HttpResponse.json({ message: 'gateway timeout' }, { status: 504 }),
      () => HttpResponse.error(),
    ]) {
      let calls = 0;
      wix.server.use(http.post(`${API}/items`, () => (calls++, failing())));
      const error = await failure(clientOn(wix.backend({ retries: 2 })).insert('notes', { title: 'once' }, ann));
      expect([calls, error.status, error.wde]).toEqual([1, 502, 'WDE0053']);
    }
    // Back to the fake alone, with one 429 in front of it.
    wix.server.resetHandlers();
    let calls = 0;
    wix.server.use(
      http.post(`${API}/items`, () => {
        calls += 1;
        if (calls === 1)
          return HttpResponse.json({ message: 'slow down' }, { status: 429, headers: { 'Retry-After': '0' } });
      }),
    );
    expect((await clientOn(wix.backend({ retries: 2 })).insert('notes', { title: 'twice' }, ann)).title).toBe('twice');
    expect(calls).toBe(2);
  });

  it('gives up a read Wix does not answer once READ_DEADLINE_MS has passed, the SDK between', async () => {
    wix.server.use(http.get(`${API}/items/query`, () => delay('infinite')));
    const started = Date.now();
    const error = await failure(clientOn(wix.backend({ retries: 5 })).query('notes', {}, VISITOR));
    const took = Date.now() - started;
    expect([error.status, error.wde]).toEqual([502, 'WDE0053']);
    expect(error.message).toMatch(/GET \/wix-data\/v2\/items\/query/);
    expect(took).toBeGreaterThanOrEqual(READ_DEADLINE_MS - 100);
    expect(took).toBeLessThan(READ_DEADLINE_MS + 3000);
  }, 15_000);

  it('answers a collection Wix does not have with 404 WDE0025', async () => {
    const drafts = defineCollection({
      id: 'drafts',
      fields: { text: { type: 'text' } },
      permissions: { read: 'ANYONE', insert: 'ANYONE', update: 'ADMIN', remove: 'ADMIN' },
    });
    const error = await failure(clientOn(wix.backend(), [drafts]).insert('drafts', { text: 'x' }, VISITOR));
    expect([error.status, error.wde, error.message]).toEqual([404, 'WDE0025', 'collection "drafts" does not exist']);
  });

  it('never puts the API key in an error, whatever Wix answers', async () => {
    const answers = [
      () => HttpResponse.json({ message: `key ${API_KEY} is not allowed` }, { status: 401 }),
      () => HttpResponse.json({ message: `bad request from ${API_KEY}` }, { status: 400 }),
      () => HttpResponse.json({ message: `${API_KEY} down` }, { status: 500 }),
      () => HttpResponse.error(),
      () => new HttpResponse(`not json ${API_KEY}`, { status: 200 }),
      () => HttpResponse.json({ dataItems: API_KEY }),
    ];
    const seen: string[] = [];
    for (const answer of answers) {
      wix.server.use(http.get(`${API}/items/query`, answer));
      const error = await failure(clientOn(wix.backend({ retries: 1 })).query('notes', {}, VISITOR));
      seen.push(`${error.status} ${error.wde}`);
      expect(`${error.message} ${JSON.stringify(error)} ${String(error.stack)}`).not.toContain(API_KEY);
      expect(`${error.message}`).not.toContain('IST.');
    }
    expect(seen).toEqual(['502 WDE0053', '400 WDE0044', '502 WDE0053', '502 WDE0053', '502 WDE0055', '502 WDE0055']);
  });

  it('refuses a configuration without the API key and site id, or with a bad base URL', () => {
    expect(() => createWixBackend({ apiKey: API_KEY, siteId: '' })).toThrow(ConfigError);
    expect(() => createWixBackend({ apiKey: '', siteId: SITE_ID })).toThrow(ConfigError);
    expect(() => createWixBackend({ apiKey: API_KEY, siteId: SITE_ID, apiBaseUrl: 'wix.test' })).toThrow(ConfigError);
  });
});

describe("the site's data backend", () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is Wix Data when the blog reads Wix with an API key, and the embedded database otherwise', async () => {
    vi.stubEnv('BLOG_SOURCE', 'wix');
    vi.stubEnv('WIX_API_KEY', 'IST.key');
    vi.stubEnv('WIX_SITE_ID', 'site-1');
    resetConfig();
    const wix = siteBackend();
    expect(wix.name).toBe('wix');
    await wix.close();
    vi.stubEnv('WIX_API_KEY', '');
    vi.stubEnv('WIX_SITE_ID', '');
    vi.stubEnv('WIX_CLIENT_ID', 'visitor-client');
    vi.stubEnv('DATA_DIR', mkdtempSync(path.join(tmpdir(), 'site-backend-')));
    resetConfig();
    const embedded = siteBackend();
    expect(embedded.name).toBe('embedded');
    await embedded.close();
  });
});
