import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { REDIRECTS_FILE, redirectFor, redirectKey } from '@/lib/core/redirects';
import { proxy } from '@/proxy';
import { withSite } from '../helpers/site';

// The redirects table (issue 48): an old blog's addresses answered 301 with their new page, by the proxy, from the
// content folder's redirects.json, read again when it changes.

const site = withSite(
  { OWNER_PASSWORD: 'pw', SESSION_SECRET: 'redirects-test-secret-that-is-long-enough-012345' },
  { content: true },
);

const table = (redirects: unknown[]) =>
  writeFileSync(path.join(site.contentDir, REDIRECTS_FILE), JSON.stringify({ redirects }));
const answer = (address: string) => proxy(new NextRequest(`http://127.0.0.1:3000${address}`)) as Response;

describe('the redirects table', () => {
  it('keys an address as old blogs spell it: trailing slash, case and percent-encoding aside, one query key kept', () => {
    expect(redirectKey('/2019/05/Hello-World/')).toBe('/2019/05/hello-world');
    expect(redirectKey('/p/caf%C3%A9')).toBe('/p/café');
    expect(redirectKey('/', '?p=123&utm_source=x')).toBe('/?p=123');
    expect(redirectKey('/', '?utm_source=x')).toBe('/');
    expect(redirectKey('/%E0%A4%A')).toBeNull();
  });

  it('answers 301 with the new page for each old address, and passes every other address through', () => {
    table([
      { from: '/2019/05/hello-world/', to: '/post/hello-world', source: 'wordpress:post:1' },
      { from: '/?p=1', to: '/post/hello-world' },
      { from: '/p/a-substack-post', to: '/post/a-substack-post' },
      { from: '/tag/css/', to: '/tags/css' },
      { from: '/my-ghost-post/', to: '/post/my-ghost-post' },
    ]);
    for (const [from, to] of [
      ['/2019/05/hello-world/', '/post/hello-world'],
      ['/2019/05/hello-world', '/post/hello-world'],
      ['/?p=1', '/post/hello-world'],
      ['/p/a-substack-post', '/post/a-substack-post'],
      ['/tag/css', '/tags/css'],
      ['/my-ghost-post', '/post/my-ghost-post'],
    ]) {
      const response = answer(from!);
      expect([from, response.status, new URL(response.headers.get('location') ?? '/x', 'http://x').pathname]).toEqual([
        from,
        301,
        to,
      ]);
    }
    for (const address of ['/2019/05/other', '/?p=2', '/p/none', '/unknown-slug']) {
      expect(answer(address).headers.get('location'), address).toBeNull();
    }
  });

  it('answers an address with a trailing slash itself: an old one in one 301, any other 308 without its slash', () => {
    table([{ from: '/2019/05/hello-world/', to: '/post/hello-world' }]);
    const old = answer('/2019/05/hello-world/');
    expect([old.status, new URL(old.headers.get('location')!).pathname]).toEqual([301, '/post/hello-world']);
    for (const [from, to] of [
      ['/post/what-lcp-actually-measures/', '/post/what-lcp-actually-measures'],
      ['/search/?q=cache', '/search?q=cache'],
      ['/es//', '/es'],
      ['/dashboard/', '/dashboard'],
    ]) {
      const response = answer(from!);
      const location = new URL(response.headers.get('location') ?? '/x', 'http://x');
      expect([from, response.status, `${location.pathname}${location.search}`]).toEqual([from, 308, to]);
    }
    expect(answer('/').headers.get('location')).toBeNull();
  });

  it('serves a changed table without a restart, and a table that does not parse redirects nothing', () => {
    table([{ from: '/p/first', to: '/post/first' }]);
    const later = Date.now() + 60_000;
    expect(redirectFor(site.contentDir, '/p/first', '', later)).toBe('/post/first');
    table([{ from: '/p/second', to: '/post/second' }]);
    expect(redirectFor(site.contentDir, '/p/second', '', later + 60_000)).toBe('/post/second');
    expect(redirectFor(site.contentDir, '/p/first', '', later + 60_000)).toBeNull();
    writeFileSync(path.join(site.contentDir, REDIRECTS_FILE), '{ not json');
    expect(redirectFor(site.contentDir, '/p/second', '', later + 120_000)).toBeNull();
  });
});
