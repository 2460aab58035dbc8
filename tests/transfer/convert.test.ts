import { describe, expect, it } from 'vitest';
import { plainText as textOf } from '@/lib/blog/tools';
import { convertBody } from '@/lib/transfer/convert';
import type { RicosNode } from '@/lib/core/ricos/types';

// A post's body, HTML or Markdown, as the site's nodes: WordPress's classic editor (text without paragraphs, its
// shortcodes), Medium's export, and Markdown (a Hugo or Jekyll post) with raw HTML inside it.

// The nodes' data, read freely: the assertions say what each must hold.
type Data = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const BASE = { baseUrl: 'https://old.example/' };
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const missing = (expected: string, nodes: RicosNode[]) => {
  const have = new Set(wordsOf(textOf(nodes)));
  return wordsOf(expected).filter((word) => !have.has(word));
};
const html = (source: string) => {
  const result = convertBody({ format: 'html', html: source }, BASE);
  return { ...result, types: result.nodes.map((n) => n.type), data: result.nodes as Data };
};
const markdown = (source: string) => {
  const result = convertBody({ format: 'markdown', markdown: source }, BASE);
  return { ...result, types: result.nodes.map((n) => n.type), data: result.nodes as Data };
};

describe('WordPress classic editor', () => {
  const classic = [
    'First paragraph with <strong>bold</strong>.',
    'A second line of it.',
    '',
    '[caption id="attachment_12" align="aligncenter" width="640"]<a href="https://old.example/wp-content/uploads/2015/03/beach.jpg"><img class="size-large wp-image-12" src="/wp-content/uploads/2015/03/beach-1024x683.jpg" alt="Beach" width="640" height="427" /></a> The beach at dawn[/caption]',
    '',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    '',
    '<a href="https://example.com/page"><img src="/wp-content/uploads/linked.jpg" alt="Linked" /></a>',
    '',
    '<img src="/wp-content/uploads/b.jpg" alt="" /><img src="/wp-content/uploads/c.jpg" alt="" />',
    '',
    'Last paragraph &amp; <em>done</em>.',
  ].join('\n');

  it('reads blank lines as paragraphs and new lines as line breaks (wpautop)', () => {
    const { types, data } = html(classic);
    expect(types).toEqual(['PARAGRAPH', 'IMAGE', 'VIDEO', 'IMAGE', 'GALLERY', 'PARAGRAPH']);
    expect(textOf([data[0]] as RicosNode[])).toBe('First paragraph with bold.\nA second line of it.');
    expect(textOf([data[5]] as RicosNode[])).toBe('Last paragraph & done.');
  });

  it('reads a [caption] shortcode as the image and its caption, dropping a link to the image file itself', () => {
    const { data, media } = html(classic);
    expect(data[1].imageData).toMatchObject({
      image: {
        src: { url: 'https://old.example/wp-content/uploads/2015/03/beach-1024x683.jpg' },
        width: 640,
        height: 427,
      },
      altText: 'Beach',
    });
    expect(data[1].imageData.link).toBeUndefined();
    expect(textOf([data[1]] as RicosNode[])).toBe('The beach at dawn');
    expect(data[3].imageData.link).toMatchObject({ url: 'https://example.com/page' });
    expect(media).toEqual([
      'https://old.example/wp-content/uploads/2015/03/beach-1024x683.jpg',
      'https://old.example/wp-content/uploads/linked.jpg',
      'https://old.example/wp-content/uploads/b.jpg',
      'https://old.example/wp-content/uploads/c.jpg',
    ]);
    expect(
      missing(
        'First paragraph with bold A second line of it The beach at dawn Last paragraph done',
        data as RicosNode[],
      ),
    ).toEqual([]);
  });

  it('reads a lazy-loaded image by its real address, an [embed] shortcode as its embed', () => {
    const { types, data } = html(
      '<p>Text <img src="data:image/gif;base64,R0lGOD" data-lazy-src="/lazy.jpg" alt="Lazy"> more</p>\n\n[embed]https://vimeo.com/76979871[/embed]',
    );
    expect(types).toEqual(['PARAGRAPH', 'IMAGE', 'PARAGRAPH', 'VIDEO']);
    expect(data[1].imageData.image.src.url).toBe('https://old.example/lazy.jpg');
    expect(data[3].videoData.video.src.url).toBe('https://vimeo.com/76979871');
  });
});

