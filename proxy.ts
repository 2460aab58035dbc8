import { type NextRequest, NextResponse } from 'next/server';
import { loginPath, ownerOf } from '@/lib/owner';
import { createNonce, ownerCsp } from './lib/core/security/csp';
import { answerPageBeacon, PAGE_BEACON_PATH } from './lib/edge/api/beacon';
import { errorResponse } from './lib/edge/api/respond';
import { errors } from './lib/core/errors';
import { config as siteConfig } from './lib/core/config';
import { isDashboardPath, isOwnerPath, isReadOnlyRoutePath, safeDecode } from './lib/core/site';
import { redirectFor } from './lib/core/redirects';

// Refuse /dashboard without a valid session before anything renders, and give every owner page a per-request
// CSP nonce (the pages check the session again themselves). Public pages pass straight through.

const OWNER_RESPONSE_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
};

const withOwnerHeaders = (response: NextResponse) => {
  for (const [key, value] of Object.entries(OWNER_RESPONSE_HEADERS)) response.headers.set(key, value);
  return response;
};

/** Next's route matcher answers 500 to a path it cannot percent-decode: answer 404 before it gets there. */
function undecodablePath(pathname: string): Response | null {
  if (safeDecode(pathname) !== undefined) return null;
  if (pathname.startsWith('/api/'))
    return errorResponse(errors.notFound('no such resource: the path is not valid percent-encoding'));
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/**
 * Any method but GET or HEAD on a route that only reads: a 405 here, before Next's route runs. Next caches such a
 * route's answer by its path, whatever the method: a POST that found the feed stale after an edit ran the route as a
 * POST and its 405 was stored as the feed, for every later GET (issue 42; the page cache now stores no route answer
 * but a 200), and an OPTIONS got Next's automatic 204, which it then fails to send from the cache, leaving the
 * request hanging. Exporting the other methods from the routes themselves would make Next render them per request.
 */
function readOnly(request: NextRequest): Response | null {
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  if (!isReadOnlyRoutePath(request.nextUrl.pathname)) return null;
  return new Response('Method not allowed', {
    status: 405,
    headers: { Allow: 'GET, HEAD', 'Cache-Control': 'private, no-store', 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

/**
 * A path ending in a slash (Next's own trailing-slash redirect is off: next.config.mjs): an old address of the blog's
 * former home goes to its new page in one 301; any other loses its slash, 308 with its query, as Next answers.
 */
function trailingSlash(request: NextRequest): Response | null {
  const { pathname, search } = request.nextUrl;
  if (pathname === '/' || !pathname.endsWith('/')) return null;
  const moved = movedTo(pathname, search);
  if (moved) return moved;
  return NextResponse.redirect(new URL(`${pathname.replace(/\/+$/, '') || '/'}${search}`, request.url), 308);
}

/** An old address of the blog's former home (the redirects table an import wrote): 301 to its new page. */
function movedTo(pathname: string, search: string): Response | null {
  const { contentDir, siteUrl } = siteConfig();
  const moved = redirectFor(contentDir, pathname, search);
  return moved ? NextResponse.redirect(new URL(moved, siteUrl), 301) : null;
}

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // The public pages' view beacon, answered here: no route, no render, nothing waits for the database.
  if (pathname === PAGE_BEACON_PATH && request.method === 'POST') return answerPageBeacon(request);
  const undecodable = undecodablePath(pathname);
  if (undecodable) return undecodable;
  const slashed = trailingSlash(request);
  if (slashed) return slashed;
  const refused = readOnly(request);
  if (refused) return refused;
  if (!isOwnerPath(pathname)) return movedTo(pathname, search) ?? NextResponse.next();
  const state = ownerOf(request.cookies);

  // With login disabled or misconfigured the pages render only the reason, so they may be reached.
  if (isDashboardPath(pathname) && state.kind === 'anonymous') {
    return withOwnerHeaders(NextResponse.redirect(new URL(loginPath(`${pathname}${search}`), request.url)));
  }
  if (pathname === '/login' && state.kind === 'owner') {
    return withOwnerHeaders(NextResponse.redirect(new URL('/dashboard', request.url)));
  }

  const nonce = createNonce();
  const { https, development } = siteConfig();
  const csp = ownerCsp(nonce, https, development);
  const requestHeaders = new Headers(request.headers);
  // Next reads the nonce from the request's CSP header and puts it on every script it writes.
  requestHeaders.set('content-security-policy', csp);
  requestHeaders.set('x-nonce', nonce);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  return withOwnerHeaders(response);
}

// Only where there is work: owner pages (session, nonce), paths with a percent sign (the decoding guard), the
// read-only routes Next caches (the method guard) and the view beacon. Every other request skips the proxy entirely;
// running it on every path cost public pages most of their throughput. Next reads the matcher at build time, so it is
// spelled here, not built from isOwnerPath and isReadOnlyRoutePath (tests/proxy.test.ts checks they agree).
export const config = {
  matcher: [
    '/api/hit',
    '/login',
    '/dashboard',
    '/dashboard/:path*',
    '/:path(.*%.*)',
    '/feed.xml',
    '/:lang/feed.xml',
    '/sitemap.xml',
    '/:lang/sitemap.xml',
    '/sitemaps/:file',
    '/:lang/sitemaps/:file',
    // The shapes of old blogs' addresses the redirects table may hold (lib/core/redirects.ts): WordPress's date and
    // plain permalinks, its archives and taxonomies, Substack's /p/, Medium's /@user/, Hugo's and Jekyll's folders,
    // and Ghost's /slug/ (one segment that is none of this site's own: OLD_SLUG's exclusions).
    '/p/:path*',
    '/tag/:path*',
    '/category/:path*',
    '/author/:path*',
    '/archives/:path*',
    '/index.php/:path*',
    '/blog/:path*',
    '/posts/:path*',
    '/:year(\\d{4})/:path*',
    '/:handle(@[^/]+)/:path*',
    '/:slug((?!(?:en|es|api|dashboard|login|post|plans|media|site-icon|sitemaps|authors|categories|hashtags|newsletter|page|search|tags|account|awaiting-approval|forgot|join|polls|read|reset|signin|verify|_next|ap|nodeinfo)$)[^/.]+)',
    // Every path ending in a slash (trailingSlash: next.config.mjs leaves them to the proxy).
    '/:path(.+/)',
    { source: '/', has: [{ type: 'query', key: 'p' }] },
    { source: '/', has: [{ type: 'query', key: 'page_id' }] },
    { source: '/', has: [{ type: 'query', key: 'cat' }] },
  ],
};
