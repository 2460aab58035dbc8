import { describe, expect, it } from 'vitest';
import { makePosts } from '../helpers/posts';
import { withSite } from '../helpers/site';

const posts = makePosts(40);
withSite({}, { content: posts, database: true });

const { GET: listRoute } = await import('@/app/api/posts/route');
const { GET: postRoute } = await import('@/app/api/posts/[postId]/route');
const { GET: metricsRoute } = await import('@/app/api/posts/[postId]/metrics/route');
const { GET: slugRoute } = await import('@/app/api/posts/slugs/[slug]/route');
const { POST: queryRoute } = await import('@/app/api/posts/query/route');
const { GET: statsRoute } = await import('@/app/api/stats/post-count/route');
const { GET: totalRoute } = await import('@/app/api/stats/total/route');

const base = 'http://localhost:3000';
const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) }) as never;
const get = (path: string) => new Request(`${base}${path}`);
const query = (body: unknown) =>
  queryRoute(
    new Request(`${base}/api/posts/query`, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    }),
    ctx({}),
  );

async function expectError(response: Response, status: number, wde: string | RegExp) {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body.error.wde).toMatch(wde);
  expect(body.error.code).toBe(status >= 500 ? 'WD_UNKNOWN_ERROR' : 'WD_VALIDATION_ERROR');
  expect(typeof body.error.message).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
}

describe('GET /api/posts', () => {
  it('pages by offset and reports the total', async () => {
    const response = await listRoute(get('/api/posts?paging.limit=5&paging.offset=5'), ctx({}));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.posts).toHaveLength(5);
    // ListPostsResponse's MetaData (@wix/auto_sdk_blog_posts build/es/meta.d.mts): count, offset, total, cursor.
    expect(body.metaData).toEqual({ count: 5, offset: 5, total: posts.length });
  });

  it('filters and sorts', async () => {
    const body = await (
      await listRoute(get('/api/posts?featured=true&sort=VIEW_COUNT&fieldsets=METRICS'), ctx({}))
    ).json();
    expect(body.posts.every((p: { featured: boolean }) => p.featured)).toBe(true);
    const views = body.posts.map((p: { metrics: { views: number } }) => p.metrics.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
  });

  it.each([
    ['paging.limit=101', 'WDE0035'],
    ['paging.limit=abc', 'WDE0032'],
    ['paging.limit=1.5', 'WDE0033'],
    ['paging.limit=-1', 'WDE0034'],
    ['paging.offset=-3', 'WDE0036'],
    ['paging.offset=9007199254740993', 'WDE0037'],
    ['sort=RANDOM', 'WDE0051'],
    ['fieldsets=EVERYTHING', 'WDE0051'],
    ['featured=maybe', 'WDE0049'],
  ])('rejects %s', async (search, wde) => {
    const response = await listRoute(get(`/api/posts?${search}`), ctx({}));
    await expectError(response, 400, wde);
  });

  it('rejects a URL longer than 2048 characters with 414', async () => {
    await expectError(await listRoute(get(`/api/posts?hashtags=${'a'.repeat(2100)}`), ctx({})), 414, 'WDE0109');
  });
});

describe('GET /api/posts/{postId} and slugs', () => {
  it('answers a post with its fieldsets', async () => {
    const body = await (
      await postRoute(get('/api/posts/post-0002?fieldsets=RICH_CONTENT'), ctx({ postId: 'post-0002' }))
    ).json();
    expect(body.post.id).toBe('post-0002');
    expect(body.post.richContent.nodes).toHaveLength(1);
    const bySlug = await (await slugRoute(get('/api/posts/slugs/post-2'), ctx({ slug: 'post-2' }))).json();
    expect(bySlug.post.id).toBe('post-0002');
    expect(bySlug.post.richContent).toBeUndefined();
  });

  it('answers 404 WDE0073 for unknown ids and slugs', async () => {
    await expectError(await postRoute(get('/api/posts/no-such-id'), ctx({ postId: 'no-such-id' })), 404, 'WDE0073');
    await expectError(
      await slugRoute(get('/api/posts/slugs/no-such-slug'), ctx({ slug: 'no-such-slug' })),
      404,
      'WDE0073',
    );
    await expectError(
      await metricsRoute(get('/api/posts/no-such-id/metrics'), ctx({ postId: 'no-such-id' })),
      404,
      'WDE0073',
    );
  });

  it('answers metrics', async () => {
    const body = await (await metricsRoute(get('/api/posts/post-0004/metrics'), ctx({ postId: 'post-0004' }))).json();
    expect(body).toEqual({
      metrics: {
        views: posts[4]!.metrics!.views,
        likes: posts[4]!.metrics!.likes,
        comments: posts[4]!.metrics!.comments,
      },
    });
  });
});

