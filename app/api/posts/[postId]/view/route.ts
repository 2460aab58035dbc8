import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { publishedPostById } from '@/lib/edge/pages/post';
import { clientKey } from '@/lib/core/security/limits';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { SESSION_COOKIE, ownerState, requestCookie } from '@/lib/owner';
import { countView } from '@/lib/views';

// POST: the post page's view beacon (components/post/view-beacon.tsx, navigator.sendBeacon, no body). A published
// post's view, counted when lib/views' gate counts it (not a crawler, not the owner, not this reader again within 30
// minutes, not another site's page), on Wix through View Post. The answer is 204 whatever the verdict, so a client
// learns nothing of the gate; an unknown post is the catalogue's 404. Nothing is read from a body.

type Context = RouteContext<'/api/posts/[postId]/view'>;

export const POST = jsonHandler<Context>(async (request: Request, { params }: Context) => {
  const post = await publishedPostById((await params).postId);
  await countView({
    postId: post.id,
    client: clientKey(request.headers),
    userAgent: request.headers.get('user-agent') ?? '',
    crossSite: isCrossSite(request),
    owner: ownerState(requestCookie(request, SESSION_COOKIE)).kind === 'owner',
  });
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
