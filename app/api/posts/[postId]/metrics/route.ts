import { jsonHandler, notFound, otherMethods } from '@/lib/edge/api/respond';
import { getPostMetrics } from '@/lib/blog/reads';
import { readerMetrics } from '@/lib/edge/pages/reader-counts';

export const GET = jsonHandler<RouteContext<'/api/posts/[postId]/metrics'>>(async (_request, { params }) => {
  const { postId } = await params;
  const platform = await getPostMetrics(postId);
  if (!platform) throw notFound(`post "${postId}"`);
  const metrics = await readerMetrics(postId, platform);
  return Response.json({ metrics: { views: metrics.views, likes: metrics.likes, comments: metrics.comments } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