describe('POST /api/posts/query', () => {
  it('walks every cursor with limit 7: each post once, in sort order', async () => {
    const ids: string[] = [];
    let body = await (
      await query({ query: { sort: [{ fieldName: 'title', order: 'ASC' }], cursorPaging: { limit: 7 } } })
    ).json();
    ids.push(...body.posts.map((p: { id: string }) => p.id));
    while (body.pagingMetadata.cursors.next) {
      body = await (await query({ query: { cursorPaging: { cursor: body.pagingMetadata.cursors.next } } })).json();
      expect(body.pagingMetadata.count).toBe(body.posts.length);
      ids.push(...body.posts.map((p: { id: string }) => p.id));
    }
    const expected = [...posts]
      .sort((a, b) => a.title.localeCompare(b.title, 'en', { numeric: true }))
      .map((p) => p.id);
    expect(ids).toEqual(expected);
    expect(body.pagingMetadata.hasNext).toBe(false);
  });

  it('filters', async () => {
    const body = await (
      await query({ query: { filter: { 'metrics.likes': { $gte: 10 } } }, fieldsets: ['METRICS'] })
    ).json();
    expect(body.posts.length).toBe(posts.filter((p) => p.metrics!.likes >= 10).length);
  });

  it.each([
    ['a $regex filter', { query: { filter: { title: { $regex: 'a' } } } }, 400, 'WDE0070'],
    [
      'cursor paging with paging.offset',
      { query: { cursorPaging: { limit: 5 }, paging: { offset: 5 } } },
      400,
      'WDE0080',
    ],
    ['skip', { query: { skip: 5 } }, 400, 'WDE0080'],
    ['limit 101', { query: { cursorPaging: { limit: 101 } } }, 400, /^WDE003[2-7]$/],
    ['limit 0', { query: { cursorPaging: { limit: 0 } } }, 400, /^WDE003[2-7]$/],
    ['limit as a string', { query: { cursorPaging: { limit: '5' } } }, 400, /^WDE003[2-7]$/],
    ['a string as filter', { query: { filter: 'featured eq true' } }, 400, 'WDE0016'],
    [
      '$between with one value',
      { query: { filter: { minutesToRead: { $between: [1] } } } },
      400,
      /^WDE00(3[89]|4[0-3])$/,
    ],
    ['an unknown operator', { query: { filter: { title: { $near: 'a' } } } }, 400, /^WDE004[4-9]|WDE005[01]$/],
    ['a sort field that is not a string', { query: { sort: [{ fieldName: 5 }] } }, 400, 'WDE0050'],
    ['a sort field that is not sortable', { query: { sort: [{ fieldName: 'tagIds' }] } }, 400, 'WDE0051'],
    [
      '1001 ids',
      { query: { filter: { id: { $in: Array.from({ length: 1001 }, (_, i) => `${i}`) } } } },
      400,
      'WDE0068',
    ],
    ['a malformed cursor', { query: { cursorPaging: { cursor: 'not-a-cursor' } } }, 400, 'WDE0165'],
    ['a body that is not JSON', '{"query": ', 400, 'WDE0004'],
    ['a 70 KiB body', { query: { filter: { title: 'x'.repeat(70 * 1024) } } }, 413, 'WDE0109'],
  ])('rejects %s', async (_name, body, status, wde) => {
    await expectError(await query(body), status as number, wde as string);
  });
});

