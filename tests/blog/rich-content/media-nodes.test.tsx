import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { loneFrameSource } from '@/components/rich-content/embed-nodes';
import { plainText } from '@/components/rich-content/plain-text';
import { RichContent } from '@/components/rich-content/rich-content';
import { node, paragraph, renderNodes, tags, text, visibleText } from './helpers';

const image = (src: unknown, extra: Record<string, unknown> = {}) =>
  node('IMAGE', { imageData: { image: { src, width: 2400, height: 1600 }, ...extra } });
const video = (url: string, extra: Record<string, unknown> = {}) =>
  node('VIDEO', { videoData: { video: { src: { url } }, ...extra } });

describe('images', () => {
  test('the first image of the document is eager and high priority, the rest lazy', () => {
    const html = renderNodes(
      paragraph(text('intro')),
      image({ id: 'one~mv2.jpg' }),
      image({ id: 'two~mv2.jpg' }),
      node('GALLERY', { galleryData: { items: [{ image: { media: { src: { id: 'three~mv2.jpg' } } } }] } }),
    );
    const [first, ...rest] = tags(html, 'img');
    expect(first).toMatchObject({ fetchpriority: 'high' });
    expect(first).not.toHaveProperty('loading');
    expect(rest).toHaveLength(2);
    for (const img of rest) expect(img).toMatchObject({ loading: 'lazy', decoding: 'async' });
  });

  test('a gallery that comes first gives its first item the priority', () => {
    const items = ['a', 'b'].map((id) => ({
      image: { media: { src: { id: `${id}~mv2.jpg` }, width: 100, height: 100 } },
    }));
    const imgs = tags(renderNodes(node('GALLERY', { galleryData: { items } })), 'img');
    expect(imgs[0]).toMatchObject({ fetchpriority: 'high' });
    expect(imgs[1]).toMatchObject({ loading: 'lazy' });
  });

  test('Wix images get a CDN src, a srcset up to the original width, sizes and dimensions', () => {
    const [img] = tags(
      renderNodes(
        node('IMAGE', {
          imageData: { image: { src: { id: 'abc~mv2.jpg' }, width: 1000, height: 500 }, altText: 'Alt' },
        }),
      ),
      'img',
    );
    expect(img!.src).toBe('https://static.wixstatic.com/media/abc~mv2.jpg/v1/fill/w_1000,h_500,al_c,q_80/abc~mv2.jpg');
    expect(img!.srcset!.split(', ').map((c) => c.split(' ')[1])).toEqual(['320w', '640w', '960w', '1000w']);
    expect(img).toMatchObject({ width: '1000', height: '500', alt: 'Alt', sizes: '(max-width: 768px) 100vw, 768px' });
  });

  test('wix:image URIs and url sources resolve too', () => {
    const html = renderNodes(
      node('IMAGE', {
        imageData: { image: { src: { url: 'wix:image://v1/uri~mv2.jpg/name.jpg#originWidth=640&originHeight=480' } } },
      }),
      node('IMAGE', {
        imageData: { image: { src: { url: 'https://images.example.com/x.jpg' }, width: 300, height: 200 } },
      }),
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
    const html = renderNodes(
      node('IMAGE', {
        imageData: {
          image: { src: { id: 'c~mv2.jpg' }, width: 1200, height: 600 },
          containerData: { width: { custom: '300' }, alignment: 'LEFT', textWrap: true },
        },
      }),
    );
    expect(html).toMatch(/<figure class="rc-block rc-image rc-w-custom rc-align-left rc-wrap" style="width:300px">/);
    expect(tags(html, 'img')[0]).toMatchObject({
      width: '300',
      height: '150',
      sizes: '(max-width: 300px) 100vw, 300px',
    });
  });

  test('a linked image is wrapped in one safe link, with a caption and an accessible name', () => {
    const html = renderNodes(
      image(
        { id: 'l~mv2.jpg' },
        { link: { url: 'example.com/page', target: 'BLANK', rel: { nofollow: true } }, caption: 'See more' },
      ),
    );
    expect(html).toMatch(
      /<figure[^>]*><a class="rc-media-link" href="https:\/\/example.com\/page" target="_blank" rel="noopener noreferrer nofollow"><img [^>]*alt="See more"[^>]*\/><\/a><figcaption class="rc-figcaption" dir="auto">See more<\/figcaption><\/figure>/,
    );
  });

  test('decorative images have empty alt text', () => {
    expect(tags(renderNodes(image({ id: 'd~mv2.jpg' }, { decorative: true, altText: 'ignored' })), 'img')[0]!.alt).toBe(
      '',
    );
  });

  test('a spoiler image is blurred by CSS and focusable to reveal', () => {
    expect(renderNodes(image({ id: 's~mv2.jpg' }, { containerData: { spoiler: { enabled: true } } }))).toMatch(
      /<figure class="[^"]*rc-spoiler-block" tabindex="0">/,
    );
  });

  test('an image without a usable source renders nothing', () => {
    expect(renderNodes(node('IMAGE', { imageData: { image: { src: {} } } }))).toBe('<div class="rc"></div>');
  });
});

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('video and audio', () => {
  test.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    ],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1'],
  ])('%s is a facade that loads the privacy player on request', (url, player) => {
    const html = renderNodes(video(url, { title: 'My video' }));
    const [frame] = tags(html, 'iframe');
    expect(frame).not.toHaveProperty('src');
    expect(frame).toMatchObject({
      title: 'My video',
      loading: 'lazy',
      sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups',
    });
    expect(frame!.allow).toContain('autoplay');
    expect(decode(frame!.srcdoc!)).toContain(
      `<a href="${player.replace(/&/g, '&amp;')}" aria-label="Play video: My video">`,
    );
    expect(frame).toHaveProperty('width');
    expect(frame).toHaveProperty('height');
  });

  test('a look-alike host is not trusted with same-origin', () => {
    const html = renderNodes(video('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ'));
    expect(html).not.toContain('<iframe');
    expect(html).toMatch(
      /<a class="rc-video-link" href="https:\/\/youtube.com.evil.example\/watch\?v=dQw4w9WgXcQ" target="_blank" rel="noopener noreferrer">/,
    );
  });

  test('video files play natively, with a poster and no autoplay', () => {
    const html = renderNodes(
      video('https://cdn.example.com/v.webm', {
        thumbnail: { src: { id: 'poster~mv2.jpg' }, width: 1600, height: 900 },
      }),
    );
    const [el] = tags(html, 'video');
    expect(el).toMatchObject({
      src: 'https://cdn.example.com/v.webm',
      controls: '',
      preload: 'metadata',
      width: '640',
      height: '360',
    });
    expect(el!.poster).toContain('static.wixstatic.com/media/poster~mv2.jpg');
    expect(el).not.toHaveProperty('autoplay');
  });

  test('a local video file comes from /media', () => {
    expect(
      tags(renderNodes(node('VIDEO', { videoData: { video: { src: { id: 'clip.mp4' } } } })), 'video')[0]!.src,
    ).toBe('/media/clip.mp4');
  });

  test('audio files play natively', () => {
    const [el] = tags(
      renderNodes(
        node('AUDIO', { audioData: { audio: { src: { url: 'https://cdn.example.com/a.mp3' } }, name: 'Song' } }),
      ),
      'audio',
    );
    expect(el).toMatchObject({ src: 'https://cdn.example.com/a.mp3', controls: '', preload: 'metadata' });
  });

  test('an EMBED of a YouTube page uses the privacy player, not the oembed html', () => {
    const html = renderNodes(
      node('EMBED', {
        embedData: {
          src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          oembed: { html: '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>' },
        },
      }),
    );
    expect(tags(html, 'iframe')).toHaveLength(1);
    expect(decode(tags(html, 'iframe')[0]!.srcdoc!)).toContain(
      'href="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"',
    );
  });
});

