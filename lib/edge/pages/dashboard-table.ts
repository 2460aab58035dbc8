import { isCatalogueError } from '@/lib/core/errors';
import { listPosts, queryPosts } from '@/lib/blog/reads';
import type { PostFieldset, PostSort } from '@/lib/blog/types';
import type { PostQuery } from '@/lib/blog';
import type { DashboardParams, TableSort } from '@/lib/edge/dashboard/params';
import { type MetricRow, toRow } from '@/lib/edge/dashboard/rows';
import { withReaderCounts } from './reader-counts';

// The metrics table, one page at a time, read through the same cached calls as the JSON API. Named
// sorts page by offset (page N of M); comments have no named sort on the platform, so that order pages
// by cursor through a query. `api` is the JSON API request that answers the same page, for live refresh.

export const TABLE_PAGE_SIZE = 50;
const FIELDSETS: PostFieldset[] = ['METRICS'];

const NAMED_SORT: Record<Exclude<TableSort, 'comments'>, PostSort> = {
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
  api: ApiRequest;
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
  if (params.sort !== 'comments') return byName(NAMED_SORT[params.sort], params.page);
  try {
    return await byComments(params.cursor);
  } catch (error) {
    // A stale or hand-edited cursor starts the list again instead of failing the page.
    if (params.cursor && isCatalogueError(error) && error.status === 400) return byComments(undefined);
    throw error;
  }
}
