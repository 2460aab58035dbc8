import { readJsonBody } from '@/lib/edge/api/body';
import { parseQueryBody } from '@/lib/edge/api/query-body';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { queryPosts } from '@/lib/blog/reads';
import { withReaderCounts } from '@/lib/edge/pages/reader-counts';

export const POST = jsonHandler(async (request) => {
  const { query, fieldsets } = parseQueryBody(await readJsonBody(request));
  const page = await queryPosts(query, { fieldsets });
  return Response.json({
    posts: await withReaderCounts(page.items),
    pagingMetadata: { count: page.items.length, cursors: page.cursors, hasNext: page.hasNext },
  });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
