import { parseFieldsets } from '@/lib/edge/api/params';
import { jsonHandler, notFound, otherMethods } from '@/lib/edge/api/respond';
import { getPostBySlug } from '@/lib/blog/reads';
import { withReaderCounts } from '@/lib/edge/pages/reader-counts';
import { OWNER_ONLY, ownerWholePost } from '@/lib/edge/api/owner-posts';

export const GET = jsonHandler<RouteContext<'/api/posts/slugs/[slug]'>>(async (request, { params }) => {
  const { slug } = await params;
  const search = new URL(request.url).searchParams;
  const fieldsets = parseFieldsets(search);
  const post = await getPostBySlug(slug, { fieldsets, language: search.get('language') || undefined });
  if (!post) throw notFound(`post with slug "${slug}"`);
  const whole = await ownerWholePost(request, post, fieldsets);
  const [counted] = await withReaderCounts([whole ?? post]);
  return Response.json({ post: counted }, whole ? { headers: OWNER_ONLY } : undefined);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
