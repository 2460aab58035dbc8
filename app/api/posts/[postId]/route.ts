import { parseFieldsets } from '@/lib/edge/api/params';
import { jsonHandler, notFound, otherMethods } from '@/lib/edge/api/respond';
import { getPost } from '@/lib/blog/reads';
import { withReaderCounts } from '@/lib/edge/pages/reader-counts';

export const GET = jsonHandler<RouteContext<'/api/posts/[postId]'>>(async (request, { params }) => {
  const { postId } = await params;
  const post = await getPost(postId, { fieldsets: parseFieldsets(new URL(request.url).searchParams) });
  if (!post) throw notFound(`post "${postId}"`);
  const [counted] = await withReaderCounts([post]);
  return Response.json({ post: counted });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
