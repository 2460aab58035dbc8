import { beaconAnswer, countBeacon } from '@/lib/edge/api/beacon';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { publishedPostById } from '@/lib/edge/pages/post';

// POST: how far a reader read a published post (components/post/view-beacon.tsx): the body `{ url, depth }`, depth 25,
// 50, 75 or 100 (the deepest quarter of the text they scrolled past), counted for the owner's analytics as a view is
// (lib/edge/api/beacon.ts: not a crawler's, not the owner's, not another site's, not when the reader opted out). 204
// whatever was counted; an unknown post is the catalogue's 404.

type Context = RouteContext<'/api/posts/[postId]/read'>;

export const POST = jsonHandler<Context>(async (request: Request, { params }: Context) => {
  const post = await publishedPostById((await params).postId);
  await countBeacon(request, { kind: 'read', postId: post.id });
  return beaconAnswer();
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
