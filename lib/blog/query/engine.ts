import type { CursorPage, Post } from '../schemas';
import { DEFAULT_PAGE_SIZE, type PostQuery } from '../source';
import { assertCursorQuery, decodeCursor, encodeCursor } from './cursor';
import { matches, parseFilter } from './filter';
import { checkLimit } from './paging';
import { type SortSpec, compareKeys, parseSort, sortKey, sortPosts } from './sort';

/** A filter as a predicate, with a key that names it (equal keys, equal filters) so a source can memoise by it. */
export interface PostFilter {
  key: string;
  test: (post: Post) => boolean;
}

/** The posts a filter keeps (every post without one) in a given order; a source may memoise it per snapshot. */
export type OrderedPosts = (sort: SortSpec[], filter?: PostFilter) => Post[];

/** Runs a cursor query over posts held in memory: the whole query language, keyset cursors. */
export function runQuery(posts: Post[] | OrderedPosts, query: PostQuery): CursorPage<Post> {
  const given = query.cursorPaging?.cursor;
  const state = given ? decodeCursor(given) : null;
  if (state) assertCursorQuery(state, query);
  const rawFilter = state ? state.filter : query.filter;
  const filter = parseFilter(rawFilter);
  const sort = state ? parseSort(state.sort) : parseSort(query.sort);
  const limit = checkLimit(query.cursorPaging?.limit ?? state?.limit, DEFAULT_PAGE_SIZE);

  const test = (post: Post) => matches(post, filter);
  const ordered =
    typeof posts === 'function'
      ? posts(sort, rawFilter === undefined || rawFilter === null ? undefined : { key: JSON.stringify(rawFilter), test })
      : sortPosts(posts, sort).filter(test);
  let start = 0;
  let end = Math.min(limit, ordered.length);
  if (state?.direction === 'next') {
    start = firstIndex(ordered, sort, (cmp) => cmp > 0, state.anchor);
    end = Math.min(start + limit, ordered.length);
  } else if (state?.direction === 'prev') {
    end = firstIndex(ordered, sort, (cmp) => cmp >= 0, state.anchor);
    start = Math.max(0, end - limit);
  }

  const items = ordered.slice(start, end);
  const cursorAt = (post: Post, direction: 'next' | 'prev') =>
    encodeCursor({ filter: rawFilter as Record<string, unknown> | undefined, sort, limit, anchor: sortKey(post, sort), direction });
  const hasNext = end < ordered.length && items.length > 0;
  return {
    items,
    hasNext,
    cursors: {
      next: hasNext ? cursorAt(items.at(-1)!, 'next') : null,
      prev: start > 0 && items.length > 0 ? cursorAt(items[0]!, 'prev') : null,
    },
  };
}

/** Binary search: the first index whose key, compared with the anchor, satisfies `test`. */
function firstIndex(posts: Post[], sort: SortSpec[], test: (cmp: number) => boolean, anchor: unknown[]): number {
  let lo = 0;
  let hi = posts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (test(compareKeys(sortKey(posts[mid]!, sort), anchor, sort))) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
