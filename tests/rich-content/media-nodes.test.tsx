import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { RichContent } from '@/components/rich-content/rich-content';
import { node, paragraph, renderNodes, tags, text } from './helpers';

const image = (src: unknown, extra: Record<string, unknown> = {}) => node('IMAGE', { imageData: { image: { src, width: 2400, height: 1600 }, ...extra } });
const video = (url: string, extra: Record<string, unknown> = {}) => node('VIDEO', { videoData: { video: { src: { url } }, ...extra } });

describe('images', () => {
  test('the first image of the document is eager and high priority, the rest lazy', () => {
    const html = renderNodes(paragraph(text('intro')), image({ id: 'one~mv2.jpg' }), image({ id: 'two~mv2.jpg' }), node('GALLERY', { galleryData: { items: [{ image: { media: { src: { id: 'three~mv2.jpg' } } } }] } }));
    const [first, ...rest] = tags(html, 'img');
    expect(first).toMatchObject({ fetchpriority: 'high' });
    expect(first).not.toHaveProperty('loading');
    expect(rest).toHaveLength(2);
    for (const img of rest) expect(img).toMatchObject({ loading: 'lazy', decoding: 'async' });
  });

  test('a gallery that comes first gives its first item the priority', () => {
    const items = ['a', 'b'].map((id) => ({ image: { media: { src: { id: `${id}~mv2.jpg` }, width: 100, height: 100 } } }));
    const imgs = tags(renderNodes(node('GALLERY', { galleryData: { items } })), 'img');
    expect(imgs[0]).toMatchObject({ fetchpriority: 'high' });
    expect(imgs[1]).toMatchObject({ loading: 'lazy' });
  });

  test('Wix images get a CDN src, a srcset up to the original width, sizes and dimensions', () => {
    const [img] = tags(renderNodes(node('IMAGE', { imageData: { image: { src: { id: 'abc~mv2.jpg' }, width: 1000, height: 500 }, altText: 'Alt' } })), 'img');
    expect(img!.src).toBe('https://static.wixstatic.com/media/abc~mv2.jpg/v1/fill/w_1000,h_500,al_c,q_80/abc~mv2.jpg');
    expect(img!.srcset!.split(', ').map((c) => c.split(' ')[1])).toEqual(['320w', '640w', '960w', '1000w']);
    expect(img).toMatchObject({ width: '1000', height: '500', alt: 'Alt', sizes: '(max-width: 768px) 100vw, 768px' });
  });

  test('wix:image URIs and url sources resolve too', () => {
    const html = renderNodes(
      node('IMAGE', { imageData: { image: { src: { url: 'wix:image://v1/uri~mv2.jpg/name.jpg#originWidth=640&originHeight=480' } } } }),
      node('IMAGE', { imageData: { image: { src: { url: 'https://images.example.com/x.jpg' }, width: 300, height: 200 } } }),
    );
    const [a, b] = tags(html, 'img');
    expect(a).toMatchObject({ width: '640', height: '480' });
    expect(a!.src).toContain('static.wixstatic.com/media/uri~mv2.jpg');
    expect(b).toMatchObject({ src: 'https://images.example.com/x.jpg', width: '300', height: '200' });
    expect(b).not.toHaveProperty('srcset');
  });

  test('local media is served from /media with no srcset', () => {
    const [img] = tags(renderNodes(image({ id: 'hero-bars.png' })), 'img');
    expect(img).toMatchObject({ src: '/media/hero-bars.png', width: '1920', height: '1280' });
    expect(img).not.toHaveProperty('srcset');
  });

  test('a custom width sets the figure width, the size attributes and sizes', () => {
    const html = renderNodes(node('IMAGE', { imageData: { image: { src: { id: 'c~mv2.jpg' }, width: 1200, height: 600 }, containerData: { width: { custom: '300' }, alignment: 'LEFT', textWrap: true } } }));
    expect(html).toMatch(/<figure class="rc-block rc-image rc-w-custom rc-align-left rc-wrap" style="width:300px">/);
    expect(tags(html, 'img')[0]).toMatchObject({ width: '300', height: '150', sizes: '(max-width: 300px) 100vw, 300px' });
  });

  test('a linked image is wrapped in one safe link, with a caption and an accessible name', () => {
    const html = renderNodes(image({ id: 'l~mv2.jpg' }, { link: { url: 'example.com/page', target: 'BLANK', rel: { nofollow: true } }, caption: 'See more' }));
    expect(html).toMatch(/<figure[^>]*><a class="rc-media-link" href="https:\/\/example.com\/page" target="_blank" rel="noopener noreferrer nofollow"><img [^>]*alt="See more"[^>]*\/><\/a><figcaption class="rc-figcaption" dir="auto">See more<\/figcaption><\/figure>/);
  });

  test('decorative images have empty alt text', () => {
    expect(tags(renderNodes(image({ id: 'd~mv2.jpg' }, { decorative: true, altText: 'ignored' })), 'img')[0]!.alt).toBe('');
  });

  test('a spoiler image is blurred by CSS and focusable to reveal', () => {
    expect(renderNodes(image({ id: 's~mv2.jpg' }, { containerData: { spoiler: { enabled: true } } }))).toMatch(/<figure class="[^"]*rc-spoiler-block" tabindex="0">/);
  });

  test('an image without a usable source renders nothing', () => {
    expect(renderNodes(node('IMAGE', { imageData: { image: { src: {} } } }))).toBe('<div class="rc"></div>');
  });
});

