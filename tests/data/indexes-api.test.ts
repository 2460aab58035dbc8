import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import { withSite } from '../helpers/site';

// The indexes at the JSON API (/api/data/v2/indexes, Wix Data's REST path and shapes) on the site's embedded
// database: Create Index answers BUILDING and List Indexes shows it ACTIVE, or FAILED over data that repeats a unique
// value (WDE0113); a unique index then refuses a duplicate insert through the items API (409 WDE0123); Drop Index
// answers {} and the index goes DROPPING, then DROPPED. The owner only (a visitor's request, a request from another
// site: 403); bad input is the catalogue's 4xx, never a 5xx.

vi.setConfig({ testTimeout: 30_000 });

const SECRET = 'data-indexes-api-test-secret-that-is-long-enough-0';
const SITE = 'https://blog.example';
withSite({ OWNER_PASSWORD: 'owner-password', SESSION_SECRET: SECRET, SITE_URL: SITE }, { database: true });

const indexRoutes = await import('@/app/api/data/v2/indexes/route');
const { POST: insertRoute } = await import('@/app/api/data/v2/items/route');
const { POST: truncateRoute } = await import('@/app/api/data/v2/items/truncate/route');
const { dataIndexes } = await import('@/lib/data');

const base = 'http://localhost:3000/api/data/v2';
const owner = { cookie: `${SESSION_COOKIE}=${signSession(SECRET).token}` };
type Headers = Record<string, string>;

const post = (route: (request: Request) => Promise<Response>, body: unknown, headers: Headers = owner) =>
  route(
    new Request(`${base}/x`, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    }),
  );
const create = (body: unknown, headers?: Headers) => post(indexRoutes.POST, body, headers);
const list = (query: string, headers: Headers = owner) =>
  indexRoutes.GET(new Request(`${base}/indexes?${query}`, { headers }));
const drop = (query: string, headers: Headers = owner) =>
  indexRoutes.DELETE(new Request(`${base}/indexes?${query}`, { method: 'DELETE', headers }));
const insert = (data: Record<string, unknown>) =>
  post(insertRoute, { dataCollectionId: 'subscribers', dataItem: { data } });

async function expectError(response: Response, status: number, wde: string) {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body.error).toMatchObject({ wde, code: status >= 500 ? 'WD_UNKNOWN_ERROR' : 'WD_VALIDATION_ERROR' });
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
}

/** The subscribers' indexes as List Indexes answers them, once the builds and drops under way have ended. */
async function listed() {
  await dataIndexes().settled();
  const response = await list('dataCollectionId=subscribers');
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as { indexes: Record<string, unknown>[]; pagingMetadata: Record<string, unknown> };
}

