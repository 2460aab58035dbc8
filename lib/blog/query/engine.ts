import type { CursorPage, Post } from '../types';
import { DEFAULT_PAGE_SIZE, type PostQuery } from '../source';
import { assertCursorQuery, decodeCursor, encodeCursor } from './cursor';
import { type Condition, type FilterNode, fieldValue, matches, parseFilter } from './filter';
import { fieldSpec } from './fields';
import { checkLimit } from '@/lib/core/query/paging';
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
  // No post before `low` can pass the filter (a range on the sort's first field, found by binary search).
  const low = rangeStart(all, sort, filter);
  if (state?.direction === 'prev') {
    after = firstIndex(all, sort, (cmp) => cmp >= 0, state.anchor);
    let i = after - 1;
    for (; i >= low && items.length < limit; i--) if (test(all[i]!)) items.push(all[i]!);
    items.reverse();
    before = i;
  } else {
    const start = Math.max(
      low,
      state?.direction === 'next' ? firstIndex(all, sort, (cmp) => cmp > 0, state.anchor) : 0,
    );
    let i = start;
    for (; i < all.length && items.length < limit; i++) if (test(all[i]!)) items.push(all[i]!);
    before = start - 1;
    after = i;
  }
  /** Whether any post from `from` on (step 1) or back (step -1) passes the filter. */
  const anyFrom = (from: number, step: 1 | -1) => {
    for (let i = from; i >= low && i < all.length; i += step) if (test(all[i]!)) return true;
    return false;
  };
  const hasPrevious = items.length > 0 && anyFrom(before, -1);

  const cursorAt = (post: Post, direction: 'next' | 'prev') =>
    encodeCursor({
      filter: rawFilter as Record<string, unknown> | undefined,
      sort,
      limit,
      anchor: sortKey(post, sort),
      direction,
    });
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

/**
 * The first index of `sorted` that a filter's range on the sort's first field (a date or a number, in a top-level
 * AND) lets through: ascending, a lower bound ($gt, $gte, $between) skips the smaller values and the posts without
 * one (sorted first); descending, an upper bound ($lt, $lte, $between) skips the larger values. 0 without one.
 */
function rangeStart(sorted: Post[], sort: SortSpec[], filter: FilterNode): number {
  const first = sort[0];
  if (!first || !['date', 'number'].includes(fieldSpec(first.fieldName).kind)) return 0;
  const conditions = filter.kind === 'and' ? filter.nodes : [filter];
  let start = 0;
  for (const node of conditions) {
    if (node.kind !== 'condition' || node.field !== first.fieldName) continue;
    const passes = boundTest(node, first.order);
    if (!passes) continue;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (passes(fieldValue(sorted[mid]!, first.fieldName))) hi = mid;
      else lo = mid + 1;
    }
    start = Math.max(start, lo);
  }
  return start;
}

/** For a bound in the sort's direction: a test that is false, then true, along the sorted values (else null). */
function boundTest(c: Condition, order: 'ASC' | 'DESC'): ((value: unknown) => boolean) | null {
  const num = (v: unknown): v is number => typeof v === 'number';
  if (order === 'ASC') {
    const bound = c.op === '$gt' || c.op === '$gte' ? c.value : c.op === '$between' ? c.value[0] : null;
    if (!num(bound)) return null;
    return c.op === '$gt' ? (v) => num(v) && v > bound : (v) => num(v) && v >= bound;
  }
  const bound = c.op === '$lt' || c.op === '$lte' ? c.value : c.op === '$between' ? c.value[1] : null;
  if (!num(bound)) return null;
  // Descending, posts without a value sort last: counted as passing, so the test stays false-then-true (the walk
  // still tests each post).
  return c.op === '$lte' ? (v) => !num(v) || v <= bound : (v) => !num(v) || v < bound;
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
