import { afterAll, beforeAll, expect, it } from 'vitest';
import { SITE_COLLECTIONS, series } from '@/lib/data/collections';
import { createDataClient } from '@/lib/data/client';
import { OWNER, VISITOR } from '@/lib/data/permissions';
import { createWixBackend } from '@/lib/data/wix';
import { wixCollectionOf } from '@/lib/data/tools';
import { seriesPostIds } from '@/lib/series';
import { items } from '@wix/data';
import { siteClient } from '@/lib/wix/sdk-clients';
import { transportFor } from '@/lib/wix/transport';
import { startWixStandIn, type StandIn } from '@/scripts/wix/stand-in';

// `npm run blog -- wix check | setup [--dry-run]` against a bare Wix site (the stand-in: a Blog, and a CMS with only
// Wix's own collections), and the data backend's view of what the site lacks. The creation calls are the SDK's own
// (`collections.createDataCollection` of @wix/data): the dry run records what it would send.

let wix: StandIn;
beforeAll(async () => {
  wix = await startWixStandIn('content');
});
afterAll(() => wix.close());

const env = () => ({ WIX_API_KEY: 'IST.test-key', WIX_SITE_ID: 'site-1', WIX_API_BASE_URL: wix.url });

async function run(...argv: string[]) {
  const { main } = await import('@/scripts/blog/cli');
  const lines: string[] = [];
  const code = await main(argv, {
    env: env(),
    fetch,
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
    errStream: process.stderr,
  });
  return { code, text: lines.join('\n') };
}

const ids = SITE_COLLECTIONS.map((c) => c.id);
const backend = () => createWixBackend({ apiKey: 'IST.test-key', siteId: 'site-1', apiBaseUrl: wix.url });

it('a bare site: check lists the Blog and every missing collection by the feature it serves, and exits 1', async () => {
  expect(await backend().missing!(ids)).toEqual(ids);
  const { code, text } = await run('wix', 'check');
  expect(code).toBe(1);
  expect(text).toMatch(/^Blog: yes \(\d+ published posts\)/m);
  expect(text).toContain('Collection subscribers (the newsletter sign-up): missing');
  expect(text).toContain('Collection series (series on posts): missing');
  expect(text).toContain("Collection readingList (members' reading lists): missing");
});

it('setup --dry-run prints the creation calls, as the SDK sends them, and creates nothing', async () => {
  const { code, text } = await run('wix', 'setup', '--dry-run');
  expect(code).toBe(0);
  const calls = text.split('\n').filter((line) => line.startsWith('would send: '));
  expect(calls).toHaveLength(3);
  const series = calls.find((line) => line.includes('"id":"series"'))!;
  expect(series).toMatch(/^would send: POST \/wix-data\/v2\/collections \{/);
  const body = JSON.parse(series.slice(series.indexOf('{')));
  expect(body.collection.permissions).toEqual({ read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' });
  expect(body.collection.fields).toContainEqual({
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
  });
  expect(wix.collections().filter((id) => ids.includes(id))).toEqual([]);
});

it('setup creates the missing collections; a second run creates none; check then passes', async () => {
  const first = await run('wix', 'setup');
  expect(first.code).toBe(0);
  expect(first.text.match(/^created /gm)).toHaveLength(3);
  expect(wix.collections()).toEqual(expect.arrayContaining(ids));
  expect(await backend().missing!(ids)).toEqual([]);

  const second = await run('wix', 'setup');
  expect(second.code).toBe(0);
  expect(second.text).not.toMatch(/^created /m);
  expect(second.text).toContain('Nothing to create');

  const check = await run('wix', 'check');
  expect(check.text).toContain('Collection series (series on posts): yes');
  expect(check.code).toBe(0);
});

it('on the set-up site, a series keeps its posts as Wix keeps references: saved when asked, answered when included', async () => {
  // The stand-in keeps multi-reference fields apart, as scripts/wix/stand-in-data.ts cites the SDK; the site's data
  // client over its Wix backend asks for them (saveReferences, includeReferences) and gets its series back whole.
  const client = createDataClient({ backend: backend(), collections: [series] });
  await client.insert('series', { _id: 's1', title: 'Caching', slug: 'caching', posts: ['p1', 'p2', 'p3'] }, OWNER);
  const { items } = await client.query('series', { filter: { posts: { $hasSome: ['p2'] } }, limit: 10 }, VISITOR);
  expect(items.map((item) => [item._id, seriesPostIds(item)])).toEqual([['s1', ['p1', 'p2', 'p3']]]);
  await client.changeReferences('remove', 'series', 'posts', 's1', ['p2'], OWNER);
  expect(seriesPostIds((await client.get('series', 's1', VISITOR))!)).toEqual(['p1', 'p3']);

  // Read as Wix answers a caller that does not include the field, and written without saveReferences: no posts.
  const headers = { authorization: 'IST.test-key', 'wix-site-id': 'site-1', 'content-type': 'application/json' };
  const raw = await fetch(`${wix.url}/wix-data/v2/items/query`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ dataCollectionId: 'series', query: { filter: { slug: 'caching' } } }),
  });
  expect(((await raw.json()) as { dataItems: Array<{ data: object }> }).dataItems[0]!.data).not.toHaveProperty('posts');
  await fetch(`${wix.url}/wix-data/v2/items`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ dataCollectionId: 'series', dataItem: { id: 's2', data: { title: 'T', posts: ['p1'] } } }),
  });
  expect(seriesPostIds((await client.get('series', 's2', VISITOR))!)).toEqual([]);
});

