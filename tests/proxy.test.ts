import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import { pathToRegexp } from 'next/dist/compiled/path-to-regexp';
import { config, proxy } from '@/proxy';
import { readdirSync } from 'node:fs';
import { isOwnerPath, isReadOnlyRoutePath } from '@/lib/core/site';
import { isOldAddressShape, OWN_SEGMENTS } from '@/lib/core/redirects';
import { LANGUAGES } from '@/lib/core/i18n/languages';
import { withSite } from './helpers/site';

/** The proxy's answer to a path it answers at once (all of these: only the view beacon's is a promise). */
const guarded = (request: NextRequest) => proxy(request) as Response;

const SECRET = 'proxy-test-secret-that-is-long-enough-0123456789';
const request = (path: string, cookie?: string) =>
  new NextRequest(`http://127.0.0.1:3000${path}`, { headers: cookie ? { cookie } : {} });
const owner = () => `${SESSION_COOKIE}=${signSession(SECRET).token}`;

withSite({ OWNER_PASSWORD: 'pw', SESSION_SECRET: SECRET });

describe('proxy', () => {
  it('runs only where it has work: owner pages, percent-encoding, read-only routes (every other request skips it)', () => {
    // Next compiles the matcher with its copy of path-to-regexp; this is the same call.
    const entries = config.matcher.map((m) => (typeof m === 'string' ? { source: m, has: [] } : m));
    const runs = (address: string) => {
      const url = new URL(address, 'http://127.0.0.1');
      return entries.some(
        ({ source, has }) =>
          pathToRegexp(source, [], { delimiter: '/', sensitive: false, strict: true }).test(url.pathname) &&
          has.every(({ key }) => url.searchParams.has(key)),
      );
    };
    expect(runs('/?p=12') && runs('/?page_id=3') && runs('/?cat=4')).toBe(true);
    expect(runs('/?utm_source=x')).toBe(false);
    // Every path with a trailing slash (next.config.mjs leaves them to the proxy), and no other.
    for (const path of ['/post/x/', '/2019/05/hello-world/', '/es/', '/api/posts/', '/a/b/c/'])
      expect(runs(path), path).toBe(true);
    for (const path of [
      '/api/hit',
      '/login',
      '/dashboard',
      '/dashboard/drafts',
      '/dashboard/drafts/abc',
      '/post/%E0%A4%A',
      '/api/posts/%E0%A4%A',
      '/post/caf%C3%A9',
      '/feed.xml',
      '/es/feed.xml',
      '/sitemap.xml',
      '/es/sitemap.xml',
      '/sitemaps/0.xml',
      '/es/sitemaps/1.xml',
    ])
      expect(runs(path), path).toBe(true);
    for (const path of [
      '/',
      '/post/what-lcp-actually-measures',
      '/categories/performance',
      '/api/posts',
      '/es',
      '/page/2',
      '/tags/css',
      '/search',
      '/authors/maya-okafor',
      // Cached, but never stale: no request runs them again (tests/e2e/route-cache.spec.ts sends them every method).
      '/robots.txt',
      '/icon.svg',
    ])
      expect(runs(path), path).toBe(false);
    // The read-only routes: the matcher says what isReadOnlyRoutePath says.
    for (const path of ['/feed.xml', '/es/feed.xml', '/sitemaps/2.xml', '/es/sitemap.xml', '/post/feed.xml', '/x']) {
      expect(runs(path), path).toBe(isReadOnlyRoutePath(path) || isOwnerPath(path) || isOldAddressShape(path));
    }
    // The matcher is a literal (Next reads it at build time); it says what isOwnerPath says.
    for (const path of ['/login', '/login/x', '/dashboard', '/dashboard/a/b', '/dashboards', '/loginx', '/']) {
      expect(runs(path), path).toBe(isOwnerPath(path) || isOldAddressShape(path));
    }
    // The old blogs' addresses the redirects table may hold: the matcher says what isOldAddressShape says.
    for (const path of [
      '/2019/05/hello-world',
      '/2019/05/07/hello-world',
      '/p/my-first-post',
      '/tag/css',
      '/category/news/local',
      '/author/admin',
      '/archives/123',
      '/index.php/2019/05/x',
      '/blog/x',
      '/posts/x',
      '/@someone/a-story-1a2b3c',
      '/my-ghost-post',
      '/post/x',
      '/es/post/x',
      '/tags/x',
      '/categories/x',
      '/icon.svg',
      '/page/2',
      '/search',
      '/verify',
    ])
      expect(runs(path), path).toBe(isOwnerPath(path) || isReadOnlyRoutePath(path) || isOldAddressShape(path));
    for (const path of ['/2019/05/hello-world', '/p/x', '/my-ghost-post', '/@a/b', '/tag/x'])
      expect(isOldAddressShape(path), path).toBe(true);
    for (const path of ['/post/x', '/tags/x', '/es', '/search', '/icon.svg', '/dashboard', '/'])
      expect(isOldAddressShape(path), path).toBe(false);
  });

  it("spells in its matcher every first segment of this site's routes and languages as its own (never an old address)", () => {
    const own = readdirSync('app', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) =>
        entry.name.startsWith('(')
          ? readdirSync(`app/${entry.name}`, { withFileTypes: true })
              .filter((e) => e.isDirectory())
              .map((e) => e.name)
          : [entry.name],
      )
      .filter((name) => !name.startsWith('_') && !name.startsWith('[') && !name.includes('.'));
    expect(own.filter((name) => !OWN_SEGMENTS.includes(name))).toEqual([]);
    expect(LANGUAGES.filter((language) => !OWN_SEGMENTS.includes(language))).toEqual([]);
    const slugMatcher = config.matcher.find((m): m is string => typeof m === 'string' && m.startsWith('/:slug('))!;
    expect(slugMatcher).toContain(`(?:${OWN_SEGMENTS.join('|')})`);
  });

  it('lets public pages through untouched: no redirect, no nonce policy, no private cache header', () => {
    for (const path of ['/', '/post/what-lcp-actually-measures', '/api/posts']) {
      const response = guarded(request(path));
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-security-policy'), path).toBeNull();
      expect(response.headers.get('cache-control'), path).toBeNull();
    }
  });

  it('answers 405 to any method but GET and HEAD on a route that only reads, before Next caches its answer', () => {
    for (const path of ['/feed.xml', '/es/feed.xml', '/sitemap.xml', '/sitemaps/0.xml', '/es/sitemaps/1.xml']) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        const response = guarded(new NextRequest(`http://127.0.0.1:3000${path}`, { method }));
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get('allow')).toBe('GET, HEAD');
        expect(response.headers.get('cache-control')).toBe('private, no-store');
      }
      for (const method of ['GET', 'HEAD'])
        expect(guarded(new NextRequest(`http://127.0.0.1:3000${path}`, { method })).status).toBe(200);
    }
  });

  it('answers 404 to a path that is not valid percent-encoding, in the catalogue shape under /api', async () => {
    expect(guarded(request('/post/%E0%A4%A')).status).toBe(404);
    const api = guarded(request('/api/posts/%E0%A4%A'));
    expect(api.status).toBe(404);
    expect((await api.json()).error.wde).toBe('WDE0073');
  });

  it('sends requests without a valid session to /login, remembering where they were going', () => {
    for (const cookie of [
      undefined,
      `${SESSION_COOKIE}=forged.${'A'.repeat(43)}`,
      `${SESSION_COOKIE}=${signSession('x'.repeat(40)).token}`,
    ]) {
      const response = guarded(request('/dashboard/drafts?cursor=abc', cookie));
      expect(response.status).toBe(307);
      expect(new URL(response.headers.get('location')!).pathname).toBe('/login');
      expect(new URL(response.headers.get('location')!).searchParams.get('next')).toBe('/dashboard/drafts?cursor=abc');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('gives owner pages a fresh nonce in the CSP, on the response and on the request Next renders', () => {
    const first = guarded(request('/dashboard', owner()));
    const second = guarded(request('/dashboard', owner()));
    const policy = first.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(policy)![1];
    expect(nonce).toMatch(/^[\w+/]{22}==$/);
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'(;|$)/);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(first.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
    expect(first.headers.get('x-middleware-request-x-nonce')).toBe(nonce);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
  });

  it('lets the login page through, and sends a signed-in owner on to the dashboard', () => {
    expect(guarded(request('/login')).headers.get('content-security-policy')).toContain("'nonce-");
    expect(new URL(guarded(request('/login', owner())).headers.get('location')!).pathname).toBe('/dashboard');
  });

  it('lets disabled-login requests reach the page, which says why (no data)', () => {
    vi.stubEnv('OWNER_PASSWORD', '');
    expect(guarded(request('/dashboard')).status).toBe(200);
  });
});
