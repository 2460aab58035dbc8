import { publicCsp } from './csp';

// Response headers for next.config.mjs. Owner pages (/dashboard, /login) get their CSP from proxy.ts,
// with a nonce, so the public policy skips them: two CSP headers would both be enforced.

const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

export function baseHeaders(https: boolean) {
  return [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
    ...(https ? [{ key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' }] : []),
  ];
}

export function securityHeaders(https: boolean, development = false) {
  return [
    { source: '/:path*', headers: baseHeaders(https) },
    // Owner pages (isOwnerPath in lib/core/site.ts) get a nonce policy from proxy.ts; /media files carry their own
    // sandboxing policy. Next reads these sources at build time, hence a literal (tests/core/security/headers.test.ts).
    {
      source: '/((?!(?:dashboard(?:/|$)|login$|media(?:/|$))).*)',
      headers: [{ key: 'Content-Security-Policy', value: publicCsp(https, development) }],
    },
  ];
}
