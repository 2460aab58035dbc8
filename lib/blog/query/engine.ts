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

// A source's memoised lists are meant for the few filters a site's pages repeat (listings by term); `runQuery`
// asks only for sorted lists and filters as it walks.

/** Runs a cursor query over posts held in memory: the whole query language, keyset cursors. */
export function runQuery(posts: Post[] | OrderedPosts, query: PostQuery): CursorPage<Post> {
  const given = query.cursorPaging?.cursor;
  const state = given ? decodeCursor(given) : null;
  if (state) assertCursorQuery(state, query);
  const rawFilter = state ? state.filter : query.filter;
  const filter = parseFilter(rawFilter);
  const sort = state ? parseSort(state.sort) : parseSort(query.sort);
  const limit = checkLimit(query.cursorPaging?.limit ?? state?.limit, DEFAULT_PAGE_SIZE);

  // The page is collected by walking the sorted posts from the cursor's place (binary search) and testing each:
  // a query reads as many posts as its page needs, never filters or sorts a list of its own (a post page's
  // neighbour queries carry that post's date: memoising each would fill the memo and sort again per post).
  const test = (post: Post) => matches(post, filter);
  const all = typeof posts === 'function' ? posts(sort) : sortPosts(posts, sort);
  const items: Post[] = [];
  let before: number;
  let after: number;
  if (state?.direction === 'prev') {
    after = firstIndex(all, sort, (cmp) => cmp >= 0, state.anchor);
    let i = after - 1;
    for (; i >= 0 && items.length < limit; i--) if (test(all[i]!)) items.push(all[i]!);
    items.reverse();
    before = i;
  } else {
    const start = state?.direction === 'next' ? firstIndex(all, sort, (cmp) => cmp > 0, state.anchor) : 0;
    let i = start;
    for (; i < all.length && items.length < limit; i++) if (test(all[i]!)) items.push(all[i]!);
    before = start - 1;
    after = i;
  }
  /** Whether any post from `from` on (step 1) or back (step -1) passes the filter. */
  const anyFrom = (from: number, step: 1 | -1) => {
    for (let i = from; i >= 0 && i < all.length; i += step) if (test(all[i]!)) return true;
    return false;
  };
  const hasPrevious = items.length > 0 && anyFrom(before, -1);

  const cursorAt = (post: Post, direction: 'next' | 'prev') =>
    encodeCursor({ filter: rawFilter as Record<string, unknown> | undefined, sort, limit, anchor: sortKey(post, sort), direction });
  const hasNext = items.length > 0 && anyFrom(after, 1);
  return {
    items,
    hasNext,
    cursors: {
      next: hasNext ? cursorAt(items.at(-1)!, 'next') : null,
      prev: hasPrevious ? cursorAt(items[0]!, 'prev') : null,
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
