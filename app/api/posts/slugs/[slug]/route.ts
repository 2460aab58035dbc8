import { parseFieldsets } from '@/lib/edge/api/params';
import { jsonHandler, notFound, otherMethods } from '@/lib/edge/api/respond';
import { getPostBySlug } from '@/lib/blog/reads';
import { withReaderCounts } from '@/lib/edge/pages/reader-counts';

export const GET = jsonHandler<RouteContext<'/api/posts/slugs/[slug]'>>(async (request, { params }) => {
  const { slug } = await params;
  const search = new URL(request.url).searchParams;
  const post = await getPostBySlug(slug, {
    fieldsets: parseFieldsets(search),
    language: search.get('language') || undefined,
  });
  if (!post) throw notFound(`post with slug "${slug}"`);
  const [counted] = await withReaderCounts([post]);
  return Response.json({ post: counted });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
