import { parseFieldsets } from '@/lib/edge/api/params';
import { jsonHandler, notFound, otherMethods } from '@/lib/edge/api/respond';
import { OWNER_ONLY, ownerWholePost } from '@/lib/edge/api/owner-posts';
import { getPost } from '@/lib/blog/reads';
import { withReaderCounts } from '@/lib/edge/pages/reader-counts';

// A post by id. A paid post is its preview (`preview: true`) for everyone but the owner, who reads it whole, answered
// privately (lib/edge/api/owner-posts.ts).

export const GET = jsonHandler<RouteContext<'/api/posts/[postId]'>>(async (request, { params }) => {
  const { postId } = await params;
  const fieldsets = parseFieldsets(new URL(request.url).searchParams);
  const post = await getPost(postId, { fieldsets });
  if (!post) throw notFound(`post "${postId}"`);
  const whole = await ownerWholePost(request, post, fieldsets);
  const [counted] = await withReaderCounts([whole ?? post]);
  return Response.json({ post: counted }, whole ? { headers: OWNER_ONLY } : undefined);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