describe('video facades', () => {
  /** The talk in "Understanding the event loop", with the poster the post names. */
  const TALK = video('https://www.youtube.com/watch?v=cCOL7MC4Pl0', {
    title: 'Jake Archibald: In The Loop (JSConf.Asia)',
    thumbnail: { src: { id: 'poster-event-loop.png' }, width: 1280, height: 720 },
  });

  test('nothing loads from YouTube until the reader asks: no frame src, no third-party image', () => {
    const html = renderNodes(TALK);
    expect(tags(html, 'iframe')).toHaveLength(1);
    expect(tags(html, 'iframe')[0]).not.toHaveProperty('src');
    const doc = decode(tags(html, 'iframe')[0]!.srcdoc!);
    expect(doc).toContain('<img src="/media/poster-event-loop.png"');
    expect(doc).not.toMatch(/<script|i\.ytimg|ytimg\.com|youtube\.com\/iframe_api/);
    // The only reference to YouTube in the frame is the link the reader follows.
    expect(doc.match(/youtube-nocookie\.com/g)).toHaveLength(2);
    expect(doc).toMatch(
      /<a href="https:\/\/www\.youtube-nocookie\.com\/embed\/cCOL7MC4Pl0\?autoplay=1"[^>]*><img[^>]*><span class="play"><\/span><span class="label">Play video<small>from www\.youtube-nocookie\.com<\/small><\/span><\/a>/,
    );
  });

  test('the title is page text outside the frame (the one plainText gives), with a plain link to watch on YouTube', () => {
    const html = renderNodes(TALK);
    expect(visibleText(html)).toContain('Jake Archibald: In The Loop (JSConf.Asia)');
    expect(plainText({ nodes: [TALK] })).toBe('Jake Archibald: In The Loop (JSConf.Asia)');
    expect(html).toMatch(
      /<\/iframe><figcaption class="rc-figcaption" dir="auto"><span class="rc-video-title">Jake Archibald: In The Loop \(JSConf.Asia\)<\/span><a class="rc-link rc-video-watch" href="https:\/\/www.youtube.com\/watch\?v=cCOL7MC4Pl0" target="_blank" rel="noopener noreferrer">Watch on YouTube<\/a><\/figcaption>/,
    );
  });

  test('without a thumbnail of its own the facade is a plain panel: no poster is fetched from the provider', () => {
    const doc = decode(tags(renderNodes(video('https://youtu.be/dQw4w9WgXcQ')), 'iframe')[0]!.srcdoc!);
    expect(doc).not.toContain('<img');
    expect(tags(renderNodes(video('https://youtu.be/dQw4w9WgXcQ')), 'iframe')[0]!.title).toBe('YouTube video');
  });

  test('a poster on the Wix CDN comes with its srcset, sized to the frame', () => {
    const doc = decode(
      tags(
        renderNodes(
          video('https://vimeo.com/1', { thumbnail: { src: { id: 'p~mv2.jpg' }, width: 1600, height: 900 } }),
        ),
        'iframe',
      )[0]!.srcdoc!,
    );
    expect(doc).toMatch(
      /<img src="https:\/\/static\.wixstatic\.com\/media\/p~mv2\.jpg\/v1\/fill\/w_1280[^"]*" srcset="[^"]+" sizes="100vw"/,
    );
  });

  test('a hostile title or poster stays text inside the frame document', () => {
    const evil = '"><script>alert(1)</script><a href="javascript:alert(1)">';
    const html = renderNodes(
      video('https://youtu.be/dQw4w9WgXcQ', {
        title: evil,
        thumbnail: { src: { url: 'https://cdn.example/p.jpg?"><script>alert(2)</script>' } },
      }),
    );
    const doc = decode(tags(html, 'iframe')[0]!.srcdoc!);
    expect(doc).not.toMatch(/<script|href="javascript/i);
    expect(doc).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<script/i);
  });

  test('gallery videos are facades too', () => {
    const html = renderNodes(
      node('GALLERY', {
        galleryData: {
          items: [{ video: { media: { src: { url: 'https://youtu.be/dQw4w9WgXcQ' } } }, title: 'A video' }],
        },
      }),
    );
    expect(tags(html, 'iframe')[0]).not.toHaveProperty('src');
    expect(decode(tags(html, 'iframe')[0]!.srcdoc!)).toContain(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
  });

  test('an oEmbed that is only a player iframe becomes a facade with the same sandbox as the markup frame', () => {
    const html = renderNodes(
      node('EMBED', {
        embedData: {
          src: 'https://codepen.io/x/pen/y',
          oembed: {
            title: 'A pen',
            providerName: 'CodePen',
            width: 800,
            height: 300,
            html: "<iframe height='300' src='https://codepen.io/x/embed/preview/y?a=1&amp;b=2' loading='lazy'></iframe>",
          },
        },
      }),
    );
    const [frame] = tags(html, 'iframe');
    expect(frame).not.toHaveProperty('src');
    expect(frame).toMatchObject({ sandbox: 'allow-scripts allow-popups', title: 'A pen', class: 'rc-embed-frame' });
    const doc = decode(frame!.srcdoc!);
    expect(doc).toContain(
      '<a href="https://codepen.io/x/embed/preview/y?a=1&amp;b=2" aria-label="Load the CodePen embed: A pen">',
    );
    expect(doc).not.toContain('class="play"');
  });

  test('an oEmbed with markup beyond one iframe keeps rendering its markup in the sandbox', () => {
    const html = renderNodes(
      node('EMBED', { embedData: { oembed: { html: '<iframe src="https://a.example/x"></iframe><p>and text</p>' } } }),
    );
    expect(decode(tags(html, 'iframe')[0]!.srcdoc!)).toContain(
      '<iframe src="https://a.example/x"></iframe><p>and text</p>',
    );
  });

  test.each([
    ['<iframe src="https://a.example/p"></iframe>', 'https://a.example/p'],
    [' <IFRAME width=1 SRC=https://a.example/p?x=1&amp;y=2 ></IFRAME> ', 'https://a.example/p?x=1&y=2'],
    ['<iframe src="http://a.example/p"></iframe>', null],
    ['<iframe src="javascript:alert(1)"></iframe>', null],
    ['<iframe data-src="https://a.example/p"></iframe>', null],
    ['<iframe src="https://a.example/p"></iframe><script></script>', null],
  ])('loneFrameSource(%j)', (markup, expected) => {
    expect(loneFrameSource(markup)).toBe(expected);
  });
});

describe('priority', () => {
  test('priority={false} loads every image lazily and asks for no preload', () => {
    const html = renderToStaticMarkup(
      <RichContent content={{ nodes: [image({ id: 'a~mv2.jpg' })] }} priority={false} />,
    );
    expect(html).not.toContain('<link');
    expect(tags(html, 'img')[0]).toMatchObject({ loading: 'lazy' });
  });
});

test('a GIF from the local media folder is drawn (the demo works offline)', () => {
  const html = renderToStaticMarkup(
    <RichContent
      content={{
        nodes: [
          { type: 'GIF', id: 'g', gifData: { original: { gif: '/media/confetti.gif' }, width: 320, height: 180 } },
        ],
      }}
    />,
  );
  expect(html).toContain('src="/media/confetti.gif"');
});

// Issue 47: a caption that says what the alt text says is read once. The figcaption names the image, so the img's alt
// is empty where it would repeat it (screen readers read both otherwise); alt text that says more stays, and so does
// a linked image's, which names the link (the caption is outside it).
describe('alt text and captions', () => {
  const item = (title: string | undefined, altText: string | undefined, link?: unknown) => ({
    image: { media: { src: { id: 'g~mv2.jpg' }, width: 100, height: 100 }, ...(link ? { link } : {}) },
    ...(title !== undefined ? { title } : {}),
    ...(altText !== undefined ? { altText } : {}),
  });
  const gallery = (...items: unknown[]) => renderNodes(node('GALLERY', { galleryData: { items } }));

  test('a gallery item whose alt text is its caption has an empty alt; the caption still names it', () => {
    const html = gallery(
      item('Nested squares in orange', 'Nested squares in orange'),
      item('Diagonal  stripes', 'diagonal stripes'),
      item('A mosaic of triangles', undefined),
    );
    expect(tags(html, 'img').map((img) => img.alt)).toEqual(['', '', '']);
    expect(html).toContain('<figcaption class="rc-figcaption">Nested squares in orange</figcaption>');
    expect(html).toContain('<figcaption class="rc-figcaption">A mosaic of triangles</figcaption>');
  });

  test('alt text that differs from the caption, or names a link, stays', () => {
    const html = gallery(
      item('Tiles', 'A grid of coloured tiles in blues and greens'),
      item('Rings', 'Rings', { url: 'https://example.com/rings' }),
      item(undefined, 'Only alt text'),
    );
    expect(tags(html, 'img').map((img) => img.alt)).toEqual([
      'A grid of coloured tiles in blues and greens',
      'Rings',
      'Only alt text',
    ]);
  });

  test('an image whose alt text is its caption has an empty alt; a different one stays', () => {
    const html = renderNodes(
      image({ id: 'a~mv2.jpg' }, { altText: 'A chart of load times', caption: 'A chart of load times' }),
      image({ id: 'b~mv2.jpg' }, { altText: 'Bars rising to the right', caption: 'Load times by month' }),
    );
    expect(tags(html, 'img').map((img) => img.alt)).toEqual(['', 'Bars rising to the right']);
    expect(html).toContain('A chart of load times</figcaption>');
  });
});
