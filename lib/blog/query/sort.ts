import { type SortSpec as AnySortSpec, parseSort as parse } from '@/lib/core/query/sort';
import type { Post, PostSort } from '../types';
import { POST_SCHEMA, type QueryField } from './fields';
import { fieldValue } from './filter';

// Post sorts: the query language's sorts (lib/core/query/sort.ts) over the post fields, and the order they put posts
// in.

export type SortSpec = AnySortSpec<QueryField>;

/** What `queryPosts` sorts by when the query names no sort, as the platform does. */
export const DEFAULT_QUERY_SORT: SortSpec[] = [{ fieldName: 'firstPublishedDate', order: 'DESC' }];

/** The named sorts of `listPosts`, as field sorts. */
export const NAMED_SORTS: Record<PostSort, SortSpec[]> = {
  FEED: [
    { fieldName: 'pinned', order: 'DESC' },
    { fieldName: 'firstPublishedDate', order: 'DESC' },
  ],
  PUBLISHED_DATE_DESC: [{ fieldName: 'firstPublishedDate', order: 'DESC' }],
  PUBLISHED_DATE_ASC: [{ fieldName: 'firstPublishedDate', order: 'ASC' }],
  VIEW_COUNT: [{ fieldName: 'metrics.views', order: 'DESC' }],
  LIKE_COUNT: [{ fieldName: 'metrics.likes', order: 'DESC' }],
  TITLE_ASC: [{ fieldName: 'title', order: 'ASC' }],
  TITLE_DESC: [{ fieldName: 'title', order: 'DESC' }],
};

/** Validates a raw post `sort` array (WDE0050, WDE0051); none given is the platform's default order. */
export function parseSort(raw: unknown): SortSpec[] {
  const specs = parse(raw, POST_SCHEMA);
  return specs.length > 0 ? specs : DEFAULT_QUERY_SORT;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Missing values sort first ascending, last descending; ties are broken by id so every order is total. */
export function compareValues(a: unknown, b: unknown): number {
  const aMissing = a === undefined || a === null;
  const bMissing = b === undefined || b === null;
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? -1 : 1;
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

/** The values a post is ordered by under `sort`, id last; a cursor stores these for the page edge. */
export const sortKey = (post: Post, sort: SortSpec[]): unknown[] => [
  ...sort.map((s) => fieldValue(post, s.fieldName)),
  post.id,
];

export function compareKeys(a: unknown[], b: unknown[], sort: SortSpec[]): number {
  for (let i = 0; i < sort.length; i++) {
    const cmp = compareValues(a[i], b[i]);
    if (cmp !== 0) return sort[i]!.order === 'DESC' ? -cmp : cmp;
  }
  return compareValues(a[sort.length], b[sort.length]);
}

export function sortPosts(posts: Post[], sort: SortSpec[]): Post[] {
  const keyed = posts.map((post) => ({ post, key: sortKey(post, sort) }));
  keyed.sort((x, y) => compareKeys(x.key, y.key, sort));
  return keyed.map((k) => k.post);
}

/** Where `post` goes in `sorted` (in `sort` order): the index of the first post that sorts after it, or its own. */
function positionOf(sorted: Post[], sort: SortSpec[], key: unknown[]): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareKeys(sortKey(sorted[mid]!, sort), key, sort) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * `sorted` (in `sort` order) with the `removed` posts (as they were when sorted) taken out and `added` put in their
 * places: what an edit does to a sorted list, found by binary search instead of sorting or scanning again.
 */
export function patchSorted(
  sorted: Post[],
  sort: SortSpec[],
  removed: readonly Post[],
  added: readonly Post[],
): Post[] {
  const result = sorted.slice();
  for (const post of removed) {
    let index = positionOf(result, sort, sortKey(post, sort));
    if (result[index]?.id !== post.id) index = result.findIndex((p) => p.id === post.id);
    if (index >= 0) result.splice(index, 1);
  }
  for (const post of added) result.splice(positionOf(result, sort, sortKey(post, sort)), 0, post);
  return result;
}