describe('video and audio', () => {
  test.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
  ])('%s plays in the privacy player', (url, embed) => {
    const [frame] = tags(renderNodes(video(url, { title: 'My video' })), 'iframe');
    expect(frame).toMatchObject({ src: embed, title: 'My video', loading: 'lazy', sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups' });
    expect(frame).toHaveProperty('width');
    expect(frame).toHaveProperty('height');
  });

  test('a look-alike host is not trusted with same-origin', () => {
    const html = renderNodes(video('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ'));
    expect(html).not.toContain('<iframe');
    expect(html).toMatch(/<a class="rc-video-link" href="https:\/\/youtube.com.evil.example\/watch\?v=dQw4w9WgXcQ" target="_blank" rel="noopener noreferrer">/);
  });

  test('video files play natively, with a poster and no autoplay', () => {
    const html = renderNodes(video('https://cdn.example.com/v.webm', { thumbnail: { src: { id: 'poster~mv2.jpg' }, width: 1600, height: 900 } }));
    const [el] = tags(html, 'video');
    expect(el).toMatchObject({ src: 'https://cdn.example.com/v.webm', controls: '', preload: 'metadata', width: '640', height: '360' });
    expect(el!.poster).toContain('static.wixstatic.com/media/poster~mv2.jpg');
    expect(el).not.toHaveProperty('autoplay');
  });

  test('a local video file comes from /media', () => {
    expect(tags(renderNodes(node('VIDEO', { videoData: { video: { src: { id: 'clip.mp4' } } } })), 'video')[0]!.src).toBe('/media/clip.mp4');
  });

  test('audio files play natively', () => {
    const [el] = tags(renderNodes(node('AUDIO', { audioData: { audio: { src: { url: 'https://cdn.example.com/a.mp3' } }, name: 'Song' } })), 'audio');
    expect(el).toMatchObject({ src: 'https://cdn.example.com/a.mp3', controls: '', preload: 'metadata' });
  });

  test('an EMBED of a YouTube page uses the privacy player, not the oembed html', () => {
    const html = renderNodes(node('EMBED', { embedData: { src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', oembed: { html: '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>' } } }));
    expect(tags(html, 'iframe')).toHaveLength(1);
    expect(tags(html, 'iframe')[0]!.src).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });
});

describe('priority', () => {
  test('priority={false} loads every image lazily and asks for no preload', () => {
    const html = renderToStaticMarkup(<RichContent content={{ nodes: [image({ id: 'a~mv2.jpg' })] }} priority={false} />);
    expect(html).not.toContain('<link');
    expect(tags(html, 'img')[0]).toMatchObject({ loading: 'lazy' });
  });
});