describe('Medium export', () => {
  it('maps its sections: title, paragraphs, figures, code and quotes (no divider before the first section)', () => {
    const { types, data } = html(
      '<section data-field="body" class="e-content"><section name="a1b2" class="section section--body section--first"><div class="section-divider"><hr class="section-divider"></div><div class="section-content"><div class="section-inner sectionLayout--insetColumn"><h3 name="c3d4" id="c3d4" class="graf graf--h3 graf--leading graf--title">Medium title</h3><p name="e5f6" id="e5f6" class="graf graf--p graf-after--h3">A paragraph with <strong class="markup--strong markup--p-strong">strength</strong> and <a href="https://medium.com/@me" data-href="https://medium.com/@me" class="markup--anchor markup--p-anchor" rel="noopener" target="_blank">a link</a>.</p><figure name="g7h8" id="g7h8" class="graf graf--figure graf-after--p"><img class="graf-image" data-image-id="1*abc.jpeg" data-width="1024" data-height="683" src="https://cdn-images-1.medium.com/max/800/1*abc.jpeg"><figcaption class="imageCaption">A Medium caption</figcaption></figure><pre name="i9j0" id="i9j0" class="graf graf--pre graf-after--figure" data-code-block-lang="python">print(1)<br>print(2)</pre><blockquote name="k1l2" id="k1l2" class="graf graf--blockquote graf-after--pre">A quoted line</blockquote></div></div></section>' +
        '<section name="m3n4" class="section section--body section--last"><div class="section-divider"><hr class="section-divider"></div><div class="section-content"><div class="section-inner sectionLayout--insetColumn"><p name="o5p6" id="o5p6" class="graf graf--p graf--leading graf--trailing">Second section.</p></div></div></section></section>',
    );
    expect(types).toEqual(['HEADING', 'PARAGRAPH', 'IMAGE', 'CODE_BLOCK', 'BLOCKQUOTE', 'DIVIDER', 'PARAGRAPH']);
    expect(data[2].imageData.image).toMatchObject({ width: 1024, height: 683 });
    expect(data[3].nodes[0].textData.text).toBe('print(1)\nprint(2)');
    expect(data[3].codeBlockData.language).toBe('python');
    expect(
      missing(
        'Medium title A paragraph with strength and a link A Medium caption print 1 print 2 A quoted line Second section',
        data as RicosNode[],
      ),
    ).toEqual([]);
  });
});

describe('Markdown', () => {
  it('is the site Markdown converter: GFM tables, task lists, code languages, images resolved and listed', () => {
    const { types, data, media } = markdown(
      [
        '# Title',
        '',
        'Some *text* with `code`.',
        '',
        '| A | B |',
        '|---|---|',
        '| 1 | 2 |',
        '',
        '- [x] done',
        '- [ ] todo',
        '',
        '```go',
        'package main',
        '```',
        '',
        '![A photo](/images/photo.jpg "Its caption")',
      ].join('\n'),
    );
    expect(types).toEqual(['HEADING', 'PARAGRAPH', 'TABLE', 'CHECKBOX_LIST', 'CODE_BLOCK', 'IMAGE']);
    expect(data[4].codeBlockData.language).toBe('go');
    expect(data[5].imageData).toMatchObject({
      image: { src: { url: 'https://old.example/images/photo.jpg' } },
      altText: 'A photo',
    });
    expect(media).toEqual(['https://old.example/images/photo.jpg']);
    expect(data.every((node: Data) => typeof node.id === 'string' && node.id.length > 0)).toBe(true);
  });

  it('reads the raw HTML a post holds (a figure, a frame, a widget) as HTML, not text', () => {
    const source = [
      'Intro paragraph.',
      '',
      '<figure>',
      '  <img src="/img/cat.png" alt="A cat">',
      '  <figcaption>The <em>cat</em></figcaption>',
      '</figure>',
      '',
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315"></iframe>',
      '',
      '<!-- more -->',
      '',
      '<div class="note">',
      '',
      'Markdown **inside** a div.',
      '',
      '</div>',
      '',
      '<script src="https://gist.github.com/me/abc.js"></script>',
    ].join('\n');
    const { types, data, media, keptAsHtml } = markdown(source);
    expect(types).toEqual(['PARAGRAPH', 'IMAGE', 'VIDEO', 'PARAGRAPH', 'HTML']);
    expect(data[1].imageData).toMatchObject({
      image: { src: { url: 'https://old.example/img/cat.png' } },
      altText: 'A cat',
    });
    expect(textOf([data[1]] as RicosNode[])).toBe('The cat');
    expect(textOf([data[3]] as RicosNode[])).toBe('Markdown inside a div.');
    expect(media).toEqual(['https://old.example/img/cat.png']);
    expect(keptAsHtml).toEqual(['script']);
    expect(new Set(data.map((node: Data) => node.id)).size).toBe(data.length);
  });

  it('gives the same ids to the same Markdown', () => {
    const source = '# A\n\ntext\n\n<p>html</p>';
    expect(markdown(source).nodes).toEqual(markdown(source).nodes);
  });
});
