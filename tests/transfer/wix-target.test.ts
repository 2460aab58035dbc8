import { categories, draftPosts, tags } from '@wix/blog';
import { files } from '@wix/media';
import { ApiKeyStrategy, createClient } from '@wix/sdk';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RicosNode } from '@/lib/core/ricos/types';
import { emptyBundle, type Bundle, type SourceBody } from '@/lib/transfer/types';
import { applyBundleToWix } from '@/lib/transfer/wix-target';

// The import's Wix target (lib/transfer/wix-target.ts) through the official SDK's own requests: a client as
// the site makes it (createClient, ApiKeyStrategy) over the global fetch, every request caught by msw at
// www.wixapis.com and Wix's upload host, and answered by a small Wix of this file's (categories, tags, Media Manager
// files, draft posts) that keeps what it was sent, so a second run meets what the first made. The converter is this
// file's too (a paragraph per <p>, an IMAGE per <img>): what is under test is what reaches Wix.

vi.mock('@/lib/transfer/convert', () => ({
  convertBody: (body: SourceBody) => {
    const html = body.format === 'html' ? body.html : body.format === 'markdown' ? body.markdown : '';
    const nodes: RicosNode[] = [...html.matchAll(/<p>(.*?)<\/p>|<img src="([^"]+)">/g)].map(([, text, src], i) =>
      src
        ? { type: 'IMAGE', id: `i${i}`, nodes: [], imageData: { image: { src: { url: src } }, altText: '' } }
        : { type: 'PARAGRAPH', id: `p${i}`, nodes: [{ type: 'TEXT', nodes: [], textData: { text, decorations: [] } }] },
    );
    return { nodes, keptAsHtml: [], media: [] };
  },
}));

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const API = 'https://www.wixapis.com';
const UPLOAD = 'https://upload.wixmp.com/upload/token-1';
const IMAGE = 'https://old.example/wp-content/uploads/2019/05/cat.png';
const MEMBER = '8a8b9b73-4da8-47a5-8268-4396e68a0605';
const NOW = new Date('2026-01-10T00:00:00.000Z');
const CREATE = `POST ${API}/blog/v3/bulk/draft-posts/create`;

let wix: { categories: Json[]; tags: Json[]; files: Json[]; drafts: Json[]; refuseOnce: Set<string> };
const seen: { call: string; query: URLSearchParams; body: Json | number | null }[] = [];
const writes = () => seen.filter((r) => !/^GET |\/query$|\/files\/search$/.test(r.call));

/** One request (`call`: its method and URL): recorded, refused with a 429 when told to, else answered. */
const answer = (method: 'get' | 'post' | 'patch' | 'put', url: string, reply: (b: Json, p: Json, u: URL) => Response) =>
  http[method](url, async ({ request, params }) => {
    const target = new URL(request.url);
    const call = `${request.method} ${target.origin}${target.pathname}`;
    const body =
      method === 'get' ? null : method === 'put' ? (await request.arrayBuffer()).byteLength : await request.json();
    seen.push({ call, query: target.searchParams, body: body as Json });
    if (wix.refuseOnce.delete(call)) return HttpResponse.json({ message: 'Too many requests' }, { status: 429 });
    return reply((body ?? {}) as Json, params, target);
  });
const json = HttpResponse.json.bind(HttpResponse);
const notFound = () =>
  json({ message: 'not found', details: { applicationError: { code: 'NOT_FOUND' } } }, { status: 404 });
const slugged =
  (list: () => Json[], key: string) =>
  (_: Json, { slug }: Json) => {
    const found = list().find((t) => t.slug === slug);
    return found ? json({ [key]: found }) : notFound();
  };
const add = (list: Json[], item: Json) => (list.push(item), item);

