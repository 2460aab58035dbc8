import { recordHit, type HitVerdict } from '@/lib/analytics';
import { clientKey } from '@/lib/core/security/limits';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { SESSION_COOKIE, ownerState, requestCookie } from '@/lib/owner';
import { readJsonBody } from './body';

// The public pages' beacons (components/analytics, components/post/view-beacon.tsx) as their routes read them: the
// body `{ url, referrer }` or `{ url, depth }` (at most 2 KB; anything else is no page, and nothing is counted), and
// who sent it: the client's key (hashed by lib/analytics, never kept), whether another site's page did, and whether
// the owner is reading. The answer to a beacon is 204 whatever was counted, so a client learns nothing.

export interface BeaconPage {
  url: string;
  referrer: string | null;
  /** A read-through mark: 25, 50, 75 or 100. */
  depth?: number;
}

const DEPTHS = new Set([25, 50, 75, 100]);

/** The beacon's page, a view's or a read-through mark's as `kind` says; null for a body that is not one. */
export async function beaconPage(request: Request, kind: 'view' | 'read'): Promise<BeaconPage | null> {
  const body = await readJsonBody(request, 2048).catch(() => null);
  if (typeof body?.url !== 'string') return null;
  const referrer = typeof body.referrer === 'string' && body.referrer ? body.referrer : null;
  if (kind === 'view') return body.depth === undefined ? { url: body.url, referrer } : null;
  return typeof body.depth === 'number' && DEPTHS.has(body.depth)
    ? { url: body.url, referrer, depth: body.depth }
    : null;
}

/** Who sent the beacon, as lib/analytics and lib/views judge it. */
export function beaconSender(request: Request) {
  return {
    client: clientKey(request.headers),
    crossSite: isCrossSite(request),
    owner: ownerState(requestCookie(request, SESSION_COOKIE)).kind === 'owner',
  };
}

/**
 * Counts the beacon's view or read-through mark for analytics (of `postId` when a post's page sent it); a body that is
 * not one counts nothing.
 */
export async function countBeacon(
  request: Request,
  { kind = 'view', postId }: { kind?: 'view' | 'read'; postId?: string } = {},
): Promise<HitVerdict | 'no-page'> {
  // Sent by a page's script with navigator.sendBeacon: a few hundred bytes; a larger body is no beacon (unread).
  if (Number(request.headers.get('content-length') ?? 0) > 2048) return 'no-page';
  const page = await beaconPage(request, kind);
  if (!page) return 'no-page';
  return recordHit({ ...page, ...beaconSender(request), headers: request.headers, postId });
}

/** A beacon's answer: nothing, never cached. */
export const beaconAnswer = () => new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });

/** Where the public pages' beacon posts (components/analytics/page-beacon.tsx). */
export const PAGE_BEACON_PATH = '/api/hit';

/**
 * A public page's beacon, answered: by the proxy, before any route runs (the cheapest answer the server gives, so the
 * beacon never costs readers' pages their throughput), and by app/api/hit where the proxy does not run. 204 always.
 */
export async function answerPageBeacon(request: Request): Promise<Response> {
  try {
    await countBeacon(request);
  } catch (error) {
    console.warn(JSON.stringify({ msg: 'analytics: a beacon was not read', error: String(error) }));
  }
  return beaconAnswer();
}
