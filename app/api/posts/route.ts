import { parseListPosts } from '@/lib/edge/api/params';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { listPosts } from '@/lib/blog/reads';
import { withReaderCounts } from '@/lib/edge/pages/reader-counts';

export const GET = jsonHandler(async (request) => {
  const page = await listPosts(parseListPosts(new URL(request.url).searchParams));
  return Response.json({
    posts: await withReaderCounts(page.items),
    // ListPostsResponse's MetaData (@wix/auto_sdk_blog_posts): count, offset, total (and a cursor, for cursor paging).
    metaData: { count: page.items.length, offset: page.offset, total: page.total },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
