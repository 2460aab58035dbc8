import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import { withSite } from '../helpers/site';

// Issue 26, item 5: the data API takes the owner's session cookie, so a page on another site could make the owner's
// browser write (a form or a no-preflight fetch: text/plain, Origin evil, the cookie riding along). Every data API
// route refuses a request from another site before reading its body (403 WDE9403, as the form routes answer), and
// every route that reads a body takes only `Content-Type: application/json` (415 WDE9415). Each case checks that
// nothing changed (every item of `series`, references included, read with the owner's rights), and that the same
// request from the site itself, or from a script (no Origin), still works.

const SECRET = 'data-cross-site-test-secret-that-is-long-enough-01';
const SITE = 'https://blog.example';
withSite({ OWNER_PASSWORD: 'owner-password', SESSION_SECRET: SECRET, SITE_URL: SITE }, { database: true });

const { POST: insertRoute } = await import('@/app/api/data/v2/items/route');
const itemRoutes = await import('@/app/api/data/v2/items/[dataItemId]/route');
const { POST: saveRoute } = await import('@/app/api/data/v2/items/save/route');
const { POST: truncateRoute } = await import('@/app/api/data/v2/items/truncate/route');
const { POST: queryRoute } = await import('@/app/api/data/v2/items/query/route');
const { POST: countRoute } = await import('@/app/api/data/v2/items/count/route');
const { POST: distinctRoute } = await import('@/app/api/data/v2/items/distinct/route');
const { POST: aggregateRoute } = await import('@/app/api/data/v2/items/aggregate/route');
const { POST: isReferencedRoute } = await import('@/app/api/data/v2/items/is-referenced/route');
const { POST: queryReferencedRoute } = await import('@/app/api/data/v2/items/query-referenced/route');
const { POST: replaceReferencesRoute } = await import('@/app/api/data/v2/items/replace-references/route');
const { POST: bulkInsertRoute } = await import('@/app/api/data/v2/bulk/items/insert/route');
const { POST: bulkSaveRoute } = await import('@/app/api/data/v2/bulk/items/save/route');
const { POST: bulkUpdateRoute } = await import('@/app/api/data/v2/bulk/items/update/route');
const { POST: bulkRemoveRoute } = await import('@/app/api/data/v2/bulk/items/remove/route');
const { POST: insertReferencesRoute } = await import('@/app/api/data/v2/bulk/items/insert-references/route');
const { POST: removeReferencesRoute } = await import('@/app/api/data/v2/bulk/items/remove-references/route');
const { dataClient } = await import('@/lib/data');
const { OWNER } = await import('@/lib/data/permissions');

const base = 'http://localhost:3000/api/data/v2';
const cookie = `${SESSION_COOKIE}=${signSession(SECRET).token}`;
const ctx = (dataItemId: string) => ({ params: Promise.resolve({ dataItemId }) });

