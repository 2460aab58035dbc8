import { describe, expect, it } from 'vitest';
import { restCategory, restTag } from '../../helpers/wix-blog';
import { json, on, withFakeWix } from './server';

const wix = withFakeWix();

const notFound = () => json({ message: 'not found' }, { status: 404 });

describe('wix source: categories', () => {
  it('getCategory and getCategoryBySlug map the REST category', async () => {
    wix.server.use(
      on.get('/blog/v3/categories/:id', () => json({ category: restCategory() })),
      on.get('/blog/v3/categories/slugs/:slug', () => json({ category: restCategory({ slug: 'nouvelles et co' }) })),
    );
    const source = wix.source();
    const expected = {
      id: 'cat-1',
      label: 'News',
      slug: 'news',
      postCount: 3,
      url: { base: 'https://example.wixsite.com', path: '/blog/categories/news' },
      coverImage: {
        id: 'catcover~mv2.jpg',
        url: 'https://static.wixstatic.com/media/catcover~mv2.jpg',
        width: 300,
        height: 200,
      },
      updatedDate: '2024-02-01T00:00:00.000Z',
    };
    await expect(source.getCategory('cat-1')).resolves.toMatchObject(expected);
    await expect(source.getCategoryBySlug('nouvelles et co')).resolves.toMatchObject({
      ...expected,
      slug: 'nouvelles et co',
    });
    expect(wix.seen.map((r) => r.url.pathname)).toEqual([
      '/blog/v3/categories/cat-1',
      '/blog/v3/categories/slugs/nouvelles%20et%20co',
    ]);
  });

  it('unknown categories are null', async () => {
    wix.server.use(on.get('/blog/v3/categories/:id', notFound), on.get('/blog/v3/categories/slugs/:slug', notFound));
    await expect(wix.source().getCategory('nope')).resolves.toBeNull();
    await expect(wix.source().getCategoryBySlug('nope')).resolves.toBeNull();
  });

  it('listCategories pages through all categories, 100 at a time', async () => {
    const all = Array.from({ length: 150 }, (_, i) => restCategory({ id: `cat-${i}`, slug: `c-${i}` }));
    wix.server.use(
      on.get('/blog/v3/categories', ({ request }) => {
        const params = new URL(request.url).searchParams;
        const offset = Number(params.get('paging.offset'));
        const limit = Number(params.get('paging.limit'));
        return json({
          categories: all.slice(offset, offset + limit),
          metaData: { offset, count: Math.min(limit, all.length - offset), total: all.length },
        });
      }),
    );
    const categories = await wix.source().listCategories({ language: 'en' });
    expect(categories).toHaveLength(150);
    expect(categories.at(-1)!.id).toBe('cat-149');
    const requests = wix.to('/blog/v3/categories').map((r) => Object.fromEntries(r.url.searchParams));
    expect(requests).toEqual([
      { 'paging.offset': '0', 'paging.limit': '100', fieldsets: 'SEO', language: 'en' },
      { 'paging.offset': '100', 'paging.limit': '100', fieldsets: 'SEO', language: 'en' },
    ]);
  });
});

describe('wix source: tags', () => {
  it('getTag and getTagBySlug map the REST tag (getTagBySlug answers { tag })', async () => {
    wix.server.use(
      on.get('/v3/tags/:id', () => json({ tag: restTag() })),
      on.get('/v3/tags/slugs/:slug', () => json({ tag: restTag() })),
    );
    const expected = {
      id: 'tag-1',
      label: 'Travel',
      slug: 'travel',
      postCount: 5,
      publishedPostCount: 4,
      url: { base: 'https://example.wixsite.com', path: '/blog/tags/travel' },
      createdDate: '2024-01-01T00:00:00.000Z',
      updatedDate: '2024-01-02T00:00:00.000Z',
    };
    await expect(wix.source().getTag('tag-1')).resolves.toEqual({ ...expected, language: 'en' });
    await expect(wix.source().getTagBySlug('travel')).resolves.toMatchObject(expected);
    expect(wix.to('/v3/tags/tag-1')[0]!.url.searchParams.getAll('fieldsets')).toEqual(['URL']);
  });

  it('unknown tags are null', async () => {
    wix.server.use(on.get('/v3/tags/:id', notFound), on.get('/v3/tags/slugs/:slug', notFound));
    await expect(wix.source().getTag('nope')).resolves.toBeNull();
    await expect(wix.source().getTagBySlug('nope')).resolves.toBeNull();
  });

  it('listTags queries all tags page by page', async () => {
    const all = Array.from({ length: 230 }, (_, i) => restTag({ id: `tag-${i}`, slug: `t-${i}` }));
    wix.server.use(
      on.post('/v3/tags/query', async ({ request }) => {
        const { query } = (await request.json()) as { query: { paging: { offset: number; limit: number } } };
        const { offset, limit } = query.paging;
        return json({ tags: all.slice(offset, offset + limit), pagingMetadata: { offset, total: all.length } });
      }),
    );
    const tags = await wix.source().listTags({ language: 'en' });
    expect(tags.map((t) => t.id)).toEqual(all.map((t) => t.id));
    expect(wix.to('/v3/tags/query').map((r) => r.body)).toEqual(
      [0, 100, 200].map((offset) => ({
        query: { paging: { offset, limit: 100 }, filter: { language: { $eq: 'en' } } },
        fieldsets: ['URL'],
      })),
    );
  });
});