it("the SDK's own calls, against the set-up stand-in: saveReferences keeps a series' posts, include() reads them", async () => {
  // @wix/data's items module as a site would call it directly (its query builder, its options), not through the
  // site's wrapper: the stand-in must take the requests the SDK builds and answer what the SDK reads.
  const sdk = siteClient({ items }, transportFor({ apiBaseUrl: wix.url }), 'IST.test-key', 'site-1').items;
  await sdk.insert('series', { _id: 'sdk-1', title: 'By the SDK', posts: ['p7', 'p8'] }, { saveReferences: true });
  const without = await sdk.query('series').eq('_id', 'sdk-1').find();
  expect(without.items[0]).not.toHaveProperty('posts');
  const found = await sdk.query('series').hasSome('posts', ['p8']).include('posts').find();
  expect(found.items.map((item) => [item._id, (item.posts as Array<{ _id: string }>).map((p) => p._id)])).toEqual([
    ['sdk-1', ['p7', 'p8']],
  ]);
  const got = await sdk.get('series', 'sdk-1', { includeReferences: [{ field: 'posts' }] });
  expect((got!.posts as Array<{ _id: string }>).map((p) => p._id)).toEqual(['p7', 'p8']);
});

it('check reports a reference field pointing at another collection than the one the site reads', async () => {
  // A series collection made by hand, its posts pointing at the members' data instead of the Blog's posts. The
  // stand-in is given collections as the REST API spells them (`id`, where the SDK says `_id`).
  const made = (id: string, points: string) => {
    const { _id, ...collection } = wixCollectionOf(SITE_COLLECTIONS.find((c) => c.id === id)!);
    return {
      id: _id,
      ...collection,
      fields: collection.fields.map((field) =>
        field.typeMetadata?.multiReference
          ? {
              ...field,
              typeMetadata: {
                multiReference: { ...field.typeMetadata.multiReference, referencedCollectionId: points },
              },
            }
          : field.typeMetadata?.reference
            ? { ...field, typeMetadata: { reference: { referencedCollectionId: points } } }
            : field,
      ),
    };
  };
  const other = await startWixStandIn('content', {
    collections: [
      made('series', 'Members/PrivateMembersData'),
      made('readingList', 'Blog/Posts'),
      made('subscribers', ''),
    ] as never,
  });
  try {
    const { main } = await import('@/scripts/blog/cli');
    const lines: string[] = [];
    const io = {
      fetch,
      out: (l: string) => lines.push(l),
      err: (l: string) => lines.push(l),
      errStream: process.stderr,
    };
    const code = await main(['wix', 'check'], { ...io, env: { ...env(), WIX_API_BASE_URL: other.url } });
    const text = lines.join('\n');
    expect(code).toBe(1);
    expect(text).toContain('fields to add or change: posts (pointing at Blog/Posts, found Members/PrivateMembersData)');
    expect(text).toContain('Collection subscribers (the newsletter sign-up): yes');
  } finally {
    await other.close();
  }
});

it('refuses to run without the API key, and an unknown flag, with the usage', async () => {
  const { main } = await import('@/scripts/blog/cli');
  const lines: string[] = [];
  const io = {
    env: {},
    fetch,
    out: (l: string) => lines.push(l),
    err: (l: string) => lines.push(l),
    errStream: process.stderr,
  };
  expect(await main(['wix', 'check'], io)).toBe(2);
  expect(lines.join('\n')).toContain('set WIX_API_KEY');
  expect(await main(['wix', 'check', '--dry-run'], { ...io, env: env() })).toBe(2);
});

it('a Wix that never answers: the collections listing fails at its deadline with the catalogue 502, never hangs a page', async () => {
  const { createServer } = await import('node:http');
  const hanging = createServer(() => {});
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  const { port } = hanging.address() as { port: number };
  try {
    const silent = createWixBackend({ apiKey: 'IST.k', siteId: 's', apiBaseUrl: `http://127.0.0.1:${port}` });
    await expect(silent.missing!(ids)).rejects.toMatchObject({ status: 502, wde: 'WDE0053' });
  } finally {
    hanging.closeAllConnections();
    await new Promise((resolve) => hanging.close(resolve));
  }
}, 20_000);
