import { config } from '@/lib/core/config';

/**
 * True when a state-changing request comes from another site: a cross-site form post or fetch. Requests
 * without Origin (curl, server-to-server) pass; the session cookie is SameSite=Lax besides.
 *
 * An Origin is ours when it is the configured public origin (SITE_URL, scheme, host and port) or names the
 * request's own Host (direct access, e.g. http://127.0.0.1:3000). X-Forwarded-Host is never read: `next start`
 * passes a client-sent one through untouched, so it proves nothing, and behind a proxy the browser's Origin is
 * SITE_URL anyway.
 */
export function isCrossSite(request: Request, siteUrl: string = config().siteUrl): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return true;
  }
  if (url.origin === siteOrigin(siteUrl)) return false;
  return url.host !== request.headers.get('host');
}

function siteOrigin(siteUrl: string): string | null {
  try {
    return new URL(siteUrl).origin;
  } catch {
    return null;
  }
}