const server = setupServer(
  answer(
    'get',
    `${API}/blog/v3/categories/slugs/:slug`,
    slugged(() => wix.categories, 'category'),
  ),
  answer('post', `${API}/blog/v3/categories`, ({ category }) =>
    json({ category: add(wix.categories, { ...category, id: `category-${wix.categories.length + 1}` }) }),
  ),
  // The SDK's tags calls go to www.wixapis.com/v3/tags (its host map's first entry), not /blog/v3/tags.
  answer(
    'get',
    `${API}/v3/tags/slugs/:slug`,
    slugged(() => wix.tags, 'tag'),
  ),
  answer('get', `${API}/v3/tags/labels/:label`, (_: Json, { label }: Json) => {
    const found = wix.tags.find((t) => t.label === label);
    return found ? json({ tag: found }) : notFound();
  }),
  answer('post', `${API}/v3/tags`, ({ label, slug }) =>
    json({ tag: add(wix.tags, { id: `tag-${wix.tags.length + 1}`, label, slug }) }),
  ),
  answer('post', `${API}/site-media/v1/files/search`, ({ search }) =>
    json({ files: wix.files.filter((f) => f.displayName === search) }),
  ),
  answer('post', `${API}/site-media/v1/files/generate-upload-url`, () => json({ uploadUrl: UPLOAD })),
  answer('put', UPLOAD, (_, __, url) => {
    const id = `f${wix.files.length + 1}~mv2.png`;
    const file = { id, displayName: url.searchParams.get('filename'), url: `https://static.wixstatic.com/media/${id}` };
    return json({ file: add(wix.files, file) });
  }),
  answer('post', `${API}/blog/v3/draft-posts/query`, ({ query, fieldsets }) => {
    const ids: string[] | undefined = query.filter?.id?.$in;
    const shown = wix.drafts
      .filter((d) => !ids || ids.includes(d.id))
      .map(({ richContent, ...d }) => (fieldsets?.includes('RICH_CONTENT') ? { ...d, richContent } : d));
    return json({ draftPosts: shown, pagingMetadata: { count: shown.length, cursors: {}, hasNext: false } });
  }),
  answer('post', `${API}/blog/v3/bulk/draft-posts/create`, ({ draftPosts: posts, publish }) => {
    const results = (posts as Json[]).map((post, originalIndex) => {
      const status = publish ? 'PUBLISHED' : 'UNPUBLISHED';
      const { id } = add(wix.drafts, { ...post, id: `post-${wix.drafts.length + 1}`, status });
      return { itemMetadata: { id, originalIndex, success: true } };
    });
    return json({ results, bulkActionMetadata: { totalSuccesses: results.length, totalFailures: 0 } });
  }),
  answer('patch', `${API}/blog/v3/draft-posts/:id`, ({ draftPost, action, scheduledPublishDate }, { id }) => {
    const draft = wix.drafts.find((d) => d.id === id);
    if (!draft) return notFound();
    const status = { UPDATE_PUBLISH: 'PUBLISHED', UPDATE_SCHEDULE: 'SCHEDULED' }[action as string] ?? draft.status;
    return json({
      draftPost: Object.assign(draft, draftPost, { status }, scheduledPublishDate && { scheduledPublishDate }),
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  wix = { categories: [], tags: [], files: [], drafts: [], refuseOnce: new Set() };
  seen.length = 0;
});

const client = createClient({
  modules: { categories, tags, draftPosts, files },
  auth: ApiKeyStrategy({ apiKey: 'IST.import-test-key', siteId: 'site-1' }),
});
const options = { client, siteUrl: 'https://blog.example', now: NOW, memberId: MEMBER, retry: { baseMs: 1, maxMs: 5 } };
const run = (bundle: Bundle, dryRun = false) => applyBundleToWix(bundle, { ...options, dryRun });

const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: 'red' } })
  .png()
  .toBuffer();

const html = (text: string) => ({ format: 'html', html: text }) as const;

/** Two posts (one published, with the image in its text and as its cover; one a draft), a category, a tag. */
function bundle(): Bundle {
  const post = { kind: 'post' as const, categoryIds: [] as string[], tagIds: ['t1'], oldPaths: [] as string[] };
  return {
    ...emptyBundle('wordpress'),
    siteUrl: 'https://old.example',
    categories: [
      { sourceId: 'c1', label: 'News', slug: 'news', description: 'What happened', oldPaths: ['/category/news/'] },
    ],
    tags: [{ sourceId: 't1', label: 'Cats', slug: 'cats', oldPaths: [] }],
    media: [{ url: IMAGE, fileName: 'cat.png', read: async () => new Uint8Array(png) }],
    posts: [
      {
        ...{ ...post, sourceId: '1', title: 'Hello', slug: 'hello', excerpt: 'A first post', status: 'published' },
        ...{ body: html(`<p>Hello world</p><img src="${IMAGE}">`), categoryIds: ['c1'] },
        ...{ publishedDate: '2019-05-01T10:00:00.000Z', coverImage: IMAGE, oldPaths: ['/2019/05/hello/'] },
      },
      { ...post, ...{ sourceId: '2', title: 'Later', slug: 'later', status: 'draft' }, body: html('<p>Not yet</p>') },
    ],
    comments: [{ sourceId: 'k1', postId: '1', authorName: 'Ann', html: 'Nice', date: '2019-05-02', approved: true }],
    people: [{ email: 'ann@example.com', subscribed: true }],
  };
}

const para = (id: string, text: string) => ({
  ...{ type: 'PARAGRAPH', id },
  nodes: [{ type: 'TEXT', nodes: [], textData: { text, decorations: [] } }],
});

