import { randomUUID } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isRecord } from '@/lib/core/json';
import { createDataClient } from '@/lib/data/client';
import { defineCollection } from '@/lib/data/collections';
import { createDataIndexes } from '@/lib/data/indexes';
import { OWNER, VISITOR } from '@/lib/data/permissions';
import { createWixBackend } from '@/lib/data/wix';

// Indexes on a Wix site's CMS: the service calls `indexes` of @wix/data (createIndex, listIndexes, dropIndex), which
// send Wix's REST requests (POST /wix-data/v2/indexes with { dataCollectionId, index }; GET and DELETE with their
// fields in the query string: node_modules/@wix/auto_sdk_data_indexes/build/cjs/index.js) as the site (API key and
// site id), here to a small stand-in of that REST API (msw, behind WIX_API_BASE_URL=http://wix.test) that keeps
// Wix's statuses: BUILDING until listed once, then ACTIVE; a drop DROPPING, then DROPPED. Wix's own refusals come
// back as the catalogue's: an unknown collection 404 WDE0025, an unknown index 404 WDE9404, a write a unique index
// refuses (Wix's WDE0123) 409 WDE0123.

const BASE = 'http://wix.test';
const API = `${BASE}/wix-data/v2`;
const API_KEY = 'IST.test-indexes-api-key-0123456789';
const SITE_ID = 'site-indexes-0001';

const people = defineCollection({
  id: 'people',
  fields: { email: { type: 'text' }, age: { type: 'number' } },
  permissions: { read: 'ANYONE', insert: 'ANYONE', update: 'ANYONE', remove: 'ANYONE' },
});

type Json = Record<string, unknown>;
const seen: { method: string; url: URL; body: unknown }[] = [];
/** Wix's indexes of `people`, in its REST shape. */
const stored: Json[] = [];

const refusal = (status: number, code: string, description: string) =>
  HttpResponse.json({ message: description, details: { applicationError: { code, description } } }, { status });
const authorized = (request: Request) =>
  request.headers.get('authorization') === API_KEY && request.headers.get('wix-site-id') === SITE_ID;

