import { recordHit } from '@/lib/analytics';
import { readJsonBody } from '@/lib/edge/api/body';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { publishedPostById } from '@/lib/edge/pages/post';
import { clientKey } from '@/lib/core/security/limits';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { SESSION_COOKIE, ownerState, requestCookie } from '@/lib/owner';
import { countView } from '@/lib/views';

// POST: the post page's view beacon (components/post/view-beacon.tsx, navigator.sendBeacon). A published post's view,
// counted when lib/views' gate counts it (not a crawler, not the owner, not this reader again within 30 minutes, not
// another site's page), on Wix through View Post; and the page view for the owner's analytics (lib/analytics: its
// page, source and campaign from the body `{ url, referrer }`, at most 2 KB, unless the reader opted out). The answer
// is 204 whatever the verdicts, so a client learns nothing of either; an unknown post is the catalogue's 404.

type Context = RouteContext<'/api/posts/[postId]/view'>;

export const POST = jsonHandler<Context>(async (request: Request, { params }: Context) => {
  const post = await publishedPostById((await params).postId);
  const client = clientKey(request.headers);
  const crossSite = isCrossSite(request);
  const owner = ownerState(requestCookie(request, SESSION_COOKIE)).kind === 'owner';
  await countView({ postId: post.id, client, userAgent: request.headers.get('user-agent') ?? '', crossSite, owner });
  const page = await beaconBody(request);
  if (page) await recordHit({ ...page, headers: request.headers, client, owner, crossSite, postId: post.id });
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
});

/** The beacon's `{ url, referrer }`; null for none, or for one that is not (the view still counts). */
async function beaconBody(request: Request): Promise<{ url: string; referrer: string | null } | null> {
  const body = await readJsonBody(request, 2048).catch(() => null);
  if (typeof body?.url !== 'string') return null;
  return { url: body.url, referrer: typeof body.referrer === 'string' && body.referrer ? body.referrer : null };
}

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