describe('the import into a Wix site (@wix/sdk)', () => {
  it('creates the terms, uploads the image, and creates the posts in bulk, published or not', async () => {
    const report = await run(bundle());
    const fileName = wix.files[0]!.displayName as string;
    expect(fileName).toMatch(/^cat-[0-9a-f]{10}\.png$/);
    const image = { id: 'f1~mv2.png', width: 4, height: 3, altText: fileName, filename: fileName };
    const post = (fields: Json) => ({ featured: false, commentingEnabled: true, memberId: MEMBER, ...fields });
    expect(writes().map(({ call, body }) => [call, body])).toEqual([
      [
        `POST ${API}/site-media/v1/files/generate-upload-url`,
        { mimeType: 'image/png', fileName, sizeInBytes: String(png.length) },
      ],
      [`PUT ${UPLOAD}`, png.length],
      [`POST ${API}/blog/v3/categories`, { category: { label: 'News', slug: 'news', description: 'What happened' } }],
      [`POST ${API}/v3/tags`, { label: 'Cats', slug: 'cats' }],
      [
        CREATE,
        {
          publish: true,
          draftPosts: [
            post({
              ...{ title: 'Hello', seoSlug: 'hello', excerpt: 'A first post', categoryIds: ['category-1'] },
              tagIds: ['tag-1'],
              firstPublishedDate: '2019-05-01T10:00:00.000Z',
              media: {
                wixMedia: { image: { ...image, url: expect.stringMatching(/^wix:image:\/\/v1\/f1~mv2\.png\//) } },
                displayed: true,
                custom: true,
              },
              richContent: {
                nodes: [
                  para('p0', 'Hello world'),
                  {
                    type: 'IMAGE',
                    id: 'i1',
                    nodes: [],
                    imageData: { image: { src: { id: 'f1~mv2.png' }, width: 4, height: 3 }, altText: '' },
                  },
                ],
              },
            }),
          ],
        },
      ],
      [
        CREATE,
        {
          publish: false,
          draftPosts: [
            post({
              ...{ title: 'Later', seoSlug: 'later', categoryIds: [], tagIds: ['tag-1'] },
              richContent: { nodes: [para('p0', 'Not yet')] },
            }),
          ],
        },
      ],
    ]);
    expect(seen.find((r) => r.call.startsWith('PUT'))!.query.get('filename')).toBe(fileName);
    expect(seen.filter((r) => r.call.startsWith('GET')).map((r) => r.call)).toEqual([
      `GET ${API}/blog/v3/categories/slugs/news`,
      `GET ${API}/v3/tags/slugs/cats`,
      `GET ${API}/v3/tags/labels/Cats`,
    ]);
    expect(report.counts).toMatchObject({
      media: { created: 1 },
      category: { created: 1 },
      tag: { created: 1 },
      post: { created: 2, updated: 0, unchanged: 0 },
      redirect: { skipped: 2 },
      comment: { skipped: 1 },
      subscriber: { skipped: 1 },
    });
    expect(report.warnings.map((w) => w.item)).toEqual(expect.arrayContaining(['records', 'redirects']));
  });

  it('run again, finds what it made by slug: no creates, an update only where the export changed', async () => {
    await run(bundle());
    seen.length = 0;
    const again = bundle();
    again.posts[0]!.title = 'Hello again';
    const report = await run(again);
    expect(writes().map(({ call, body }) => [call, body])).toEqual([
      [
        `PATCH ${API}/blog/v3/draft-posts/post-1`,
        { draftPost: { id: 'post-1', title: 'Hello again' }, action: 'UPDATE_PUBLISH' },
      ],
    ]);
    expect(seen.find((r) => r.body && (r.body as Json).query?.filter)?.body).toEqual({
      query: { filter: { id: { $in: ['post-1', 'post-2'] } }, cursorPaging: { limit: 100 } },
      fieldsets: ['RICH_CONTENT'],
    });
    expect(report.counts).toMatchObject({
      media: { unchanged: 1, created: 0 },
      category: { unchanged: 1, created: 0 },
      tag: { unchanged: 1, created: 0 },
      post: { created: 0, updated: 1, unchanged: 1 },
    });
    expect(wix.drafts).toHaveLength(2);
  });

  it('retries a call Wix refused with 429, and creates the posts once', async () => {
    wix.refuseOnce.add(CREATE);
    const report = await run(bundle());
    expect(writes().filter((r) => r.call === CREATE)).toHaveLength(3);
    expect(wix.drafts.map((d) => [d.seoSlug, d.status])).toEqual([
      ['hello', 'PUBLISHED'],
      ['later', 'UNPUBLISHED'],
    ]);
    expect(report.counts.post).toMatchObject({ created: 2, skipped: 0 });
  });

  it('schedules a post whose date is ahead: created as a draft, then UPDATE_SCHEDULE', async () => {
    const ahead = bundle();
    Object.assign(ahead.posts[1]!, { status: 'scheduled', publishedDate: '2026-02-01T09:00:00.000Z' });
    await run(ahead);
    const [create, schedule] = writes().slice(-2);
    expect([create!.call, (create!.body as Json).publish, schedule!.call, schedule!.body]).toEqual([
      CREATE,
      false,
      `PATCH ${API}/blog/v3/draft-posts/post-2`,
      { draftPost: { id: 'post-2' }, action: 'UPDATE_SCHEDULE', scheduledPublishDate: '2026-02-01T09:00:00.000Z' },
    ]);
  });

  it('dry run: reads the site, writes nothing, and says what it would make', async () => {
    const report = await run(bundle(), true);
    expect(writes()).toEqual([]);
    expect(wix).toMatchObject({ categories: [], tags: [], files: [], drafts: [] });
    expect(report.dryRun).toBe(true);
    expect(report.counts).toMatchObject({ post: { created: 2 }, media: { created: 1 }, category: { created: 1 } });
  });
});