const server = setupServer(
  http.post(`${API}/indexes`, async ({ request }) => {
    if (!authorized(request)) return refusal(401, 'UNAUTHENTICATED', 'no API key');
    const body = (await request.json()) as Json;
    seen.push({ method: 'POST', url: new URL(request.url), body });
    if (body.dataCollectionId !== 'people') return refusal(404, 'WDE0025', 'collection not found');
    const index = { ...(body.index as Json), id: randomUUID(), status: 'BUILDING', source: 'USER' };
    stored.push(index);
    return HttpResponse.json({ index });
  }),
  http.get(`${API}/indexes`, ({ request }) => {
    if (!authorized(request)) return refusal(401, 'UNAUTHENTICATED', 'no API key');
    const url = new URL(request.url);
    seen.push({ method: 'GET', url, body: undefined });
    const answer = stored.map((index) => ({ ...index }));
    // Wix moves on between two lists: BUILDING is ACTIVE, DROPPING is DROPPED.
    for (const index of stored)
      index.status = index.status === 'BUILDING' ? 'ACTIVE' : index.status === 'DROPPING' ? 'DROPPED' : index.status;
    return HttpResponse.json({
      indexes: answer,
      pagingMetadata: { count: answer.length, offset: 0, total: answer.length },
    });
  }),
  http.delete(`${API}/indexes`, ({ request }) => {
    if (!authorized(request)) return refusal(401, 'UNAUTHENTICATED', 'no API key');
    const url = new URL(request.url);
    seen.push({ method: 'DELETE', url, body: undefined });
    const index = stored.find((i) => i.name === url.searchParams.get('indexName'));
    if (!index) return refusal(404, 'NOT_FOUND', 'index not found');
    index.status = 'DROPPING';
    return HttpResponse.json({});
  }),
  http.post(`${API}/items`, async ({ request }) => {
    const body = (await request.json()) as Json;
    const data = isRecord(body.dataItem) && isRecord(body.dataItem.data) ? body.dataItem.data : {};
    if (data.email === 'taken@example.com') return refusal(409, 'WDE0123', 'Unique index conflict');
    return HttpResponse.json({ dataItem: { ...(body.dataItem as Json), dataCollectionId: 'people' } });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

const backend = createWixBackend({ apiKey: API_KEY, siteId: SITE_ID, apiBaseUrl: BASE, retryBaseMs: 1 });
const client = createDataClient({ backend, collections: [people, { ...people, id: 'ghosts' }] });
const indexes = createDataIndexes({ backend, collection: (id) => client.collection(id) });

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  const { status, wde, message } = (error ?? {}) as { status?: number; wde?: string; message?: string };
  return { status, wde, message: String(message) };
}

describe('indexes on Wix, through @wix/data', () => {
  it('creates, lists and drops with Wix’s REST requests and statuses, in the REST shape', async () => {
    const created = await indexes.create(
      'people',
      { name: 'byEmail', fields: [{ path: 'email' }], unique: true, caseInsensitive: true },
      OWNER,
    );
    expect(created).toEqual({
      id: expect.any(String),
      name: 'byEmail',
      fields: [{ path: 'email', order: 'ASC' }],
      status: 'BUILDING',
      unique: true,
      caseInsensitive: true,
      source: 'USER',
    });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      body: {
        dataCollectionId: 'people',
        index: { name: 'byEmail', fields: [{ path: 'email', order: 'ASC' }], unique: true, caseInsensitive: true },
      },
    });

    const first = await indexes.list('people', { limit: 10, offset: 0 }, OWNER);
    expect(first.indexes.map((i) => i.status)).toEqual(['BUILDING']);
    expect(first.pagingMetadata).toEqual({ count: 1, offset: 0, total: 1, tooManyToCount: false });
    expect((await indexes.list('people', {}, OWNER)).indexes).toEqual([{ ...created, status: 'ACTIVE' }]);
    const listed = seen.filter((r) => r.method === 'GET').map((r) => Object.fromEntries(r.url.searchParams));
    expect(listed[0]).toEqual({ dataCollectionId: 'people', 'paging.limit': '10', 'paging.offset': '0' });

    await indexes.drop('people', 'byEmail', OWNER);
    const dropped = seen.find((r) => r.method === 'DELETE')!;
    expect(Object.fromEntries(dropped.url.searchParams)).toEqual({ dataCollectionId: 'people', indexName: 'byEmail' });
    expect((await indexes.list('people', {}, OWNER)).indexes[0]!.status).toBe('DROPPING');
    expect((await indexes.list('people', {}, OWNER)).indexes[0]!.status).toBe('DROPPED');
    await indexes.settled();
  });

  it('answers Wix’s refusals as the catalogue’s, and checks the request before sending it', async () => {
    expect(await failure(indexes.drop('people', 'never', OWNER))).toMatchObject({ status: 404, wde: 'WDE9404' });
    expect(await failure(indexes.create('ghosts', { name: 'x', fields: [{ path: 'age' }] }, OWNER))).toMatchObject({
      status: 404,
      wde: 'WDE0025',
    });
    // Refused here, before any request: four fields, a visitor.
    const four = ['email', 'age', '_id', '_owner'].map((path) => ({ path }));
    expect(await failure(indexes.create('people', { name: 'x', fields: four }, OWNER))).toMatchObject({
      wde: 'WDE0046',
    });
    expect(await failure(indexes.list('people', {}, VISITOR))).toMatchObject({ status: 403, wde: 'WDE0027' });
    expect(seen.map((r) => r.method)).toEqual(['DELETE', 'POST']);

    expect(await failure(client.insert('people', { email: 'taken@example.com' }, VISITOR))).toMatchObject({
      status: 409,
      wde: 'WDE0123',
    });
    expect((await client.insert('people', { email: 'free@example.com' }, VISITOR)).email).toBe('free@example.com');
  });
});
