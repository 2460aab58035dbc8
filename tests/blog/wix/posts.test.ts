import { describe, expect, it, vi } from 'vitest';
import { restPost, richContent } from '../../helpers/wix-blog';
import { json, on, withFakeWix } from './server';

const wix = withFakeWix();

describe('wix source: posts', () => {
  it('getPost maps the REST post to the domain shape and passes fieldsets through', async () => {
    wix.server.use(
      on.get('/v3/posts/:id', () =>
        json({
          post: restPost({
            richContent,
            metrics: { views: 10, likes: 2, comments: 1, averageRating: 4.5, totalRatings: 2 },
            contentText: 'Hi',
            richContentCompressed: 'H4sIAAAAAAAA',
          }),
        }),
      ),
    );
    const post = await wix.source().getPost('post-1', { fieldsets: ['URL', 'METRICS', 'RICH_CONTENT'] });

    const [request] = wix.to('/v3/posts/post-1');
    expect(request!.url.searchParams.getAll('fieldsets')).toEqual(['URL', 'METRICS', 'RICH_CONTENT']);
    expect(post).toMatchObject({
      id: 'post-1',
      slug: 'hello-wix',
      status: 'UNKNOWN',
      firstPublishedDate: '2024-03-05T10:00:00.000Z',
      lastPublishedDate: '2024-03-06T11:30:00.000Z',
      categoryIds: ['cat-1'],
      url: { base: 'https://example.wixsite.com', path: '/blog/post/hello-wix' },
      heroImage: {
        id: 'abc~mv2.jpg',
        url: 'https://static.wixstatic.com/media/abc~mv2.jpg',
        width: 1200,
        height: 800,
        filename: 'hero.jpg',
      },
      media: {
        wixMedia: {
          image: { id: 'img~mv2.png', url: 'https://static.wixstatic.com/media/img~mv2.png', width: 640, height: 480 },
          videoV2: { id: 'vid123', thumbnail: { id: 'poster~mv2.jpg', width: 320, height: 180 } },
        },
        displayed: true,
      },
      coverMedia: {
        image: { id: 'cover~mv2.jpg', url: 'https://static.wixstatic.com/media/cover~mv2.jpg', width: 10, height: 20 },
      },
      translations: [
        {
          id: 'post-1-fr',
          language: 'fr',
          url: { base: 'https://example.wixsite.com', path: '/blog/fr/post/bonjour' },
        },
      ],
      moderationDetails: {
        submittedDate: '2024-03-01T00:00:00.000Z',
        moderationDate: '2024-03-02T00:00:00.000Z',
        status: 'APPROVED',
      },
      metrics: { views: 10, likes: 2, comments: 1, averageRating: 4.5, totalRatings: 2 },
      contentText: 'Hi',
      richContentCompressed: 'H4sIAAAAAAAA',
    });
    expect(post!.richContent!.nodes).toEqual(richContent.nodes);
    expect(post!.richContent!.metadata).toEqual(richContent.metadata);
    expect(post).not.toHaveProperty('somethingNew');
    expect(post).not.toHaveProperty('_id');
  });

  it('getPost sends no fieldsets unless asked', async () => {
    wix.server.use(on.get('/v3/posts/:id', () => json({ post: restPost() })));
    await wix.source().getPost('post-1');
    expect(wix.to('/v3/posts/post-1')[0]!.url.searchParams.has('fieldsets')).toBe(false);
  });

  it('a 404 from Wix is null for every get', async () => {
    const notFound = () => json({ message: 'Post not found', details: {} }, { status: 404 });
    wix.server.use(
      on.get('/v3/posts/:id', notFound),
      on.get('/v3/posts/slugs/:slug', notFound),
      on.get('/v3/posts/:id/metrics', notFound),
    );
    const source = wix.source();
    await expect(source.getPost('missing')).resolves.toBeNull();
    await expect(source.getPostBySlug('missing')).resolves.toBeNull();
    await expect(source.getPostMetrics('missing')).resolves.toBeNull();
  });

  it('getPostBySlug encodes the slug in the path (and keeps it plain in the query)', async () => {
    wix.server.use(on.get('/v3/posts/slugs/:slug', () => json({ post: restPost({ slug: 'été à paris?' }) })));
    const post = await wix.source().getPostBySlug('été à paris?', { language: 'fr', fieldsets: ['SEO'] });

    expect(post?.slug).toBe('été à paris?');
    const [request] = wix.seen;
    expect(request!.url.pathname).toBe('/v3/posts/slugs/%C3%A9t%C3%A9%20%C3%A0%20paris%3F');
    expect(request!.url.searchParams.get('slug')).toBe('été à paris?');
    expect(request!.url.searchParams.get('language')).toBe('fr');
    expect(request!.url.searchParams.getAll('fieldsets')).toEqual(['SEO']);
  });

  it('a slug or id that cannot be a path segment is null without a request', async () => {
    const source = wix.source();
    for (const bad of ['a/b', '..', '.', 'new\nline', '', 'x\u0000']) {
      await expect(source.getPostBySlug(bad)).resolves.toBeNull();
      await expect(source.getPost(bad)).resolves.toBeNull();
    }
    expect(wix.seen).toEqual([]);
  });

  it('listPosts sends filters, sort and offset paging, and returns the metaData', async () => {
    wix.server.use(
      on.get('/v3/posts', () =>
        json({
          posts: [restPost(), restPost({ id: 'post-2', slug: 'second' })],
          metaData: { count: 2, offset: 10, total: 12 },
        }),
      ),
    );
    const page = await wix.source().listPosts({
      featured: true,
      hashtags: ['a', 'b'],
      categoryIds: ['cat-1'],
      tagIds: ['tag-1'],
      memberId: 'member-1',
      language: 'en',
      sort: 'VIEW_COUNT',
      paging: { offset: 10, limit: 2 },
      fieldsets: ['URL'],
    });

    expect(page).toMatchObject({ offset: 10, limit: 2, total: 12 });
    expect(page.items.map((p) => p.id)).toEqual(['post-1', 'post-2']);
    const params = wix.to('/v3/posts')[0]!.url.searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      featured: 'true',
      categoryIds: 'cat-1',
      tagIds: 'tag-1',
      memberId: 'member-1',
      language: 'en',
      sort: 'VIEW_COUNT',
      'paging.offset': '10',
      'paging.limit': '2',
      fieldsets: 'URL',
    });
    expect(params.getAll('hashtags')).toEqual(['a', 'b']);
  });

  it('listPosts checks paging and sort before any request', async () => {
    const source = wix.source();
    await expect(source.listPosts({ paging: { limit: 101 } })).rejects.toMatchObject({ status: 400, wde: 'WDE0035' });
    await expect(source.listPosts({ paging: { offset: -1 } })).rejects.toMatchObject({ status: 400, wde: 'WDE0036' });
    await expect(source.listPosts({ sort: 'NOPE' as never })).rejects.toMatchObject({ status: 400, wde: 'WDE0051' });
    expect(wix.seen).toEqual([]);
  });

  it('listPosts leaves out one malformed post instead of failing the page', async () => {
    wix.server.use(
      on.get('/v3/posts', () =>
        json({
          posts: [
            restPost({ id: 'good-1', slug: 'good-1' }),
            { id: 'no-slug', title: 'Broken' },
            restPost({ id: 'good-2', slug: 'good-2' }),
          ],
          metaData: { total: 3 },
        }),
      ),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const page = await wix.source().listPosts();
    expect(page.items.map((p) => p.id)).toEqual(['good-1', 'good-2']);
  });

  it('listPosts treats an omitted list as empty (proto JSON drops empty fields)', async () => {
    wix.server.use(on.get('/v3/posts', () => json({})));
    await expect(wix.source().listPosts()).resolves.toEqual({
      items: [],
      offset: 0,
      limit: 50,
      total: 0,
    });
  });

  it('getPostMetrics maps the metrics', async () => {
    wix.server.use(on.get('/v3/posts/:id/metrics', () => json({ metrics: { views: 7, likes: 3 } })));
    await expect(wix.source().getPostMetrics('post-1')).resolves.toEqual({ views: 7, likes: 3, comments: 0 });
  });

  it('queryPostCountStats sends rangeStart/months/order/timeZone and cuts at rangeEnd', async () => {
    wix.server.use(
      on.get('/blog/v2/stats/post/count', () =>
        json({
          stats: [
            { periodStart: '2024-01-01T00:00:00.000Z', postCount: 2 },
            { periodStart: '2024-02-01T00:00:00.000Z', postCount: 5 },
            { periodStart: '2024-03-01T00:00:00.000Z', postCount: 1 },
          ],
        }),
      ),
    );
    const stats = await wix.source().queryPostCountStats({
      rangeStart: '2024-01-01T00:00:00Z',
      rangeEnd: '2024-03-01T00:00:00Z',
      order: 'OLDEST',
      language: 'en',
    });

    expect(stats).toEqual([
      { periodStart: '2024-01-01T00:00:00.000Z', postCount: 2 },
      { periodStart: '2024-02-01T00:00:00.000Z', postCount: 5 },
    ]);
    const params = Object.fromEntries(wix.to('/blog/v2/stats/post/count')[0]!.url.searchParams);
    expect(params).toEqual({
      rangeStart: '2024-01-01T00:00:00.000Z',
      order: 'OLDEST',
      months: '3',
      language: 'en',
      // QueryPostCountStatsRequest.timeZone (@wix/auto_sdk_blog_posts): "UTC timezone offset format ... `-05`".
      timeZone: '+00',
    });
  });

  it('queryPostCountStats sends the zone asked for as its offset at the range’s start', async () => {
    wix.server.use(on.get('/blog/v2/stats/post/count', () => json({ stats: [] })));
    const sent = async (timeZone: string, rangeStart: string) => {
      await wix.source().queryPostCountStats({ timeZone, rangeStart, months: 1 });
      return wix.to('/blog/v2/stats/post/count').at(-1)!.url.searchParams.get('timeZone');
    };
    expect(await sent('America/New_York', '2024-01-01T00:00:00Z')).toBe('-05');
    expect(await sent('America/New_York', '2024-07-01T00:00:00Z')).toBe('-04');
    expect(await sent('Asia/Kolkata', '2024-01-01T00:00:00Z')).toBe('+05:30');
    expect(await sent('Europe/London', '2024-01-01T00:00:00Z')).toBe('+00');
  });

  it('queryPostCountStats refuses a bad date or time zone before any request', async () => {
    const source = wix.source();
    await expect(source.queryPostCountStats({ rangeStart: 'yesterday' })).rejects.toMatchObject({ status: 400 });
    await expect(source.queryPostCountStats({ timeZone: 'Mars/Olympus' })).rejects.toMatchObject({ status: 400 });
    expect(wix.seen).toEqual([]);
  });

  it('getTotalPosts returns the total, 0 when Wix omits it', async () => {
    wix.server.use(
      on.get('/blog/v2/stats/posts/total', ({ request }) =>
        json(new URL(request.url).searchParams.get('language') === 'en' ? { total: 42 } : {}),
      ),
    );
    const source = wix.source();
    await expect(source.getTotalPosts({ language: 'en' })).resolves.toBe(42);
    await expect(source.getTotalPosts()).resolves.toBe(0);
  });

  it('searchPosts ranks published posts with their text, reading them with CONTENT_TEXT', async () => {
    wix.server.use(
      on.get('/v3/posts', () =>
        json({
          posts: [
            restPost({ id: 'a', slug: 'a', title: 'Other', contentText: 'about paris in spring' }),
            restPost({ id: 'b', slug: 'b', title: 'Paris', contentText: 'spring' }),
            restPost({ id: 'c', slug: 'c', title: 'Rome', contentText: 'nothing' }),
          ],
          metaData: { total: 3 },
        }),
      ),
    );
    const source = wix.source();
    const found = await source.searchPosts('Paris spring');
    expect(found.map((p) => p.id)).toEqual(['b', 'a']);
    expect(wix.to('/v3/posts')[0]!.url.searchParams.getAll('fieldsets')).toEqual(['CONTENT_TEXT']);

    // Other queries rank the same posts without asking Wix again, until an event says something changed.
    expect((await source.searchPosts('rome')).map((p) => p.id)).toEqual(['c']);
    expect(wix.to('/v3/posts')).toHaveLength(1);
    source.refresh();
    await source.searchPosts('rome');
    expect(wix.to('/v3/posts')).toHaveLength(2);
  });
});
