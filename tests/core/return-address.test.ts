import { describe, expect, it } from 'vitest';
import { safeNext } from '@/lib/owner/owner';
import { MEMBER_PAGES, memberPagePath, safeMemberNext, wixLoginPath } from '@/lib/members/session-cookie';
import { localPath, returnPath } from '@/lib/core/site';

// Issue 26, item 6: the sign-in return address (`next`) may name one path of this site and nothing else. A
// browser resolves a Location such as `//evil.example` to another host, so every spelling that resolves to it (dot
// segments, `%2e`, backslashes, a tab or newline the URL parser drops) is refused, as are other origins and schemes.
// The members' sign-in (safeMemberNext: the form route, the Wix login page and its callback) and the owner's login
// (safeNext) both read `next` through localPath.

const FALLBACK = '/fallback';

/** Each resolves to `//evil…` or to another origin: a Location built from it would leave the site. */
const AWAY = [
  // The payloads.
  '/.//evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/%2e//evil.example',
  '/%2e%2e//evil.example',
  '/a/%2e%2e//evil.example',
  '/.\t//evil.example',
  '/\t/evil.example',
  '/\t//evil.example',
  '/.\n//evil.example',
  '/.\r\n//evil.example',
  '/\u0000.//evil.example',
  // The usual ones.
  '//evil',
  '//evil.example/x',
  '/\\evil',
  '/\\/evil',
  '\\\\evil',
  '\t//evil.example',
  'https://evil',
  'https://evil.example/post/x',
  'http:evil.example',
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  ' //evil.example',
  'evil.example',
  '',
  `/${'a'.repeat(1000)}`,
];

describe('localPath and returnPath: one path on this origin, else the default', () => {
  it.each(AWAY)('refuses %j', (next) => {
    expect(localPath(next)).toBeNull();
    expect(returnPath(next, FALLBACK)).toBe(FALLBACK);
  });

  it('refuses what is not a string', () => {
    for (const next of [undefined, null, 1, ['/post/x'], { toString: () => '/post/x' }]) {
      expect(returnPath(next, FALLBACK)).toBe(FALLBACK);
    }
  });

  it('keeps a path of this site, its query and its fragment', () => {
    expect(returnPath('/post/x#comments', FALLBACK)).toBe('/post/x#comments');
    expect(returnPath('/post/x?page=2#comment-abc', FALLBACK)).toBe('/post/x?page=2#comment-abc');
    expect(returnPath('/', FALLBACK)).toBe('/');
    // An encoded slash is one path segment on this origin, not a second slash: kept, and harmless.
    expect(returnPath('/%2F%2Fevil', FALLBACK)).toBe('/%2F%2Fevil');
  });

  it('answers the resolved form, never the text as given', () => {
    // Dot segments that stay on the site resolve as a browser would; control characters are gone.
    expect(returnPath('/a/../post/x', FALLBACK)).toBe('/post/x');
    expect(returnPath('/post/\tx', FALLBACK)).toBe('/post/x');
    expect(returnPath('/post/x\r\nSet-Cookie: a=b', FALLBACK)).toBe('/post/xSet-Cookie:%20a=b');
  });

  it('whatever it answers, a browser resolving that answer stays on the site', () => {
    const site = 'https://blog.example';
    for (const next of [...AWAY, '/post/x#comments', '/%2F%2Fevil', '/a/../b', '/././/x']) {
      const target = returnPath(next, FALLBACK);
      expect(target.startsWith('/') && !target.startsWith('//')).toBe(true);
      expect(new URL(target, site).origin).toBe(site);
    }
  });
});

describe('the logins that read next', () => {
  it('a member’s sign-in, the Wix login page and the sign-in page’s link send nowhere else', () => {
    for (const next of AWAY) {
      expect(safeMemberNext(next)).toBe(MEMBER_PAGES.account);
      expect(wixLoginPath(next)).toBe('/api/members/wix-login');
      expect(memberPagePath(MEMBER_PAGES.signin, undefined, next)).toBe(MEMBER_PAGES.signin);
    }
    expect(safeMemberNext('/post/x#comments')).toBe('/post/x#comments');
    expect(wixLoginPath('/post/x#comments')).toBe('/api/members/wix-login?next=%2Fpost%2Fx%23comments');
  });

  it('the owner’s login sends nowhere but the dashboard', () => {
    for (const next of [...AWAY, '/dashboard/..//evil.example', '/dashboard/%2e%2e//evil.example']) {
      expect(safeNext(next)).toBe('/dashboard');
    }
    expect(safeNext('/dashboard/drafts?page=2')).toBe('/dashboard/drafts?page=2');
  });
});