describe('POST /api/posts/query: a cursor carries its query', () => {
  const featured = { featured: true };
  const firstPage = async (q: Record<string, unknown>) =>
    (await (await query({ query: { ...q, cursorPaging: { limit: 2 } } })).json()).pagingMetadata.cursors.next as string;

  it("refuses a cursor sent with a filter that differs from its own (it used to answer the cursor's posts with 200)", async () => {
    const cursor = await firstPage({ filter: featured });
    const response = await query({ query: { filter: { featured: false }, cursorPaging: { cursor } } });
    await expectError(response, 400, 'WDE0165');
  });

  it('refuses a filter sent with a cursor that was issued without one', async () => {
    const cursor = await firstPage({});
    await expectError(await query({ query: { filter: featured, cursorPaging: { cursor } } }), 400, 'WDE0165');
  });

  it('refuses a cursor sent with a sort that differs from its own', async () => {
    const cursor = await firstPage({ filter: featured, sort: [{ fieldName: 'title', order: 'ASC' }] });
    await expectError(
      await query({ query: { sort: [{ fieldName: 'title', order: 'DESC' }], cursorPaging: { cursor } } }),
      400,
      'WDE0165',
    );
    await expectError(
      await query({ query: { sort: [{ fieldName: 'metrics.views' }], cursorPaging: { cursor } } }),
      400,
      'WDE0165',
    );
  });

  it('takes the same filter and sort again, in any key order, and answers the same page as the cursor alone', async () => {
    const filter = { $and: [{ featured: true }, { 'metrics.views': { $gte: 0, $lte: 1000 } }] };
    const sort = [{ fieldName: 'title', order: 'ASC' }];
    const cursor = await firstPage({ filter, sort });
    const alone = await (await query({ query: { cursorPaging: { cursor } } })).json();
    const reordered = { $and: [{ featured: true }, { 'metrics.views': { $lte: 1000, $gte: 0 } }] };
    const again = await query({
      query: { filter: reordered, sort: [{ order: 'ASC', fieldName: 'title' }], cursorPaging: { cursor } },
    });
    expect(again.status).toBe(200);
    const body = await again.json();
    expect(body.posts.map((p: { id: string }) => p.id)).toEqual(alone.posts.map((p: { id: string }) => p.id));
    expect(body.posts.length).toBeGreaterThan(0);
    expect(body.posts.every((p: { featured: boolean }) => p.featured)).toBe(true);
  });

  it('reads a null filter or sort sent with a cursor as not sent', async () => {
    const cursor = await firstPage({ filter: featured, sort: [{ fieldName: 'title', order: 'ASC' }] });
    expect((await query({ query: { filter: null, sort: null, cursorPaging: { cursor } } })).status).toBe(200);
  });
});

describe('the same number gives the same code in a query string and a body', () => {
  it.each([
    ['1e21', 'WDE0037'],
    ['1E21', 'WDE0037'],
    ['9007199254740992', 'WDE0037'],
    ['1e2', null],
    ['1.5e0', 'WDE0033'],
    ['1.5e1', null],
    ['-1e21', 'WDE0037'],
  ])('paging.limit=%s', async (text, wde) => {
    const fromQuery = await listRoute(get(`/api/posts?paging.limit=${text}`), ctx({}));
    const fromBody = await query(`{"query":{"cursorPaging":{"limit":${text}}}}`);
    if (wde === null) {
      expect([fromQuery.status, fromBody.status]).toEqual([200, 200]);
    } else {
      await expectError(fromQuery, 400, wde);
      await expectError(fromBody, 400, wde);
    }
  });

  it('paging.offset=1e21 is WDE0037 too', async () => {
    await expectError(await listRoute(get('/api/posts?paging.offset=1e21'), ctx({})), 400, 'WDE0037');
  });
});

describe('stats', () => {
  it('counts posts per month and in total', async () => {
    const stats = await (await statsRoute(get('/api/stats/post-count?order=NEWEST&timeZone=UTC'), ctx({}))).json();
    expect(stats.stats.reduce((n: number, s: { postCount: number }) => n + s.postCount, 0)).toBe(posts.length);
    expect(stats.stats[0].periodStart > stats.stats[1].periodStart).toBe(true);
    expect(await (await totalRoute(get('/api/stats/total'), ctx({}))).json()).toEqual({ total: posts.length });
  });

  it('reads a time zone in any spelling', async () => {
    const canonical = await (await statsRoute(get('/api/stats/post-count?timeZone=Europe/Paris'), ctx({}))).json();
    expect(await (await statsRoute(get('/api/stats/post-count?timeZone=eUROPE/pARIS'), ctx({}))).json()).toEqual(
      canonical,
    );
  });

  it.each([
    ['order=SIDEWAYS', 'WDE0051'],
    ['months=0', 'WDE0035'],
    ['rangeStart=yesterday', 'WDE0046'],
    ['timeZone=Mars/Base', 'WDE0046'],
    ['rangeStart=275760-09-13&months=1', 'WDE0046'],
    ['rangeStart=-271821-04-20T00:00:00Z&months=1', 'WDE0046'],
  ])('rejects %s', async (search, wde) => {
    await expectError(await statsRoute(get(`/api/stats/post-count?${search}`), ctx({})), 400, wde);
  });
});
