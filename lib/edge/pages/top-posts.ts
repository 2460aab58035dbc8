import { listPosts, queryPosts } from '@/lib/blog/reads';
import type { Post, PostSort } from '@/lib/blog/types';
import { keptViewLeaders } from '@/lib/views';
import { toRow } from '@/lib/edge/dashboard/rows';
import type { ApiRequest } from './dashboard-table';
import { withReaderCounts } from './reader-counts';

export const TOP_COUNT = 5;

export interface TopPosts {
  sort: PostSort;
  rows: ReturnType<typeof toRow>[];
  api: ApiRequest;
}

/** The kept views considered at most (the platform's page and one query of posts by id hold 100). */
const KEPT_CANDIDATES = 100 - TOP_COUNT;

/**
 * The most viewed posts by their views as readers see them: the platform's count plus the site's own (lib/views, local
 * platform). A post the site counted no view of has the platform's count, so the best of those are among the
 * platform's top TOP_COUNT + (posts with counted views); those with counted views are read by id. Exact while fewer
 * than KEPT_CANDIDATES posts have counted views; past that, the most counted are considered.
 */
async function mostViewed(): Promise<Post[]> {
  const kept = await keptViewLeaders(KEPT_CANDIDATES);
  const page = await listPosts({
    sort: 'VIEW_COUNT',
    paging: { offset: 0, limit: TOP_COUNT + kept.length },
    fieldsets: ['METRICS'],
  });
  const seen = new Set(page.items.map((post) => post.id));
  const missing = kept.map((k) => k.postId).filter((id) => !seen.has(id));
  const more = missing.length
    ? (
        await queryPosts(
          { filter: { id: { $in: missing } }, cursorPaging: { limit: missing.length } },
          { fieldsets: ['METRICS'] },
        )
      ).items
    : [];
  const counted = await withReaderCounts([...page.items, ...more]);
  return counted
    .sort((a, b) => (b.metrics?.views ?? 0) - (a.metrics?.views ?? 0) || a.id.localeCompare(b.id))
    .slice(0, TOP_COUNT);
}

/** The TOP_COUNT posts by `sort`, each with its metrics as readers see them. */
export async function topPosts(sort: 'VIEW_COUNT' | 'LIKE_COUNT'): Promise<Post[]> {
  if (sort === 'VIEW_COUNT') return mostViewed();
  const page = await listPosts({ sort, paging: { offset: 0, limit: TOP_COUNT }, fieldsets: ['METRICS'] });
  return withReaderCounts(page.items);
}

/** The owner's live copy of `topPosts` (app/api/owner/top-posts), which the panel asks every 30 seconds. */
export const topPostsRequest = (sort: 'VIEW_COUNT' | 'LIKE_COUNT'): ApiRequest => ({
  method: 'GET',
  url: `/api/owner/top-posts?sort=${sort}`,
});

export async function loadTopPosts(sort: 'VIEW_COUNT' | 'LIKE_COUNT'): Promise<TopPosts> {
  return { sort, rows: (await topPosts(sort)).map(toRow), api: topPostsRequest(sort) };
}
