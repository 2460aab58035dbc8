import { posts } from '@wix/blog';
import { describe, expect, test } from 'vitest';
import { DECORATIONS, type DecorationType } from '@/components/rich-content/text';
import { count, paragraph, renderNodes, text } from './helpers';

interface Sample {
  decoration: Record<string, unknown>;
  html: string | RegExp;
}

/** One sample per decoration type; typed by `DecorationType`, so a new one in `@wix/blog` fails the type check. */
const SAMPLES: Record<DecorationType, Sample> = {
  BOLD: { decoration: { type: 'BOLD', fontWeightValue: 700 }, html: '<strong>word</strong>' },
  ITALIC: { decoration: { type: 'ITALIC', italicData: true }, html: '<em>word</em>' },
  UNDERLINE: { decoration: { type: 'UNDERLINE', underlineData: true }, html: '<u class="rc-underline">word</u>' },
  SPOILER: {
    decoration: { type: 'SPOILER', spoilerData: { id: 's1' } },
    html: '<span class="rc-spoiler" tabindex="0">word</span>',
  },
  ANCHOR: {
    decoration: { type: 'ANCHOR', anchorData: { anchor: 'target-node' } },
    html: '<a class="rc-link rc-anchor-link" href="#target-node">word</a>',
  },
  MENTION: {
    decoration: { type: 'MENTION', mentionData: { name: 'Ada', slug: 'ada' } },
    html: '<span class="rc-mention">word</span>',
  },
  LINK: {
    decoration: {
      type: 'LINK',
      linkData: { link: { url: 'https://example.com', target: 'BLANK', rel: { sponsored: true, ugc: true } } },
    },
    html: '<a class="rc-link" href="https://example.com" target="_blank" rel="noopener noreferrer sponsored ugc">word</a>',
  },
  COLOR: {
    decoration: { type: 'COLOR', colorData: { foreground: '#ff0000', background: 'color3' } },
    html: '<span class="rc-color rc-highlight" style="color:#ff0000;background-color:var(--rc-color-3, var(--surface))">word</span>',
  },
  FONT_SIZE: {
    decoration: { type: 'FONT_SIZE', fontSizeData: { unit: 'PX', value: 22 } },
    html: '<span style="font-size:22px">word</span>',
  },
  EXTERNAL: { decoration: { type: 'EXTERNAL' }, html: '<span class="rc-external-mark">word</span>' },
  STRIKETHROUGH: { decoration: { type: 'STRIKETHROUGH', strikethroughData: true }, html: '<s>word</s>' },
  SUPERSCRIPT: { decoration: { type: 'SUPERSCRIPT', superscriptData: true }, html: '<sup>word</sup>' },
  SUBSCRIPT: { decoration: { type: 'SUBSCRIPT', subscriptData: true }, html: '<sub>word</sub>' },
  FONT_FAMILY: {
    decoration: { type: 'FONT_FAMILY', fontFamilyData: { value: 'Georgia, serif' } },
    html: '<span style="font-family:Georgia, serif">word</span>',
  },
  SKETCH: {
    decoration: { type: 'SKETCH', sketchData: { variant: 'CROSSED_OFF', color: '#00ff00' } },
    html: '<span class="rc-sketch rc-sketch-crossed-off" style="--rc-sketch-color-light:#00a200;--rc-sketch-color-dark:#00ff00">word</span>',
  },
};

const decorated = (...decorations: unknown[]) => renderNodes(paragraph(text('word', decorations)));

