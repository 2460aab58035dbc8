import { jsonHandler, notFound, otherMethods } from '@/lib/edge/api/respond';
import { getPostMetrics } from '@/lib/blog/reads';

export const GET = jsonHandler<RouteContext<'/api/posts/[postId]/metrics'>>(async (_request, { params }) => {
  const { postId } = await params;
  const metrics = await getPostMetrics(postId);
  if (!metrics) throw notFound(`post "${postId}"`);
  return Response.json({ metrics: { views: metrics.views, likes: metrics.likes, comments: metrics.comments } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
