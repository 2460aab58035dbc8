import { z } from 'zod';
import { isCatalogueError } from '@/lib/core/errors';
import { listPosts, queryPosts } from '@/lib/blog/reads';
import type { Post, PostFieldset, PostSort } from '@/lib/blog/types';
import type { PostQuery } from '@/lib/blog';
import type { DashboardParams, TableSort } from '@/lib/edge/dashboard/params';
import { type MetricRow, toRow } from '@/lib/edge/dashboard/rows';
import { type RatingSummary, rankedPosts } from '@/lib/ratings';
import { withReaderCounts } from './reader-counts';

// The metrics table, one page at a time, read through the same cached calls as the JSON API. Named
// sorts page by offset (page N of M); comments have no named sort on the platform, so that order pages
// by cursor through a query, and ratings are in no platform's index, so that order is made here (below) and
// pages by a cursor of its own. `api` is the JSON API request that answers the same page, for live refresh.

export const TABLE_PAGE_SIZE = 50;
const FIELDSETS: PostFieldset[] = ['METRICS'];

const NAMED_SORT: Record<Exclude<TableSort, 'comments' | 'rating'>, PostSort> = {
  views: 'VIEW_COUNT',
  likes: 'LIKE_COUNT',
  newest: 'PUBLISHED_DATE_DESC',
  oldest: 'PUBLISHED_DATE_ASC',
  title: 'TITLE_ASC',
  'title-desc': 'TITLE_DESC',
};

export type ApiRequest = { method: 'GET'; url: string } | { method: 'POST'; url: string; body: unknown };

export type TablePaging =
  | { kind: 'offset'; page: number; pageCount: number; total: number }
  | { kind: 'cursor'; next: string | null; prev: string | null };

export interface PostTable {
  rows: MetricRow[];
  paging: TablePaging;
  /** Null when no JSON API request answers the page in its order (the rating order): its rows stay as rendered. */
  api: ApiRequest | null;
}

export function listRequest(sort: PostSort, offset: number, limit: number): ApiRequest {
  const query = new URLSearchParams({
    sort,
    'paging.offset': String(offset),
    'paging.limit': String(limit),
    fieldsets: FIELDSETS.join(','),
  });
  return { method: 'GET', url: `/api/posts?${query}` };
}

async function byComments(cursor: string | undefined): Promise<PostTable> {
  const query: PostQuery = cursor
    ? { cursorPaging: { cursor, limit: TABLE_PAGE_SIZE } }
    : { sort: [{ fieldName: 'metrics.comments', order: 'DESC' }], cursorPaging: { limit: TABLE_PAGE_SIZE } };
  const page = await queryPosts(query, { fieldsets: FIELDSETS });
  return {
    rows: (await withReaderCounts(page.items)).map(toRow),
    paging: { kind: 'cursor', next: page.cursors.next, prev: page.cursors.prev },
    api: { method: 'POST', url: '/api/posts/query', body: { query, fieldsets: FIELDSETS } },
  };
}

async function byName(sort: PostSort, pageNumber: number): Promise<PostTable> {
  const offset = (pageNumber - 1) * TABLE_PAGE_SIZE;
  const page = await listPosts({ sort, paging: { offset, limit: TABLE_PAGE_SIZE }, fieldsets: FIELDSETS });
  return {
    rows: (await withReaderCounts(page.items)).map(toRow),
    paging: {
      kind: 'offset',
      page: pageNumber,
      pageCount: Math.max(1, Math.ceil(page.total / TABLE_PAGE_SIZE)),
      total: page.total,
    },
    api: listRequest(sort, offset, TABLE_PAGE_SIZE),
  };
}

export async function loadPostTable(params: Pick<DashboardParams, 'sort' | 'page' | 'cursor'>): Promise<PostTable> {
  // A stale or hand-edited cursor starts the rating order again too (readCursor).
  if (params.sort === 'rating') return byRating(params.cursor);
  if (params.sort !== 'comments') return byName(NAMED_SORT[params.sort], params.page);
  try {
    return await byComments(params.cursor);
  } catch (error) {
    // A stale or hand-edited cursor starts the list again instead of failing the page.
    if (params.cursor && isCatalogueError(error) && error.status === 400) return byComments(undefined);
    throw error;
  }
}

// The rating order (issue 31): best rated first (average as shown, then count, then newest), then every post without
// a rating, newest first. The rated posts are ranked by one grouped query over their ratings (lib/ratings
// `rankedPosts`, at most RANKED_LIMIT) and each read once: a post deleted or unpublished since it was rated drops
// out, and the newest comes first among equals. The rest is walked in the platform's own date order, the rated posts
// skipped. A page edge is a cursor of our own, the edge row's place in that order (the platform's cursor would carry
// a filter of every rated id), so next and previous pages neither repeat nor skip a post, ratings coming or not.