describe('decorations', () => {
  test('every DecorationType in @wix/blog has a renderer', () => {
    expect(Object.keys(DECORATIONS).sort()).toEqual(Object.values(posts.DecorationType).sort());
  });

  test.each(Object.values(posts.DecorationType))('renders %s', (type) => {
    const sample = SAMPLES[type as DecorationType];
    expect(sample, `no sample for ${type}`).toBeDefined();
    const html = decorated(sample.decoration);
    if (typeof sample.html === 'string') expect(html).toContain(sample.html);
    else expect(html).toMatch(sample.html);
  });

  test('nested decorations make one element each, link outermost', () => {
    const html = decorated(
      { type: 'BOLD' },
      { type: 'COLOR', colorData: { foreground: '#123456' } },
      { type: 'LINK', linkData: { link: { url: 'https://example.com' } } },
      { type: 'ITALIC' },
    );
    expect(html).toContain(
      '<a class="rc-link" href="https://example.com"><span class="rc-color rc-fg" style="--fg-light:#123456;--fg-dark:#408cd7"><strong><em>word</em></strong></span></a>',
    );
  });

  test('one link over differently styled neighbouring text is a single <a>', () => {
    const link = { type: 'LINK', linkData: { link: { url: 'https://example.com/a' } } };
    const html = renderNodes(
      paragraph(
        text('Before '),
        text('plain ', [link]),
        text('bold ', [link, { type: 'BOLD' }]),
        text('bold italic', [{ type: 'BOLD' }, link, { type: 'ITALIC' }]),
        text(' after'),
      ),
    );
    expect(count(html, /<a /)).toBe(1);
    expect(html).toContain(
      'Before <a class="rc-link" href="https://example.com/a">plain <strong>bold <em>bold italic</em></strong></a> after',
    );
  });

  test('different links on neighbouring text stay separate', () => {
    const html = renderNodes(
      paragraph(
        text('one', [{ type: 'LINK', linkData: { link: { url: 'https://a.example' } } }]),
        text('two', [{ type: 'LINK', linkData: { link: { url: 'https://b.example' } } }]),
      ),
    );
    expect(html).toContain(
      '<a class="rc-link" href="https://a.example">one</a><a class="rc-link" href="https://b.example">two</a>',
    );
  });

  test('a LINK and an ANCHOR on the same text never nest links', () => {
    const html = decorated(
      { type: 'LINK', linkData: { link: { url: 'https://example.com' } } },
      { type: 'ANCHOR', anchorData: { anchor: 'x' } },
    );
    expect(count(html, /<a /)).toBe(1);
  });

  test('false flags switch a decoration off', () => {
    expect(decorated({ type: 'ITALIC', italicData: false }, { type: 'UNDERLINE', underlineData: false })).toMatch(
      /<p[^>]*>word<\/p>/,
    );
  });

  test('a light BOLD weight is a weight, not <strong>', () => {
    expect(decorated({ type: 'BOLD', fontWeightValue: 400 })).toContain('<span style="font-weight:400">word</span>');
  });

  test('an anchor to a heading links to the heading id', () => {
    const html = renderNodes(
      paragraph(text('jump', [{ type: 'ANCHOR', anchorData: { anchor: 'h-node' } }])),
      { type: 'HEADING', id: 'h-node', nodes: [text('Far Away')], headingData: { level: 2 } },
      { type: 'PARAGRAPH', id: 'p-node', nodes: [text('target')] },
      paragraph(text('to paragraph', [{ type: 'ANCHOR', anchorData: { anchor: 'p-node' } }])),
    );
    expect(html).toContain('href="#far-away"');
    expect(html).toContain('<h2 id="far-away"');
    expect(html).toContain('href="#p-node"');
    expect(html).toMatch(/<p id="p-node"[^>]*>target<\/p>/);
  });

  test('unsafe style values are dropped, not injected', () => {
    const html = decorated(
      { type: 'COLOR', colorData: { foreground: 'red; background: url(https://evil.example/x)' } },
      { type: 'FONT_FAMILY', fontFamilyData: { value: 'x; background:url(//evil)' } },
      { type: 'FONT_SIZE', fontSizeData: { value: 1e9 } },
      { type: 'SKETCH', sketchData: { variant: 'NOPE' } },
    );
    expect(html).not.toContain('evil');
    expect(html).toContain('<span style="font-size:120px">word</span>');
  });

  test('line breaks inside text become <br>', () => {
    expect(renderNodes(paragraph(text('a\nb')))).toMatch(/<p[^>]*>a<br\/>b<\/p>/);
  });

  test('unknown decoration types leave the text as it is', () => {
    expect(decorated({ type: 'GLITTER' }, { type: '__proto__' }, { type: 'constructor' })).toMatch(/<p[^>]*>word<\/p>/);
  });
});
