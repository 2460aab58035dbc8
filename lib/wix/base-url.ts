// The one place that knows where Wix's REST API lives. Every Wix client names its URLs on the public host
// (`wixApi('/blog/v3/posts')`), as the SDK does; the transport (transport.ts) then sends whatever targets a Wix host to
// WIX_API_BASE_URL when one is set (a fake Wix in tests, a proxy), keeping path and query.

/** Wix's REST API, as the SDK and the REST reference name it. */
export const WIX_API = 'https://www.wixapis.com';

/** A URL on Wix's REST API: the path (with its query) under WIX_API. */
export const wixApi = (path: string) => `${WIX_API}${path}`;

const WIX_HOST = /(^|\.)wixapis\.com$/i;

/**
 * The URL a request for `url` goes to: a Wix host's with its slug query mended (below), under `apiBaseUrl` when one is
 * set (path prefix kept); anything else as it is.
 */
export function reroute(url: string, apiBaseUrl: string | undefined): string {
  const parsed = new URL(url);
  if (!WIX_HOST.test(parsed.hostname)) return url;
  fixSlugQuery(parsed);
  if (!apiBaseUrl) return parsed.toString();
  return `${apiBaseUrl.replace(/\/+$/, '')}${parsed.pathname}${parsed.search}`;
}

/**
 * The SDK repeats path parameters in the query string. Slugs are encoded by us before the SDK sees
 * them, so its copy in the query is encoded twice; put the plain slug back.
 */
function fixSlugQuery(url: URL): URL {
  const match = /\/slugs\/([^/]+)$/.exec(url.pathname);
  if (match && url.searchParams.has('slug')) {
    try {
      url.searchParams.set('slug', decodeURIComponent(match[1]!));
    } catch {
      // leave a malformed escape as it is
    }
  }
  return url;
}
