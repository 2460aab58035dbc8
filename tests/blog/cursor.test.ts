import { describe, expect, it } from 'vitest';
import { parseQueryBody } from '@/lib/edge/api/query-body';
import { CatalogueError } from '@/lib/core/errors';
import { decodeCursor, encodeCursor } from '@/lib/blog/query/cursor';
import { runQuery } from '@/lib/blog/query/engine';
import { makePosts } from '../helpers/posts';

const posts = makePosts(30);
const wdeOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof CatalogueError) return `${error.status} ${error.wde}`;
    throw error;
  }
  return 'no error';
};

const featuredCursor = () => runQuery(posts, { filter: { featured: true }, cursorPaging: { limit: 2 } }).cursors.next!;

describe('a cursor carries its query (engine)', () => {
  it("refuses a filter that differs from the cursor's own instead of answering the cursor's query", () => {
    const cursor = featuredCursor();
    expect(decodeCursor(cursor).filter).toEqual({ featured: true });
    expect(wdeOf(() => runQuery(posts, { filter: { featured: false }, cursorPaging: { cursor } }))).toBe('400 WDE0165');
    expect(wdeOf(() => runQuery(posts, { filter: {}, cursorPaging: { cursor } }))).toBe('400 WDE0165');
  });

  it("refuses a sort that differs from the cursor's own", () => {
    const cursor = featuredCursor();
    expect(
      wdeOf(() => runQuery(posts, { sort: [{ fieldName: 'title', order: 'ASC' }], cursorPaging: { cursor } })),
    ).toBe('400 WDE0165');
  });

  it("takes the cursor's own filter and sort again, whatever the key order", () => {
    const filter = { 'metrics.views': { $gte: 10, $lt: 90 }, featured: false };
    const sort = [{ fieldName: 'title' as const, order: 'DESC' as const }];
    const cursor = runQuery(posts, { filter, sort, cursorPaging: { limit: 3 } }).cursors.next!;
    const alone = runQuery(posts, { cursorPaging: { cursor } });
    const again = runQuery(posts, {
      filter: { featured: false, 'metrics.views': { $lt: 90, $gte: 10 } },
      sort,
      cursorPaging: { cursor },
    });
    expect(again.items.map((p) => p.id)).toEqual(alone.items.map((p) => p.id));
    expect(alone.items.length).toBe(3);
  });

  it('takes the default sort spelt out when the cursor was issued with the default', () => {
    const cursor = runQuery(posts, { cursorPaging: { limit: 3 } }).cursors.next!;
    expect(
      runQuery(posts, { sort: [{ fieldName: 'firstPublishedDate', order: 'DESC' }], cursorPaging: { cursor } }).items,
    ).toHaveLength(3);
  });
});

describe('a cursor carries its query (request body, before any source)', () => {
  it('refuses a cursor with a different filter before the source is asked', () => {
    const cursor = featuredCursor();
    expect(wdeOf(() => parseQueryBody({ query: { filter: { featured: false }, cursorPaging: { cursor } } }))).toBe(
      '400 WDE0165',
    );
    expect(wdeOf(() => parseQueryBody({ query: { filter: { featured: true }, cursorPaging: { cursor } } }))).toBe(
      'no error',
    );
  });

  it('refuses a filter or sort sent with a cursor it cannot read (a Wix cursor): the cursor would silently win', () => {
    const wixCursor = 'eyJmaWx0ZXIiOnsiZmVhdHVyZWQiOnRydWV9fQ';
    expect(
      wdeOf(() => parseQueryBody({ query: { filter: { featured: false }, cursorPaging: { cursor: wixCursor } } })),
    ).toBe('400 WDE0165');
    expect(
      wdeOf(() => parseQueryBody({ query: { sort: [{ fieldName: 'title' }], cursorPaging: { cursor: wixCursor } } })),
    ).toBe('400 WDE0165');
    // the cursor alone is the source's to judge
    expect(wdeOf(() => parseQueryBody({ query: { cursorPaging: { cursor: wixCursor } } }))).toBe('no error');
  });

  it('leaves a cursor signed by this site but tampered with to WDE0165 as before', () => {
    const [body] = encodeCursor({ filter: undefined, sort: [], limit: 5, anchor: [], direction: 'next' }).split('.');
    expect(wdeOf(() => decodeCursor(`${body}.AAAA`))).toBe('400 WDE0165');
  });
});
