import { FEED_PAGE_SIZE } from '@/lib/core/site';
import { listPosts } from '@/lib/blog/reads';
import type { Post } from '@/lib/blog/types';
import type { ListPostsOptions } from '@/lib/blog';

export interface Listing {
  posts: Post[];
  page: number;
  totalPages: number;
  total: number;
}

/** One page of a post listing (feed, category, tag, hashtag); null when the page does not exist. */
export async function listingPage(
  filter: Omit<ListPostsOptions, 'paging' | 'sort'>,
  page: number,
): Promise<Listing | null> {
  const result = await listPosts({
    ...filter,
    sort: 'FEED',
    paging: { offset: (page - 1) * FEED_PAGE_SIZE, limit: FEED_PAGE_SIZE },
  });
  const totalPages = Math.max(1, Math.ceil(result.total / FEED_PAGE_SIZE));
  if (page > totalPages) return null;
  return { posts: result.items, page, totalPages, total: result.total };
}