/** Posts read per query while ordering (the platform's largest page). */
const WALK_PAGE = 100;
const NEWEST_FIRST: NonNullable<PostQuery['sort']> = [
  { fieldName: 'firstPublishedDate', order: 'DESC' },
  { fieldName: 'id', order: 'ASC' },
];
/** NEWEST_FIRST backwards, ties included: the walk to a previous page. */
const OLDEST_FIRST: NonNullable<PostQuery['sort']> = [
  { fieldName: 'firstPublishedDate', order: 'ASC' },
  { fieldName: 'id', order: 'DESC' },
];

/** A post's place in the rating order: its first publication (epoch ms; null: none, sorted last), its rating if any. */
interface Place {
  id: string;
  date: number | null;
  rated?: RatingSummary;
}
type RatedPlace = Place & { rated: RatingSummary };

const isRated = (place: Place): place is RatedPlace => place.rated !== undefined;
const dateOf = (post: Post): number | null => (post.firstPublishedDate ? Date.parse(post.firstPublishedDate) : null);
/** Newest first, undated last (as the platform's newest first). */
const byDate = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : b - a);
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareRated = (a: RatedPlace, b: RatedPlace) =>
  b.rated.average - a.rated.average || b.rated.count - a.rated.count || byDate(a.date, b.date) || byId(a.id, b.id);

/** The page edge in the URL: which way, and the edge row's place (base64url JSON; anything else starts again). */
const RatingCursor = z.object({
  d: z.enum(['next', 'prev']),
  id: z.string().min(1).max(200),
  t: z.number().int().nullable(),
  r: z.tuple([z.number().min(0).max(5), z.number().int().nonnegative()]).optional(),
});
type Direction = z.infer<typeof RatingCursor>['d'];

const writeCursor = (d: Direction, place: Place): string =>
  Buffer.from(
    JSON.stringify({ d, id: place.id, t: place.date, r: place.rated && [place.rated.average, place.rated.count] }),
  ).toString('base64url');

function readCursor(text: string | undefined): { direction: Direction; place: Place } | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const cursor = RatingCursor.safeParse(raw);
  if (!cursor.success) return null;
  const { d, id, t, r } = cursor.data;
  return { direction: d, place: { id, date: t, ...(r && { rated: { average: r[0], count: r[1] } }) } };
}

/** The published posts among `ids`, read 100 at a time in id order (a read's cache key outlives changes of rank). */
async function publishedById(ids: string[], fieldsets?: PostFieldset[]): Promise<Map<string, Post>> {
  const sorted = [...ids].sort(byId);
  const reads = [];
  for (let i = 0; i < sorted.length; i += WALK_PAGE) {
    const query: PostQuery = {
      filter: { id: { $in: sorted.slice(i, i + WALK_PAGE) } },
      cursorPaging: { limit: WALK_PAGE },
    };
    reads.push(queryPosts(query, fieldsets ? { fieldsets } : {}));
  }
  return new Map((await Promise.all(reads)).flatMap((page) => page.items.map((post) => [post.id, post] as const)));
}

/** The rated posts still published, best first. */
async function ratedPlaces(): Promise<RatedPlace[]> {
  const ranked = await rankedPosts();
  const posts = await publishedById(ranked.map((entry) => entry.postId));
  return ranked
    .flatMap(({ postId, average, count }) => {
      const post = posts.get(postId);
      return post ? [{ id: postId, date: dateOf(post), rated: { average, count } }] : [];
    })
    .sort(compareRated);
}

/** A query's posts in its order, read page by page (the platform's cursors serve only within this read). */
async function* walk(query: PostQuery): AsyncGenerator<Post> {
  for (let next: PostQuery | null = { ...query, cursorPaging: { limit: WALK_PAGE } }; next;) {
    const page = await queryPosts(next);
    yield* page.items;
    next = page.cursors.next ? { cursorPaging: { cursor: page.cursors.next, limit: WALK_PAGE } } : null;
  }
}

/**
 * The posts without a publication date (a local content folder may have some; Wix publishes none), newest first's
 * order. Read from the start of oldest first, where they come first: no filter (Wix's posts take no `$exists` on it).
 */
async function* undated(): AsyncGenerator<Post> {
  const found: Post[] = [];
  for await (const post of walk({ sort: OLDEST_FIRST })) {
    if (post.firstPublishedDate) break;
    found.push(post);
  }
  yield* found.reverse();
}