type Headers = Record<string, string>;
/** How the owner's browser sends a request from a page of the site itself. */
const sameOrigin: Headers = { cookie, origin: SITE, 'sec-fetch-site': 'same-origin' };
/** The attacks: the owner's cookie, from a page of another site; with an Origin, and with only Sec-Fetch-Site. */
const crossSite: Record<string, Headers> = {
  'Origin: http://evil.example': { cookie, origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
  'Sec-Fetch-Site: cross-site, no Origin': { cookie, 'sec-fetch-site': 'cross-site' },
  'Origin: a sibling subdomain (same-site)': {
    cookie,
    origin: 'https://evil.blog.example',
    'sec-fetch-site': 'same-site',
  },
  'Origin: null (a sandboxed frame)': { cookie, origin: 'null' },
};

type Send = (headers: Headers, contentType?: string) => Promise<Response>;

/** A request to a route, its body sent as text under `contentType` (JSON by default). */
function call(
  route: (request: Request, context: ReturnType<typeof ctx>) => Promise<Response>,
  method: string,
  url: string,
  body?: unknown,
  id = 'a',
): Send {
  return (headers, contentType = 'application/json') =>
    route(
      new Request(`${base}${url}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': contentType },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
      ctx(id),
    );
}

const series = (body: Record<string, unknown> = {}) => ({ dataCollectionId: 'series', ...body });
const refs = (ids: string[]) =>
  ids.map((id) => ({ referringItemFieldName: 'posts', referringItemId: 'a', referencedItemId: id }));

/** Every write route, with a request that changes `series` when it is allowed. */
const writes: Record<string, { send: Send; hasBody: boolean }> = {
  'POST /items (insert)': {
    send: call(insertRoute, 'POST', '/items', series({ dataItem: { id: 'new', data: { title: 'New' } } })),
    hasBody: true,
  },
  'POST /items/save': {
    send: call(saveRoute, 'POST', '/items/save', series({ dataItem: { id: 'a', data: { title: 'Saved' } } })),
    hasBody: true,
  },
  'PUT /items/{id} (update)': {
    send: call(itemRoutes.PUT, 'PUT', '/items/a', series({ dataItem: { data: { title: 'Updated' } } })),
    hasBody: true,
  },
  'DELETE /items/{id} (remove)': {
    send: call(itemRoutes.DELETE, 'DELETE', '/items/a?dataCollectionId=series'),
    hasBody: false,
  },
  'POST /items/truncate': { send: call(truncateRoute, 'POST', '/items/truncate', series()), hasBody: true },
  'POST /bulk/items/insert': {
    send: call(bulkInsertRoute, 'POST', '/bulk/items/insert', series({ dataItems: [{ id: 'n1', data: {} }] })),
    hasBody: true,
  },
  'POST /bulk/items/save': {
    send: call(bulkSaveRoute, 'POST', '/bulk/items/save', series({ dataItems: [{ id: 'b', data: { title: 'B2' } }] })),
    hasBody: true,
  },
  'POST /bulk/items/update': {
    send: call(
      bulkUpdateRoute,
      'POST',
      '/bulk/items/update',
      series({ dataItems: [{ id: 'b', data: { title: 'B3' } }] }),
    ),
    hasBody: true,
  },
  'POST /bulk/items/remove': {
    send: call(bulkRemoveRoute, 'POST', '/bulk/items/remove', series({ dataItemIds: ['b'] })),
    hasBody: true,
  },
  'POST /items/replace-references': {
    send: call(
      replaceReferencesRoute,
      'POST',
      '/items/replace-references',
      series({ referringItemFieldName: 'posts', referringItemId: 'a', newReferencedItemIds: ['post-9'] }),
    ),
    hasBody: true,
  },
  'POST /bulk/items/insert-references': {
    send: call(
      insertReferencesRoute,
      'POST',
      '/bulk/items/insert-references',
      series({ dataItemReferences: refs(['post-3']) }),
    ),
    hasBody: true,
  },
  'POST /bulk/items/remove-references': {
    send: call(
      removeReferencesRoute,
      'POST',
      '/bulk/items/remove-references',
      series({ dataItemReferences: refs(['post-1']) }),
    ),
    hasBody: true,
  },
};

/** Every read route: what the owner may read, a page of another site may not make the owner's browser ask. */
const reads: Record<string, { send: Send; hasBody: boolean }> = {
  'GET /items/{id}': { send: call(itemRoutes.GET, 'GET', '/items/a?dataCollectionId=series'), hasBody: false },
  'POST /items/query': { send: call(queryRoute, 'POST', '/items/query', series()), hasBody: true },
  'POST /items/count': { send: call(countRoute, 'POST', '/items/count', series()), hasBody: true },
  'POST /items/distinct': {
    send: call(distinctRoute, 'POST', '/items/distinct', series({ fieldName: 'title' })),
    hasBody: true,
  },
  'POST /items/aggregate': {
    send: call(
      aggregateRoute,
      'POST',
      '/items/aggregate',
      series({ aggregation: { operations: [{ resultFieldName: 'n', itemCount: {} }] } }),
    ),
    hasBody: true,
  },
  'POST /items/is-referenced': {
    send: call(
      isReferencedRoute,
      'POST',
      '/items/is-referenced',
      series({ referringItemFieldName: 'posts', referringItemId: 'a', referencedItemId: 'post-1' }),
    ),
    hasBody: true,
  },
  'POST /items/query-referenced': {
    send: call(
      queryReferencedRoute,
      'POST',
      '/items/query-referenced',
      series({ referringItemFieldName: 'posts', referringItemId: 'a' }),
    ),
    hasBody: true,
  },
};

/** Every item of `series`, references included, read with the owner's rights: what "nothing changed" compares. */
const everything = async () => (await dataClient().query('series', { limit: 1000 }, OWNER)).items;

async function expectError(response: Response, status: number, wde: string) {
  const text = await response.text();
  expect({ status: response.status, body: text }).toMatchObject({ status });
  expect(JSON.parse(text).error).toMatchObject({ wde, code: 'WD_VALIDATION_ERROR' });
  expect(response.headers.get('cache-control')).toBe('no-store');
}

beforeEach(async () => {
  const client = dataClient();
  await client.truncate('series', OWNER);
  await client.bulkInsert(
    'series',
    [
      { _id: 'a', title: 'A', slug: 'a', posts: ['post-1', 'post-2'] },
      { _id: 'b', title: 'B', slug: 'b' },
    ],
    OWNER,
  );
});

describe('the data API’s writes', () => {
  describe.each(Object.entries(writes))('%s', (_, { send, hasBody }) => {
    it.each(Object.entries(crossSite))(
      'refuses a request from another site (%s): 403, nothing changed',
      async (_, headers) => {
        const before = await everything();
        await expectError(await send(headers), 403, 'WDE9403');
        expect(await everything()).toEqual(before);
      },
    );

    it.runIf(hasBody)('refuses a body that is not declared JSON: 415, nothing changed', async () => {
      const before = await everything();
      for (const contentType of [
        'text/plain',
        'text/plain;charset=UTF-8',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/jsonp',
        '',
      ]) {
        await expectError(await send(sameOrigin, contentType), 415, 'WDE9415');
      }
      expect(await everything()).toEqual(before);
    });

    it.each([
      ['from a page of the site', sameOrigin],
      ['from a script (no Origin, a charset)', { cookie }],
    ])('works %s', async (_, headers) => {
      const before = await everything();
      const response = await send(headers, 'application/json; charset=utf-8');
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await everything()).not.toEqual(before);
    });
  });
});

describe('the data API’s reads (the owner’s cookie reads what only the owner may)', () => {
  describe.each(Object.entries(reads))('%s', (_, { send, hasBody }) => {
    it.each(Object.entries(crossSite))('refuses a request from another site (%s): 403', async (_, headers) => {
      await expectError(await send(headers), 403, 'WDE9403');
    });

    it.runIf(hasBody)('refuses a body that is not declared JSON: 415', async () => {
      await expectError(await send(sameOrigin, 'text/plain'), 415, 'WDE9415');
    });

    it('works from a page of the site, and from a script (no Origin)', async () => {
      for (const headers of [sameOrigin, { cookie }]) {
        const response = await send(headers);
        expect(response.status, await response.clone().text()).toBe(200);
      }
    });
  });
});

describe('the order of the checks', () => {
  it('refuses a cross-site request before its body: a bad or huge body from another site is still 403', async () => {
    const evil = crossSite['Origin: http://evil.example']!;
    const huge = new Request(`${base}/items`, {
      method: 'POST',
      headers: { ...evil, 'content-type': 'text/plain', 'content-length': String(10 * 1024 * 1024) },
      body: 'x',
    });
    await expectError(await insertRoute(huge), 403, 'WDE9403');
  });

  it('answers 415 before reading the body, and 413 and 400 after it for JSON', async () => {
    const send = (contentType: string, body: string) =>
      insertRoute(
        new Request(`${base}/items`, {
          method: 'POST',
          headers: { ...sameOrigin, 'content-type': contentType },
          body,
        }),
      );
    await expectError(await send('text/plain', 'x'.repeat(100 * 1024)), 415, 'WDE9415');
    await expectError(await send('application/json', 'x'.repeat(100 * 1024)), 413, 'WDE0109');
    await expectError(await send('Application/JSON', '{nope'), 400, 'WDE0004');
  });
});

describe('every data API route', () => {
  it('goes through dataRoute (lib/edge/api/data-rest.ts), so a new route cannot skip the checks', () => {
    const files = readdirSync('app/api/data', { recursive: true, encoding: 'utf8' })
      .filter((file) => path.basename(file) === 'route.ts')
      .map((file) => path.join('app/api/data', file));
    expect(files.length).toBe(21);
    // The one exception: the import job's upload (app/api/data/v2/jobs/import) takes a file of up to 16 MiB, past
    // dataRoute's 64 KiB JSON body, and makes the same checks itself (tests/data/data-jobs.test.ts).
    const upload = path.join('app/api/data', 'v2/jobs/import/route.ts');
    expect(files).toContain(upload);
    for (const file of files.filter((f) => f !== upload)) {
      const source = readFileSync(file, 'utf8');
      expect(source, file).not.toMatch(/jsonHandler|readJsonBody|callerOf/);
      expect(source, file).toMatch(/export const (GET|POST) = dataRoute/);
    }
  });
});
