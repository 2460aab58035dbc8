import { describe, expect, it } from 'vitest';
import { ownerCsp, publicCsp } from '@/lib/core/security/csp';
import { securityHeaders } from '@/lib/core/security/headers';
import { isOwnerPath } from '@/lib/core/site';

const directives = (policy: string) =>
  Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('security headers', () => {
  it('sends the basic headers on every path', () => {
    const [all] = securityHeaders(false);
    expect(all!.source).toBe('/:path*');
    const keys = Object.fromEntries(all!.headers.map((h) => [h.key, h.value]));
    expect(keys['X-Content-Type-Options']).toBe('nosniff');
    expect(keys['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(keys['Permissions-Policy']).toContain('camera=(), ');
    expect(keys['Permissions-Policy']).toContain('microphone=()');
    expect(keys['Permissions-Policy']).toContain('geolocation=()');
    expect(keys['Strict-Transport-Security']).toBeUndefined();
  });

  it('adds HSTS and upgrade-insecure-requests only for an https site', () => {
    const [all, csp] = securityHeaders(true);
    expect(all!.headers.map((h) => h.key)).toContain('Strict-Transport-Security');
    expect(csp!.headers[0]!.value).toContain('upgrade-insecure-requests');
  });

  it('puts the public CSP on every path but the owner pages', () => {
    const [, csp] = securityHeaders(false);
    const pattern = new RegExp(`^${csp!.source.replace('/(', '/(?:')}$`);
    for (const path of ['/', '/post/x', '/api/posts', '/dashboards-for-dummies', '/logins'])
      expect(pattern.test(path), path).toBe(true);
    for (const path of ['/dashboard', '/dashboard/drafts/1', '/login']) expect(pattern.test(path), path).toBe(false);
    // The source is a literal (Next reads it at build time); it spares exactly what isOwnerPath names, and /media.
    for (const path of ['/login', '/login/x', '/dashboard', '/dashboard/a/b', '/dashboards', '/loginx', '/post/x']) {
      expect(pattern.test(path), path).toBe(!isOwnerPath(path));
    }
  });

  it('public pages: same-origin and inline scripts, embeds over https, nothing framing us', () => {
    const d = directives(publicCsp(false));
    expect(d['script-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'self'"]);
    expect(d['form-action']).toEqual(["'self'"]);
    expect(d['frame-src']).toEqual(["'self'", 'https:']);
    expect(d['img-src']).toContain('https:');
  });

  it('owner pages: the nonce and strict-dynamic instead of unsafe-inline', () => {
    const d = directives(ownerCsp('abc123==', false));
    expect(d['script-src']).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
  });
});
