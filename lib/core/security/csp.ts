// The Content-Security-Policy of every page, written once. Public pages are prerendered and cached, so
// their policy cannot carry a per-request nonce: scripts are same-origin files plus the inline scripts
// Next writes into every page (its flight data), hence 'unsafe-inline' for script there. Owner pages are
// dynamic and get a nonce with 'strict-dynamic' instead. See docs/security.md for the trade-off.

type Directives = Record<string, string[]>;

// Rich content embeds media and frames from any https host (YouTube's and Vimeo's privacy players, editor
// HTML blocks by URL, and frames nested in sandboxed srcdoc embeds, which inherit this policy).
const shared = (): Directives => ({
  'default-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'media-src': ["'self'", 'blob:', 'https:'],
  'frame-src': ["'self'", 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

const serialize = (directives: Directives, https: boolean) =>
  [
    ...Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`),
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');

// Next's development server evaluates code for its fast refresh; never in production.
const evalInDev = (development: boolean) => (development ? ["'unsafe-eval'"] : []);

export function publicCsp(https: boolean, development = false): string {
  return serialize({ ...shared(), 'script-src': ["'self'", "'unsafe-inline'", ...evalInDev(development)] }, https);
}

export function ownerCsp(nonce: string, https: boolean, development = false): string {
  return serialize(
    { ...shared(), 'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...evalInDev(development)] },
    https,
  );
}

/** A fresh nonce: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