/** Every post from `from`'s date on (the start without one), going forwards or back: the anchor and its ties too. */
async function* postsFrom(from: Place | null, direction: Direction): AsyncGenerator<Post> {
  const iso = from?.date != null ? new Date(from.date).toISOString() : null;
  if (direction === 'prev') {
    yield* walk({ filter: iso ? { firstPublishedDate: { $gte: iso } } : undefined, sort: OLDEST_FIRST });
  } else if (!from) {
    yield* walk({ sort: NEWEST_FIRST });
  } else {
    if (iso) yield* walk({ filter: { firstPublishedDate: { $lte: iso } }, sort: NEWEST_FIRST });
    yield* undated();
  }
}

/**
 * Up to `want` posts without a rating next to `from` (after it, or before it when going back; from the start without
 * one), nearest first, with the rated skipped. Among the posts sharing the anchor's date the walk starts past the
 * anchor; if the anchor is gone (deleted, rated since), at the first of them: a row may show again, none is skipped.
 */
async function unratedPlaces(rated: Set<string>, from: Place | null, direction: Direction, want: number) {
  const found: Place[] = [];
  const keep = (place: Place) => {
    if (!rated.has(place.id)) found.push(place);
  };
  let ties: Place[] = [];
  let passed = from === null;
  for await (const post of postsFrom(from, direction)) {
    const place: Place = { id: post.id, date: dateOf(post) };
    if (!passed && from) {
      if (place.date === from.date) {
        if (place.id === from.id) [passed, ties] = [true, []];
        else ties.push(place);
        continue;
      }
      passed = true;
      ties.forEach(keep);
    }
    keep(place);
    if (found.length >= want) break;
  }
  if (!passed) ties.forEach(keep);
  return found.slice(0, want);
}

async function ratingTable(places: Place[], next: Place | null, prev: Place | null): Promise<PostTable> {
  const posts = await publishedById(
    places.map((place) => place.id),
    FIELDSETS,
  );
  const page = places.flatMap((place) => posts.get(place.id) ?? []);
  return {
    rows: (await withReaderCounts(page)).map(toRow),
    paging: {
      kind: 'cursor',
      next: next && writeCursor('next', next),
      prev: prev && writeCursor('prev', prev),
    },
    api: null,
  };
}

async function byRating(cursor: string | undefined): Promise<PostTable> {
  const at = readCursor(cursor);
  const rated = await ratedPlaces();
  const ratedIds = new Set(rated.map((place) => place.id));
  if (at?.direction !== 'prev') return ratingPageAfter(rated, ratedIds, at?.place ?? null);

  // Back from a page's first row: the nearest posts before it, from the unrated rest (when it is there) into the
  // rated. With a page or less before it, that is the first page.
  const anchor = at.place;
  const want = TABLE_PAGE_SIZE + 1;
  const before = isRated(anchor) ? [] : await unratedPlaces(ratedIds, anchor, 'prev', want);
  for (let i = rated.length - 1; i >= 0 && before.length < want; i--) {
    const place = rated[i]!;
    if (!isRated(anchor) || compareRated(place, anchor) < 0) before.push(place);
  }
  if (before.length <= TABLE_PAGE_SIZE) return ratingPageAfter(rated, ratedIds, null);
  const places = before.slice(0, TABLE_PAGE_SIZE).reverse();
  return ratingTable(places, places.at(-1)!, places[0]!);
}

/** The page after `from` (the first page without one): the rated posts after it, then the unrated. */
async function ratingPageAfter(rated: RatedPlace[], ratedIds: Set<string>, from: Place | null): Promise<PostTable> {
  const want = TABLE_PAGE_SIZE + 1;
  const after: Place[] =
    from === null ? rated.slice(0, want) : isRated(from) ? rated.filter((p) => compareRated(p, from) > 0) : [];
  after.splice(want);
  if (after.length < want) {
    const restFrom = from && !isRated(from) ? from : null;
    after.push(...(await unratedPlaces(ratedIds, restFrom, 'next', want - after.length)));
  }
  // Past the end (what followed the anchor is gone): the first page.
  if (from && after.length === 0) return ratingPageAfter(rated, ratedIds, null);
  const places = after.slice(0, TABLE_PAGE_SIZE);
  const first = places[0];
  const atStart = from === null || first === undefined || first.id === rated[0]?.id;
  return ratingTable(places, after.length > TABLE_PAGE_SIZE ? places.at(-1)! : null, atStart ? null : first);
}