describe('the indexes at /api/data/v2/indexes', () => {
  it('creates (BUILDING → ACTIVE), refuses a duplicate insert under it (409 WDE0123), drops (DROPPING → DROPPED)', async () => {
    expect((await post(truncateRoute, { dataCollectionId: 'subscribers' })).status).toBe(200);
    expect((await insert({ email: 'ann@example.com', status: 'confirmed' })).status).toBe(200);

    const created = await create({
      dataCollectionId: 'subscribers',
      index: { name: 'uniqueEmail', fields: [{ path: 'email' }], unique: true, caseInsensitive: true },
    });
    expect(created.status).toBe(200);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { index } = await created.json();
    expect(index).toEqual({
      id: expect.any(String),
      name: 'uniqueEmail',
      fields: [{ path: 'email', order: 'ASC' }],
      status: 'BUILDING',
      unique: true,
      caseInsensitive: true,
      source: 'USER',
    });
    expect(await listed()).toEqual({
      indexes: [{ ...index, status: 'ACTIVE' }],
      pagingMetadata: { count: 1, offset: 0, total: 1, tooManyToCount: false },
    });

    await expectError(await insert({ email: 'ANN@example.com', status: 'pending' }), 409, 'WDE0123');
    expect((await insert({ email: 'bob@example.com', status: 'pending' })).status).toBe(200);

    const dropped = await drop('dataCollectionId=subscribers&indexName=uniqueEmail');
    expect(dropped.status).toBe(200);
    expect(await dropped.json()).toEqual({});
    // At once: DROPPING, or DROPPED already (the embedded database drops in milliseconds).
    const now = await (await list('dataCollectionId=subscribers')).json();
    expect(now.indexes[0].status).toMatch(/^(DROPPING|DROPPED)$/);
    expect((await listed()).indexes).toEqual([{ ...index, status: 'DROPPED' }]);
    expect((await insert({ email: 'ann@example.com', status: 'pending' })).status).toBe(200);
  });

  it('fails a unique index over repeated values (FAILED, WDE0113 and an item), dropped to free its slot', async () => {
    // Ann's address is there twice since the last test dropped its unique index.
    const created = await create({
      dataCollectionId: 'subscribers',
      index: { name: 'uniqueEmail', fields: [{ path: 'email', order: 'DESC' }], unique: true },
    });
    expect((await created.json()).index.status).toBe('BUILDING');
    const failed = (await listed()).indexes.find((i) => i.name === 'uniqueEmail');
    expect(failed).toMatchObject({
      status: 'FAILED',
      failure: { code: 'WDE0113', itemId: expect.any(String), description: expect.stringMatching(/Duplicate key/) },
    });
    await expectError(
      await create({
        dataCollectionId: 'subscribers',
        index: { name: 'other', fields: [{ path: 'week' }], unique: true },
      }),
      409,
      'WDE9409',
    );
    expect((await drop('dataCollectionId=subscribers&indexName=uniqueEmail')).status).toBe(200);
    expect((await listed()).indexes.find((i) => i.name === 'uniqueEmail')?.status).toBe('DROPPED');
    await expectError(await drop('dataCollectionId=subscribers&indexName=never'), 404, 'WDE9404');
  });

  it('is the owner’s: a visitor and a request from another site are refused, nothing made', async () => {
    const body = { dataCollectionId: 'subscribers', index: { name: 'byWeek', fields: [{ path: 'week' }] } };
    await expectError(await create(body, {}), 403, 'WDE0027');
    await expectError(await list('dataCollectionId=subscribers', {}), 403, 'WDE0027');
    await expectError(await drop('dataCollectionId=subscribers&indexName=byWeek', {}), 403, 'WDE0027');
    const evil = { ...owner, origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' };
    await expectError(await create(body, evil), 403, 'WDE9403');
    await expectError(await list('dataCollectionId=subscribers', evil), 403, 'WDE9403');
    await expectError(await drop('dataCollectionId=subscribers&indexName=byWeek', evil), 403, 'WDE9403');
    // From a page of the site itself (its Origin), the owner's request works.
    const same = { ...owner, origin: SITE, 'sec-fetch-site': 'same-origin' };
    expect((await list('dataCollectionId=subscribers', same)).status).toBe(200);
    expect((await listed()).indexes.some((i) => i.name === 'byWeek')).toBe(false);
    // The route goes through dataRoute, as every data API route must (tests/data/api-cross-site.test.ts).
    const source = readFileSync('app/api/data/v2/indexes/route.ts', 'utf8');
    expect(source).not.toMatch(/jsonHandler|readJsonBody|callerOf/);
    expect(source).toMatch(/export const POST = dataRoute/);
  });

  it('answers bad input with the catalogue’s 4xx, never a 5xx', async () => {
    const index = { name: 'x', fields: [{ path: 'week' }] };
    await expectError(await create({ index }), 400, 'WDE0001');
    await expectError(await create({ dataCollectionId: 'nowhere', index }), 404, 'WDE0025');
    await expectError(await create({ dataCollectionId: 'subscribers' }), 400, 'WDE0046');
    await expectError(
      await create({ dataCollectionId: 'subscribers', index: { ...index, fields: 'week' } }),
      400,
      'WDE0046',
    );
    const nope = { ...index, fields: [{ path: 'nope' }] };
    await expectError(await create({ dataCollectionId: 'subscribers', index: nope }), 400, 'WDE0045');
    const sideways = { ...index, fields: [{ path: 'week', order: 'SIDEWAYS' }] };
    await expectError(await create({ dataCollectionId: 'subscribers', index: sideways }), 400, 'WDE0051');
    await expectError(await create('{not json'), 400, 'WDE0004');
    const text = await indexRoutes.POST(
      new Request(`${base}/indexes`, {
        method: 'POST',
        body: '{}',
        headers: { ...owner, 'content-type': 'text/plain' },
      }),
    );
    await expectError(text, 415, 'WDE9415');
    await expectError(await list(''), 400, 'WDE0001');
    await expectError(await list('dataCollectionId=subscribers&paging.limit=ten'), 400, 'WDE0032');
    await expectError(await list('dataCollectionId=subscribers&paging.limit=0'), 400, 'WDE0035');
    await expectError(await list('dataCollectionId=subscribers&paging.offset=-1'), 400, 'WDE0036');
    await expectError(await drop('dataCollectionId=subscribers'), 400, 'WDE0046');
    await expectError(await drop('indexName=x'), 400, 'WDE0001');
    await expectError(
      await indexRoutes.PUT(new Request(`${base}/indexes`, { method: 'PUT', headers: owner })),
      405,
      'WDE9405',
    );
    // One index was made (a DROPPED one's name taken again replaces it): a page past it is empty.
    const first = await (await list('dataCollectionId=subscribers&paging.limit=1')).json();
    expect(first.pagingMetadata).toEqual({ count: 1, offset: 0, total: 1, tooManyToCount: false });
    const past = await (await list('dataCollectionId=subscribers&paging.limit=1&paging.offset=1')).json();
    expect(past).toEqual({ indexes: [], pagingMetadata: { count: 0, offset: 1, total: 1, tooManyToCount: false } });
  });
});
