import { beaconAnswer, beaconSender, countBeacon } from '@/lib/edge/api/beacon';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { publishedPostById } from '@/lib/edge/pages/post';
import { countView } from '@/lib/views';

// POST: the post page's view beacon (components/post/view-beacon.tsx, navigator.sendBeacon). A published post's view,
// counted when lib/views' gate counts it (not a crawler, not the owner, not this reader again within 30 minutes, not
// another site's page), on Wix through View Post; and the page view for the owner's analytics (lib/analytics: its
// page, source and campaign from the body `{ url, referrer }`, unless the reader opted out: lib/edge/api/beacon.ts).
// The answer is 204 whatever the verdicts, so a client learns nothing of either; an unknown post is the catalogue's
// 404.

type Context = RouteContext<'/api/posts/[postId]/view'>;

export const POST = jsonHandler<Context>(async (request: Request, { params }: Context) => {
  const post = await publishedPostById((await params).postId);
  const { client, crossSite, owner } = beaconSender(request);
  await countView({ postId: post.id, client, userAgent: request.headers.get('user-agent') ?? '', crossSite, owner });
  await countBeacon(request, { postId: post.id });
  return beaconAnswer();
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
