import { describe, expect, it } from 'vitest';
import { toImage, toPageUrl, toVideo } from '@/lib/blog/wix/reshape';
import { pathSegment } from '@/lib/blog/wix/segments';
import { reroute } from '@/lib/wix/base-url';
import { redact } from '@/lib/wix/upstream';

describe('wix reshape helpers', () => {
  it('reads wix:image:// strings', () => {
    expect(toImage('wix:image://v1/abc~mv2.jpg/my%20photo.jpg#originWidth=1200&originHeight=800')).toEqual({
      id: 'abc~mv2.jpg',
      url: 'https://static.wixstatic.com/media/abc~mv2.jpg',
      width: 1200,
      height: 800,
      filename: 'my photo.jpg',
      altText: null,
    });
    expect(toImage('wix:image://v1/abc~mv2.jpg#originWidth=undefined&originHeight=undefined')).toMatchObject({
      id: 'abc~mv2.jpg',
      width: undefined,
      height: undefined,
    });
    expect(toImage('https://static.wixstatic.com/media/xyz~mv2.png')).toMatchObject({
      id: 'xyz~mv2.png',
      url: 'https://static.wixstatic.com/media/xyz~mv2.png',
    });
    expect(toImage('not an image')).toBeUndefined();
  });

  it('reads wix:video:// strings', () => {
    expect(
      toVideo('wix:video://v1/vid123/clip.mp4#posterUri=poster~mv2.jpg&posterWidth=320&posterHeight=180'),
    ).toMatchObject({
      id: 'vid123',
      width: 320,
      height: 180,
      thumbnail: { id: 'poster~mv2.jpg', url: 'https://static.wixstatic.com/media/poster~mv2.jpg' },
    });
  });

  it('splits page URLs at the origin', () => {
    expect(toPageUrl('https://www.example.com/post/a-b?x=1')).toEqual({
      base: 'https://www.example.com',
      path: '/post/a-b?x=1',
    });
    expect(toPageUrl({ base: 'https://a.com', path: '/p' })).toEqual({ base: 'https://a.com', path: '/p' });
    expect(toPageUrl('::')).toBeUndefined();
  });
});

describe('wix transport helpers', () => {
  it('reroutes Wix hosts only, keeping path and query', () => {
    expect(reroute('https://www.wixapis.com/v3/posts?x=1', 'http://wix.test')).toBe('http://wix.test/v3/posts?x=1');
    expect(reroute('https://edge.wixapis.com/blog/v2/stats/posts/total', 'http://wix.test/base/')).toBe(
      'http://wix.test/base/blog/v2/stats/posts/total',
    );
    expect(reroute('https://example.com/x', 'http://wix.test')).toBe('https://example.com/x');
    expect(reroute('https://www.wixapis.com/v3/posts', undefined)).toBe('https://www.wixapis.com/v3/posts');
  });

  it('encodes path segments and refuses the ones that would escape', () => {
    expect(pathSegment('a b/c')).toBeNull();
    expect(pathSegment('été')).toBe('%C3%A9t%C3%A9');
    expect(pathSegment('..')).toBeNull();
    expect(pathSegment('a\u0007')).toBeNull();
    expect(pathSegment('x'.repeat(1001))).toBeNull();
  });

  it('redacts credentials', () => {
    expect(redact('key IST.abc.def leaked, token OauthNG.JWS.xyz and secret-value', ['secret-value'])).toBe(
      'key [redacted] leaked, token [redacted] and [redacted]',
    );
  });
});
