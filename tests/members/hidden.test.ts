import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import { withSite } from '../helpers/site';

// The members collection holds password hashes: the data API never serves it. With the collection in the site's data
// client (as lib/members puts it), every route answers its name exactly as an unknown collection's, even to the owner,
// and nothing stored changes.

const SECRET = 'members-hidden-test-secret-that-is-long-enough-0123';
withSite({ OWNER_PASSWORD: 'owner-password', SESSION_SECRET: SECRET });

const { POST: insertRoute } = await import('@/app/api/data/v2/items/route');
const itemRoutes = await import('@/app/api/data/v2/items/[dataItemId]/route');
const { POST: queryRoute } = await import('@/app/api/data/v2/items/query/route');
const { POST: countRoute } = await import('@/app/api/data/v2/items/count/route');
const { POST: saveRoute } = await import('@/app/api/data/v2/items/save/route');
const { POST: truncateRoute } = await import('@/app/api/data/v2/items/truncate/route');
const { POST: aggregateRoute } = await import('@/app/api/data/v2/items/aggregate/route');
const { POST: distinctRoute } = await import('@/app/api/data/v2/items/distinct/route');
const { POST: bulkInsertRoute } = await import('@/app/api/data/v2/bulk/items/insert/route');
const { POST: bulkSaveRoute } = await import('@/app/api/data/v2/bulk/items/save/route');
const { POST: bulkUpdateRoute } = await import('@/app/api/data/v2/bulk/items/update/route');
const { POST: bulkRemoveRoute } = await import('@/app/api/data/v2/bulk/items/remove/route');
const { POST: insertReferencesRoute } = await import('@/app/api/data/v2/bulk/items/insert-references/route');
const { dataClient, siteCollection } = await import('@/lib/data');
const { OWNER } = await import('@/lib/data/permissions');
const { members } = await import('@/lib/members/collection');

const client = dataClient(members);

const HASH = '$argon2id$v=19$m=1024,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA';
const base = 'http://localhost:3000/api/data/v2';
const owner = { cookie: `${SESSION_COOKIE}=${signSession(SECRET).token}` };
const ctx = (dataItemId: string) => ({ params: Promise.resolve({ dataItemId }) });
const post = (body: unknown) =>
  new Request(`${base}/x`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...owner },
  });

/** Every route, asked about collection `id` as the owner. */
const calls = (id: string): [string, () => Promise<Response>][] => [
  ['insert', () => insertRoute(post({ dataCollectionId: id, dataItem: { id: 'm2', data: { email: 'x@y.z' } } }))],
  ['save', () => saveRoute(post({ dataCollectionId: id, dataItem: { id: 'm1', data: {} } }))],
  ['get', () => itemRoutes.GET(new Request(`${base}/items/m1?dataCollectionId=${id}`, { headers: owner }), ctx('m1'))],
  [
    'update',
    () =>
      itemRoutes.PUT(
        new Request(`${base}/items/m1`, {
          method: 'PUT',
          body: JSON.stringify({ dataCollectionId: id, dataItem: { data: { status: 'ACTIVE' } } }),
          headers: { ...owner, 'content-type': 'application/json' },
        }),
        ctx('m1'),
      ),
  ],
  [
    'remove',
    () =>
      itemRoutes.DELETE(
        new Request(`${base}/items/m1?dataCollectionId=${id}`, { method: 'DELETE', headers: owner }),
        ctx('m1'),
      ),
  ],
  ['query', () => queryRoute(post({ dataCollectionId: id, query: {} }))],
  ['count', () => countRoute(post({ dataCollectionId: id }))],
  ['aggregate', () => aggregateRoute(post({ dataCollectionId: id, aggregation: {} }))],
  ['distinct', () => distinctRoute(post({ dataCollectionId: id, fieldName: 'passwordHash' }))],
  ['truncate', () => truncateRoute(post({ dataCollectionId: id }))],
  ['bulk insert', () => bulkInsertRoute(post({ dataCollectionId: id, dataItems: [{ data: {} }] }))],
  ['bulk save', () => bulkSaveRoute(post({ dataCollectionId: id, dataItems: [{ id: 'm1', data: {} }] }))],
  ['bulk update', () => bulkUpdateRoute(post({ dataCollectionId: id, dataItems: [{ id: 'm1', data: {} }] }))],
  ['bulk remove', () => bulkRemoveRoute(post({ dataCollectionId: id, dataItemIds: ['m1'] }))],
  [
    'insert references',
    () =>
      insertReferencesRoute(
        post({
          dataCollectionId: id,
          dataItemReferences: [{ referringItemFieldName: 'email', referringItemId: 'm1', referencedItemId: 'x' }],
        }),
      ),
  ],
];

describe('the members collection through the data API', () => {
  it('is in the site data client, internal', async () => {
    expect(siteCollection('members')?.internal).toBe(true);
    await client.insert('members', { _id: 'm1', email: 'ada@example.com', passwordHash: HASH }, OWNER);
    expect((await client.get('members', 'm1', OWNER))?.passwordHash).toBe(HASH);
    // The first call opens (and makes) the database: seconds on a busy machine.
  }, 60_000);

  it('answers every route as for a collection that does not exist, to the owner too', async () => {
    const hidden = calls('members');
    const unknown = calls('nosuchcollection');
    for (const [index, [name, call]] of hidden.entries()) {
      const response = await call();
      const text = await response.text();
      const other = await unknown[index]![1]();
      expect({ name, status: response.status }).toEqual({ name, status: 404 });
      expect(JSON.parse(text).error).toMatchObject({ wde: 'WDE0025' });
      expect(text.replaceAll('members', 'nosuchcollection')).toBe(await other.text());
      expect([...response.headers]).toEqual([...other.headers]);
      expect(text).not.toContain('argon2');
    }
    // Nothing changed.
    expect(await client.get('members', 'm1', OWNER)).toMatchObject({ email: 'ada@example.com', passwordHash: HASH });
    expect(await client.count('members', {}, OWNER)).toBe(1);
  });
});
