import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { HEIGHT_REPORTER } from '@/components/rich-content/embed-size';
import { FittedFrame } from '@/components/rich-content/fitted-frame';
import { MAX_FRAME_HEIGHT, MIN_FRAME_HEIGHT, reportedHeight } from '@/components/rich-content/frame-height';
import { RichContent } from '@/components/rich-content/rich-content';
import { node, renderNodes, tags, type Node } from './helpers';

// Issue 47, item 9: an embed frame is as tall as what is known about it, never a fixed box with a grey gap under
// short content. Players keep the ratio their data gives, widgets the height it gives (or their provider's), frames
// whose document says its height are fitted to it by a small island, and the rest start small.

const embed = (oembed: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  node('EMBED', { embedData: { oembed, ...extra } });
const frameOf = (...nodes: Node[]) => tags(renderNodes(...nodes), 'iframe')[0]!;
const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

type FittedProps = { origin: string; height: number; src?: string; srcDoc?: string; sandbox?: string };

/** The fitted frames (the island) in the element tree the content renders to, with their props. */
function fittedFrames(content: unknown, islands = true): FittedProps[] {
  const found: FittedProps[] = [];
  const walk = (value: ReactNode): void => {
    if (Array.isArray(value)) return value.forEach((child: ReactNode) => walk(child));
    if (!isValidElement(value)) return;
    const element = value as ReactElement<Record<string, unknown>>;
    if (element.type === FittedFrame) found.push(element.props as unknown as FittedProps);
    else if (typeof element.type === 'function') walk((element.type as (props: unknown) => ReactNode)(element.props));
    else walk(element.props.children as ReactNode);
  };
  walk(RichContent({ content, islands }));
  return found;
}

const lone = (src: string, attributes = '') => `<iframe ${attributes} src="${src}" frameborder="0"></iframe>`;

describe('players keep the ratio their data gives', () => {
  test('a YouTube EMBED of a 4:3 video is 4:3, not 16:9', () => {
    const frame = frameOf(
      embed(
        { type: 'video', width: 480, height: 360, html: lone('https://www.youtube.com/embed/dQw4w9WgXcQ') },
        { src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      ),
    );
    expect(frame.class).toBe('rc-video-frame');
    expect(frame.style).toBe('aspect-ratio:480 / 360');
    expect(frame).toMatchObject({ width: '480', height: '360' });
  });

  test('a Vimeo player whose oEmbed has no size takes the ratio of its markup', () => {
    const frame = frameOf(embed({ html: lone('https://player.vimeo.com/video/76979871', 'width="640" height="480"') }));
    expect(frame.style).toBe('aspect-ratio:640 / 480');
  });

  test("another provider's video player keeps its ratio, as tall as its width makes it", () => {
    const frame = frameOf(
      embed({ type: 'video', width: 480, height: 270, html: lone('https://www.dailymotion.com/embed/video/x8abc') }),
    );
    expect(frame.class).toBe('rc-embed-frame rc-frame-ratio');
    expect(frame.style).toBe('aspect-ratio:480 / 270');
  });
});

describe('widgets take the height their data gives, else their provider’s', () => {
  const spotify = (type: string) => `https://open.spotify.com/embed/${type}/4uLU6hMCjMI75M1A2tKUQC?utm_source=oembed`;

  test.each([
    ['oEmbed height', { height: 152, html: lone(spotify('track'), 'width="100%" height="352"') }, '152'],
    ['markup height', { html: lone(spotify('playlist'), 'width="100%" height="352"') }, '352'],
    ['a track, no height', { html: lone(spotify('track')) }, '152'],
    ['a playlist, no height', { html: lone(spotify('playlist')) }, '352'],
    [
      'an album in a regional path',
      { html: lone('https://open.spotify.com/intl-de/embed/album/1A2GTWGtFfWp7KSQTwWOyo') },
      '352',
    ],
  ])('Spotify (%s)', (_, oembed, height) => {
    const frame = frameOf(embed({ providerName: 'Spotify', ...oembed }));
    expect(frame.height).toBe(height);
    expect(frame).not.toHaveProperty('style');
    expect(frame.class).toBe('rc-embed-frame rc-frame-provider');
  });

  test.each([
    ['oEmbed height', { height: 166 }, '166'],
    ['a visual player, oEmbed height', { height: 400 }, '400'],
    ['no height', {}, '166'],
  ])('SoundCloud (%s)', (_, sizes, height) => {
    const src =
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fapi.soundcloud.com%2Ftracks%2F293&show_artwork=true';
    const frame = frameOf(
      embed({ providerName: 'SoundCloud', width: '100%', ...sizes, html: lone(src, 'width="100%"') }),
    );
    expect(frame.height).toBe(height);
    expect(frame).not.toHaveProperty('style');
  });

  test('an HTML block given by URL to a widget takes its provider’s height', () => {
    const frame = frameOf(node('HTML', { htmlData: { url: 'https://w.soundcloud.com/player/?url=x' } }));
    expect(frame).toMatchObject({ height: '166', src: 'https://w.soundcloud.com/player/?url=x' });
    expect(frame.sandbox).toBe('allow-scripts allow-popups');
  });

  test('the author’s custom height wins over the oEmbed’s', () => {
    const frame = frameOf(
      embed(
        { height: 152, html: lone('https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC') },
        {
          containerData: { height: { custom: '80' } },
        },
      ),
    );
    expect(frame.height).toBe('80');
    expect(frame).not.toHaveProperty('style');
  });
});

describe('without a height, a small default and no gap', () => {
  test('a player of an unknown provider with no size is a 200px box, not 400px at a ratio', () => {
    const frame = frameOf(embed({ title: 'A widget', html: lone('https://widgets.example/embed/1') }));
    expect(frame.height).toBe('200');
    expect(frame).not.toHaveProperty('style');
    expect(frame.class).toBe('rc-embed-frame');
  });

  test('a rich oEmbed widget of a given height is that tall whatever its width (no ratio)', () => {
    const frame = frameOf(
      embed({ type: 'rich', width: 800, height: 300, html: lone('https://widgets.example/embed/2') }),
    );
    expect(frame.height).toBe('300');
    expect(frame).not.toHaveProperty('style');
  });

  test('an HTML block without a height starts at 200px (it was 400px)', () => {
    expect(frameOf(node('HTML', { htmlData: { html: '<p>Short</p>' } })).height).toBe('200');
  });

  test('the style sheet gives the frame no height, minimum or background of its own: its box is its height', () => {
    const css = readFileSync(new URL('../../../components/rich-content/rich-content.css', import.meta.url), 'utf8');
    const start = css.indexOf('.rc-embed-frame {');
    const rule = css.slice(start, css.indexOf('}', start));
    expect(rule).toContain('width: 100%');
    expect(rule).not.toMatch(/(?:^|\s)(?:height|min-height|background(?:-color)?):/);
    expect(css).not.toMatch(/\.rc-html \.rc-embed-frame|--rc-height/);
    // The only rule that sets an embed frame's height is the players' (their ratio makes it).
    expect(css).toMatch(/\.rc-frame-ratio \{\s*height: auto;\s*\}/);
  });
});

describe('frames whose document says its height are fitted to it', () => {
  test('an X post frame: rebuilt from its id, its own origin, fitted to what platform.twitter.com says', () => {
    const content = {
      nodes: [
        embed({
          providerName: 'Twitter',
          html: lone('https://platform.twitter.com/embed/Tweet.html?id=1244886173409034240&theme=dark'),
        }),
      ],
    };
    const frame = tags(renderToStaticMarkup(<RichContent content={content} />), 'iframe')[0]!;
    expect(decode(frame.srcdoc!)).toContain(
      '<a href="https://platform.twitter.com/embed/Tweet.html?id=1244886173409034240&amp;dnt=true"',
    );
    expect(frame.sandbox).toBe('allow-scripts allow-same-origin allow-presentation allow-popups');
    expect(frame.height).toBe('200');
    expect(fittedFrames(content)).toMatchObject([{ origin: 'https://platform.twitter.com', height: 200 }]);
  });

  test('an Instagram post frame is fitted to what www.instagram.com says', () => {
    const content = {
      nodes: [embed({ html: lone('https://instagram.com/p/C1a2B3c4D5e/embed/captioned/?cr=1&v=14') })],
    };
    expect(decode(frameOf(...content.nodes).srcdoc!)).toContain(
      'href="https://www.instagram.com/p/C1a2B3c4D5e/embed/captioned/"',
    );
    expect(fittedFrames(content)).toMatchObject([{ origin: 'https://www.instagram.com' }]);
  });

  test('an HTML block given by URL to an X post frame is fitted too', () => {
    const content = {
      nodes: [node('HTML', { htmlData: { url: 'https://platform.twitter.com/embed/Tweet.html?id=20' } })],
    };
    expect(fittedFrames(content)).toMatchObject([
      { origin: 'https://platform.twitter.com', src: 'https://platform.twitter.com/embed/Tweet.html?id=20&dnt=true' },
    ]);
  });

  test('only the providers’ own frames are: a look-alike is an ordinary embed, without an origin of its own', () => {
    const real = embed({ html: lone('https://platform.twitter.com/embed/Tweet.html?id=1') });
    const lookAlikes = [
      'https://platform.twitter.com.evil.example/embed/Tweet.html?id=1',
      'https://platform.twitter.com/embed/Other.html?id=1',
      'https://platform.twitter.com/embed/Tweet.html?id=1x',
      'https://platform.twitter.com:8443/embed/Tweet.html?id=1',
      'https://www.instagram.com/p/C1a2B3c4D5e/',
      'https://www.instagram.com.evil.example/p/C1a2B3c4D5e/embed/',
      'http://www.instagram.com/p/C1a2B3c4D5e/embed/',
    ].map((src) => embed({ html: lone(src) }));
    const fitted = fittedFrames({ nodes: [real, ...lookAlikes] }).filter((frame) => frame.origin !== 'null');
    expect(fitted).toMatchObject([{ origin: 'https://platform.twitter.com' }]);
    expect(tags(renderNodes(...lookAlikes), 'iframe').map((frame) => frame.sandbox)).toEqual(
      lookAlikes.map(() => 'allow-scripts allow-popups'),
    );
  });

  test('a markup frame starts with our height reporter and is fitted to the "null" origin of its sandbox', () => {
    const content = { nodes: [embed({ type: 'rich', height: 180, html: '<p>A demo</p><button>Try it</button>' })] };
    const frame = frameOf(...content.nodes);
    expect(frame.height).toBe('180');
    expect(frame.sandbox).toBe('allow-scripts allow-popups');
    expect(decode(frame.srcdoc!)).toBe(
      `<!doctype html><meta charset="utf-8"><base target="_blank"><script>${HEIGHT_REPORTER}</script><p>A demo</p><button>Try it</button>`,
    );
    expect(fittedFrames(content)).toMatchObject([{ origin: 'null', height: 180 }]);
  });

  test('an HTML block fits its content (Ricos autoHeight, true when unset) from its own height, unless fixed', () => {
    const block = (autoHeight?: boolean) =>
      node('HTML', {
        htmlData: {
          html: '<p>x</p>',
          containerData: { height: { custom: '120' } },
          ...(autoHeight === undefined ? {} : { autoHeight }),
        },
      });
    const content = { nodes: [block(), block(true), block(false)] };
    const frames = tags(renderNodes(...content.nodes), 'iframe');
    expect(frames.map((frame) => frame.height)).toEqual(['120', '120', '120']);
    expect(frames.map((frame) => decode(frame.srcdoc!).includes(`<script>${HEIGHT_REPORTER}</script>`))).toEqual([
      true,
      true,
      false,
    ]);
    expect(fittedFrames(content)).toMatchObject([
      { origin: 'null', height: 120 },
      { origin: 'null', height: 120 },
    ]);
  });

  test('only where islands render: the feed gets neither the island nor the reporter', () => {
    const content = {
      nodes: [
        node('HTML', { htmlData: { html: '<p>x</p>' } }),
        embed({ html: lone('https://platform.twitter.com/embed/Tweet.html?id=1') }),
      ],
    };
    expect(fittedFrames(content, true)).toHaveLength(2);
    expect(fittedFrames(content, false)).toEqual([]);
    const srcdoc = (islands: boolean) =>
      decode(tags(renderToStaticMarkup(<RichContent content={content} islands={islands} />), 'iframe')[0]!.srcdoc!);
    expect(srcdoc(true)).toContain('<script>');
    expect(srcdoc(false)).not.toContain('<script>');
  });
});

describe('reportedHeight: only the frame’s own window and origin', () => {
  const frame = { name: 'the frame' };
  const other = { name: 'another window' };
  const X = 'https://platform.twitter.com';
  const resize = (height: unknown) => ({
    'twttr.embed': { id: 'twitter-widget-0', method: 'twttr.private.resize', params: [{ height, width: 550 }] },
  });

  test.each([
    ['X resize (object)', X, resize(612.4), 613],
    ['X resize (JSON text)', X, JSON.stringify(resize(480)), 480],
    [
      'Instagram MEASURE',
      'https://www.instagram.com',
      JSON.stringify({ type: 'MEASURE', details: { height: 790 } }),
      790,
    ],
    ['a plain {height}', 'null', { height: 96 }, 96],
  ])('reads %s', (_, origin, data, height) => {
    expect(reportedHeight({ source: frame, origin, data }, frame, origin)).toBe(height);
  });

  test('ignores a message from another window, even with the right origin and shape', () => {
    expect(reportedHeight({ source: other, origin: X, data: resize(500) }, frame, X)).toBeNull();
    expect(reportedHeight({ source: null, origin: 'null', data: { height: 500 } }, frame, 'null')).toBeNull();
    expect(reportedHeight({ source: null, origin: 'null', data: { height: 500 } }, null, 'null')).toBeNull();
  });

  test('ignores a message from the frame’s window with another origin (a look-alike, or a sandboxed page)', () => {
    for (const origin of [
      'https://evil.example',
      'https://platform.twitter.com.evil.example',
      'null',
      'http://platform.twitter.com',
    ])
      expect(reportedHeight({ source: frame, origin, data: resize(500) }, frame, X)).toBeNull();
    expect(reportedHeight({ source: frame, origin: X, data: { height: 500 } }, frame, 'null')).toBeNull();
  });

  test('ignores messages that say no height', () => {
    for (const data of [
      { 'twttr.embed': { method: 'twttr.private.rendered', params: [{ height: 500 }] } },
      { 'twttr.embed': { method: 'twttr.private.resize', params: 'x' } },
      { type: 'MEASURE' },
      { height: '500' },
      { height: -5 },
      { height: Number.NaN },
      'height',
      '{not json',
      `{"height":${'9'.repeat(10_001)}}`,
      null,
      42,
    ])
      expect(reportedHeight({ source: frame, origin: 'null', data }, frame, 'null')).toBeNull();
  });

  test('holds the height to a sane range', () => {
    const at = (height: number) => reportedHeight({ source: frame, origin: 'null', data: { height } }, frame, 'null');
    expect(at(1)).toBe(MIN_FRAME_HEIGHT);
    expect(at(1e9)).toBe(MAX_FRAME_HEIGHT);
    expect(at(Infinity)).toBe(MAX_FRAME_HEIGHT);
  });
});

describe('the reporter in a markup frame', () => {
  /** Runs the reporter in a stand-in for the frame's window, `content` giving its document's height in a viewport. */
  function frame(content: (height: number, width: number) => number) {
    const posted: unknown[] = [];
    const listeners: Record<string, ((event: unknown) => void)[]> = {};
    const timers: (() => void)[] = [];
    let observe = () => {};
    const parent = { postMessage: (data: unknown, target: string) => posted.push([data, target]) };
    const window = {
      innerWidth: 640,
      innerHeight: 200,
      parent,
      document: { documentElement: { getBoundingClientRect: () => ({ height: measure() }) } },
      addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] ??= []).push(listener),
      setTimeout: (callback: () => void) => timers.push(callback),
      ResizeObserver: class {
        constructor(callback: () => void) {
          observe = callback;
        }
        observe() {}
      },
    };
    const measure = () => content(window.innerHeight, window.innerWidth);
    vm.runInNewContext(HEIGHT_REPORTER, window);
    return {
      posted,
      changed: () => observe(),
      /** The page sets the frame's size: a resize event, then the observer if the document's height moved. */
      resize(width: number, height: number) {
        const before = measure();
        Object.assign(window, { innerWidth: width, innerHeight: height });
        listeners.resize!.forEach((listener) => listener({}));
        if (measure() !== before) observe();
        timers.splice(0).forEach((callback) => callback());
      },
      message: (source: unknown, data: unknown) => listeners.message!.forEach((listener) => listener({ source, data })),
      parent,
    };
  }

  test('says its height when first laid out and when it changes, not when it does not', () => {
    let height = 96.2;
    const f = frame(() => height);
    f.changed();
    f.changed();
    height = 150;
    f.changed();
    expect(f.posted).toEqual([
      [{ height: 97 }, '*'],
      [{ height: 150 }, '*'],
    ]);
  });

  test('says it again when the page asks, and only the page', () => {
    const f = frame(() => 80);
    f.changed();
    f.message({ not: 'the page' }, 'height');
    f.message(f.parent, 'something else');
    f.message(f.parent, 'height');
    expect(f.posted).toEqual([
      [{ height: 80 }, '*'],
      [{ height: 80 }, '*'],
    ]);
  });

  test('a document that follows the frame (100vh and a margin) does not make it grow for ever', () => {
    const f = frame((viewport) => viewport + 16);
    f.changed();
    f.resize(640, 216);
    f.resize(640, 216);
    expect(f.posted).toEqual([[{ height: 216 }, '*']]);
  });

  test('a document that wraps taller in a narrower frame says so', () => {
    const f = frame((_, width) => (width < 640 ? 300 : 150));
    f.changed();
    f.resize(320, 200);
    expect(f.posted).toEqual([
      [{ height: 150 }, '*'],
      [{ height: 300 }, '*'],
    ]);
  });
});
