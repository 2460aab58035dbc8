import { parseListPosts } from '@/lib/edge/api/params';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { listPosts } from '@/lib/blog/reads';
import { withReaderCounts } from '@/lib/edge/pages/reader-counts';

export const GET = jsonHandler(async (request) => {
  const page = await listPosts(parseListPosts(new URL(request.url).searchParams));
  return Response.json({
    posts: await withReaderCounts(page.items),
    metaData: { count: page.items.length, offset: page.offset, total: page.total, tooManyToCount: page.tooManyToCount },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
