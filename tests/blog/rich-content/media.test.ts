import { describe, expect, test } from 'vitest';
import {
  localMediaUrl,
  parseWixImage,
  resolveImage,
  resolveMediaFile,
  srcSetWidths,
  wixImageUrl,
  wixSrcSet,
} from '@/lib/blog/view';

describe('parseWixImage', () => {
  test('reads a wix:image URI with its original size', () => {
    expect(parseWixImage('wix:image://v1/abc_123~mv2.jpg/photo.jpg#originWidth=4000&originHeight=3000')).toEqual({
      id: 'abc_123~mv2.jpg',
      width: 4000,
      height: 3000,
    });
  });

  test('reads a wix:image URI without a size', () => {
    expect(parseWixImage('wix:image://v1/abc~mv2.png/x.png')).toEqual({ id: 'abc~mv2.png' });
  });

  test('reads bare media ids, new and legacy', () => {
    expect(parseWixImage('abc~mv2.jpg')).toEqual({ id: 'abc~mv2.jpg' });
    expect(parseWixImage('8bb438_67a68c0652d740bab508f68662acc882.jpg')).toEqual({
      id: '8bb438_67a68c0652d740bab508f68662acc882.jpg',
    });
    expect(parseWixImage('media/d3dd72_9397c7bfa03f4fa8920b16bdd667f73bf000.jpg')).toEqual({
      id: 'd3dd72_9397c7bfa03f4fa8920b16bdd667f73bf000.jpg',
    });
  });

  test.each([
    'hero-bars.png',
    '/media/hero.png',
    'https://example.com/a~mv2.jpg',
    'wix:image://v1/../x',
    'javascript:alert(1)',
    '',
    42,
    null,
  ])('is not a Wix image: %j', (value) => expect(parseWixImage(value)).toBeNull());
});

describe('CDN URLs', () => {
  test('builds the fill URL', () => {
    expect(wixImageUrl('abc~mv2.jpg', 640, 427)).toBe(
      'https://static.wixstatic.com/media/abc~mv2.jpg/v1/fill/w_640,h_427,al_c,q_80/abc~mv2.jpg',
    );
  });

  test('srcset widths never go above the original width', () => {
    expect(srcSetWidths(5000)).toEqual([320, 640, 960, 1280, 1920]);
    expect(srcSetWidths(1000)).toEqual([320, 640, 960, 1000]);
    expect(srcSetWidths(960)).toEqual([320, 640, 960]);
    expect(srcSetWidths(200)).toEqual([200]);
  });

  test('srcset keeps the aspect ratio', () => {
    expect(wixSrcSet({ id: 'a~mv2.jpg', width: 1000, height: 500 })).toBe(
      [320, 640, 960, 1000]
        .map((w) => `https://static.wixstatic.com/media/a~mv2.jpg/v1/fill/w_${w},h_${w / 2},al_c,q_80/a~mv2.jpg ${w}w`)
        .join(', '),
    );
  });
});

describe('resolveImage', () => {
  test('a Wix id with a size gets a srcset and a display size', () => {
    const image = resolveImage({ id: 'abc~mv2.jpg' }, { width: 3000, height: 2000 });
    expect(image?.src).toBe(wixImageUrl('abc~mv2.jpg', 1280, 853.33));
    expect(image?.srcSet?.split(', ')).toHaveLength(5);
    expect(image).toMatchObject({ width: 1920, height: 1280 });
  });

  test('a display width scales the size attributes', () => {
    expect(resolveImage('abc~mv2.jpg', { width: 1000, height: 500 }, 300)).toMatchObject({ width: 300, height: 150 });
  });

  test('a wix:image URI carries its own size', () => {
    expect(resolveImage('wix:image://v1/abc~mv2.jpg/a.jpg#originWidth=800&originHeight=400')).toMatchObject({
      width: 800,
      height: 400,
    });
  });

  test('local media is served from /media without a CDN srcset', () => {
    expect(resolveImage({ id: 'hero-bars.png' }, { width: 1600, height: 900 })).toEqual({
      src: '/media/hero-bars.png',
      width: 1600,
      height: 900,
    });
    expect(resolveImage('/media/square-blocks.png')).toEqual({ src: '/media/square-blocks.png' });
  });

  test('a url that is a bare id is treated as an id', () => {
    expect(resolveImage({ url: 'x~mv2.jpg' }, { width: 100, height: 100 })?.srcSet).toBeDefined();
  });

  test('absolute URLs are used as they are', () => {
    expect(resolveImage({ url: 'https://images.example.com/a.jpg' })).toEqual({
      src: 'https://images.example.com/a.jpg',
    });
  });

  test.each([
    { url: 'javascript:alert(1)' },
    { id: '../../etc/passwd' },
    { id: '/media/../secret' },
    'data:image/png;base64,AAAA',
    {},
    null,
    5,
  ])('refuses %j', (source) => expect(resolveImage(source)).toBeNull());

  test('local paths are encoded', () => {
    expect(localMediaUrl('/media/sub/file.png')).toBe('/media/sub/file.png');
    expect(localMediaUrl('a b.png')).toBeNull();
  });
});

describe('resolveMediaFile', () => {
  test('maps Wix video and audio ids to their CDNs and local files to /media', () => {
    expect(resolveMediaFile({ id: 'video/abc/1080p/mp4/file.mp4' })).toBe(
      'https://video.wixstatic.com/video/abc/1080p/mp4/file.mp4',
    );
    expect(resolveMediaFile({ id: 'mp3/abc.mp3' })).toBe('https://static.wixstatic.com/mp3/abc.mp3');
    expect(resolveMediaFile({ id: 'release-chime.wav' })).toBe('/media/release-chime.wav');
    expect(resolveMediaFile({ url: 'vbscript:x' })).toBeNull();
  });
});
