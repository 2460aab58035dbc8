import { listPosts } from '@/lib/blog/reads';
import type { PostSort } from '@/lib/blog/types';
import { toRow } from '@/lib/edge/dashboard/rows';
import { type ApiRequest, listRequest } from './dashboard-table';

export const TOP_COUNT = 5;

export interface TopPosts {
  sort: PostSort;
  rows: ReturnType<typeof toRow>[];
  api: ApiRequest;
}

export async function loadTopPosts(sort: 'VIEW_COUNT' | 'LIKE_COUNT'): Promise<TopPosts> {
  const page = await listPosts({ sort, paging: { offset: 0, limit: TOP_COUNT }, fieldsets: ['METRICS'] });
  return { sort, rows: page.items.map(toRow), api: listRequest(sort, 0, TOP_COUNT) };
}
