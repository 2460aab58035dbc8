import { describe, expect, it } from 'vitest';
import { parseFilter } from '@/lib/blog/query/filter';
import { toWixFilter } from '@/lib/blog/wix/query';
import { restPost } from '../../helpers/wix-blog';
import { json, on, withFakeWix } from './server';

const wix = withFakeWix();

const translate = (filter: Record<string, unknown>) => toWixFilter(parseFilter(filter));

describe('wix source: filter translation', () => {
  it('$between becomes a $gte/$lt range, dates as ISO strings', () => {
    expect(translate({ firstPublishedDate: { $between: ['2024-01-01', '2024-02-01'] } })).toEqual({
      firstPublishedDate: { $gte: '2024-01-01T00:00:00.000Z', $lt: '2024-02-01T00:00:00.000Z' },
    });
    expect(translate({ 'metrics.views': { $between: [10, 20] } })).toEqual({ 'metrics.views': { $gte: 10, $lt: 20 } });
  });

  it('keeps what Wix supports and merges conditions on one field', () => {
    expect(translate({ title: { $startsWith: 'Hel', $ne: 'Hello' }, featured: true })).toEqual({
      title: { $startsWith: 'Hel', $ne: 'Hello' },
      featured: { $eq: true },
    });
  });

  it('rewrites operators a field lacks into ones it has', () => {
    expect(translate({ id: { $in: ['a', 'b'] } })).toEqual({ id: { $hasSome: ['a', 'b'] } });
    expect(translate({ slug: 'hello' })).toEqual({ slug: { $hasSome: ['hello'] } });
    expect(translate({ categoryIds: { $ne: 'c1' } })).toEqual({ $not: { categoryIds: { $hasSome: ['c1'] } } });
    expect(translate({ language: { $eq: null } })).toEqual({ language: { $exists: false } });
    expect(translate({ title: { $isEmpty: true } })).toEqual({
      $or: [{ title: { $exists: false } }, { title: { $eq: '' } }],
    });
    expect(translate({ title: { $isNotEmpty: true } })).toEqual({
      $and: [{ title: { $exists: true } }, { title: { $ne: '' } }],
    });
  });

  it('keeps nested $and/$or/$not', () => {
    expect(
      translate({
        $or: [{ featured: true }, { $not: { hashtags: { $hasAll: ['x', 'y'] } } }],
        $and: [{ minutesToRead: { $lte: 5 } }],
      }),
    ).toEqual({
      $or: [{ featured: { $eq: true } }, { $not: { hashtags: { $hasAll: ['x', 'y'] } } }],
      minutesToRead: { $lte: 5 },
    });
  });

  it('refuses what Wix cannot do with a 400 naming the operator and field', () => {
    const refused = (filter: Record<string, unknown>) => {
      try {
        translate(filter);
      } catch (error) {
        return error;
      }
      throw new Error('not refused');
    };
    expect(refused({ slug: { $startsWith: 'a' } })).toMatchObject({
      status: 400,
      wde: 'WDE0044',
      message: expect.stringMatching(/"slug" with \$startsWith/),
    });
    expect(refused({ memberId: { $contains: 'x' } })).toMatchObject({
      status: 400,
      message: expect.stringContaining('$contains'),
    });
    expect(refused({ categoryIds: { $isEmpty: true } })).toMatchObject({
      status: 400,
      message: expect.stringContaining('$isEmpty'),
    });
    expect(refused({ id: { $gt: 'a' } })).toMatchObject({ status: 400, message: expect.stringContaining('$gt') });
    // PostQuerySpec's `title` operators have no $contains nor $endsWith: refused here, never sent for Wix to refuse.
    expect(refused({ title: { $contains: 'x' } })).toMatchObject({ status: 400, wde: 'WDE0044' });
    expect(refused({ title: { $endsWith: 'x' } })).toMatchObject({ status: 400, wde: 'WDE0044' });
  });
});

describe('wix source: queryPosts', () => {
  it('sends the translated query with cursor paging and returns the cursors', async () => {
    wix.server.use(
      on.post('/v3/posts/query', () =>
        json({ posts: [restPost()], pagingMetadata: { count: 1, cursors: { next: 'NEXT', prev: null } } }),
      ),
    );
    const page = await wix.source().queryPosts(
      {
        filter: { firstPublishedDate: { $between: ['2024-01-01', '2024-02-01'] } },
        sort: [{ fieldName: 'title', order: 'ASC' }],
        cursorPaging: { limit: 5 },
      },
      { fieldsets: ['URL'] },
    );

    expect(page.items.map((p) => p.id)).toEqual(['post-1']);
    expect(page.cursors).toEqual({ next: 'NEXT', prev: null });
    expect(page.hasNext).toBe(true);
    expect(wix.to('/v3/posts/query')[0]!.body).toEqual({
      query: {
        filter: { firstPublishedDate: { $gte: '2024-01-01T00:00:00.000Z', $lt: '2024-02-01T00:00:00.000Z' } },
        sort: [{ fieldName: 'title', order: 'ASC' }],
        cursorPaging: { limit: 5 },
      },
      fieldsets: ['URL'],
    });
  });

  it('with a cursor sends only the cursor and limit (Wix keeps filter and sort in it)', async () => {
    wix.server.use(on.post('/v3/posts/query', () => json({ posts: [], pagingMetadata: { cursors: {} } })));
    const page = await wix
      .source()
      .queryPosts({ filter: { featured: true }, cursorPaging: { cursor: 'NEXT', limit: 5 } });
    expect(page).toEqual({ items: [], cursors: { next: null, prev: null }, hasNext: false });
    expect(wix.to('/v3/posts/query')[0]!.body).toEqual({ query: { cursorPaging: { cursor: 'NEXT', limit: 5 } } });
  });

  it('a cursor Wix rejects is WDE0165', async () => {
    wix.server.use(on.post('/v3/posts/query', () => json({ message: 'bad cursor' }, { status: 400 })));
    await expect(wix.source().queryPosts({ cursorPaging: { cursor: 'garbage' } })).rejects.toMatchObject({
      status: 400,
      wde: 'WDE0165',
    });
  });

  it('checks filter, sort and limit before any request', async () => {
    const source = wix.source();
    await expect(source.queryPosts({ filter: { title: { $regex: 'x' } } })).rejects.toMatchObject({ wde: 'WDE0070' });
    await expect(source.queryPosts({ filter: { slug: { $endsWith: 'x' } } })).rejects.toMatchObject({
      status: 400,
      wde: 'WDE0044',
    });
    await expect(
      source.queryPosts({ sort: [{ fieldName: 'minutesToRead' as never, order: 'ASC' }] }),
    ).rejects.toMatchObject({ wde: 'WDE0051' });
    await expect(source.queryPosts({ cursorPaging: { limit: 0 } })).rejects.toMatchObject({ wde: 'WDE0035' });
    await expect(source.queryPosts({ paging: { offset: 1 } } as never)).rejects.toMatchObject({ wde: 'WDE0080' });
    expect(wix.seen).toEqual([]);
  });

  it('an upstream 400 is a validation error carrying the Wix message', async () => {
    wix.server.use(
      on.post('/v3/posts/query', () => json({ message: 'Unsupported filter field', details: {} }, { status: 400 })),
    );
    const error = await wix
      .source()
      .queryPosts({ filter: { featured: true } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      code: 'WD_VALIDATION_ERROR',
      message: expect.stringContaining('Unsupported filter field'),
    });
  });
});
