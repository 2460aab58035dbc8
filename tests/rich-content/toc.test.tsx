import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { plainText } from '@/components/rich-content/plain-text';
import { slugify } from '@/components/rich-content/slug';
import { TableOfContents, tableOfContents } from '@/components/rich-content/toc';
import { heading, node, paragraph, render, tags, text } from './helpers';

const doc = {
  nodes: [
    heading('Getting started', 2, 'a'),
    paragraph(text('Intro text.')),
    heading('Install', 3, 'b'),
    heading('Install', 3, 'c'),
    heading('Install', 3, 'd'),
    { type: 'HEADING', id: 'e', nodes: [text('Über '), text('Größe', [{ type: 'BOLD' }]), text(' & más!')], headingData: { level: 2 } },
    heading('🎉', 2, 'f'),
    { type: 'HEADING', id: 'g', nodes: [], headingData: { level: 2 } },
    node('COLLAPSIBLE_LIST', {}, [node('COLLAPSIBLE_ITEM', {}, [node('COLLAPSIBLE_ITEM_BODY', {}, [heading('Nested heading', 4, 'h')])])]),
    heading('Install-2', 3, 'i'),
  ],
};

describe('tableOfContents', () => {
  test('lists headings in document order with unique, deterministic ids', () => {
    expect(tableOfContents(doc)).toEqual([
      { id: 'getting-started', text: 'Getting started', level: 2 },
      { id: 'install', text: 'Install', level: 3 },
      { id: 'install-2', text: 'Install', level: 3 },
      { id: 'install-3', text: 'Install', level: 3 },
      { id: 'uber-große-mas', text: 'Über Größe & más!', level: 2 },
      { id: 'section', text: '🎉', level: 2 },
      { id: 'nested-heading', text: 'Nested heading', level: 4 },
      { id: 'install-2-2', text: 'Install-2', level: 3 },
    ]);
    expect(tableOfContents(doc)).toEqual(tableOfContents(structuredClone(doc)));
  });

  test('accepts the node array as well as the rich content object', () => {
    expect(tableOfContents(doc.nodes)).toEqual(tableOfContents(doc));
    expect(tableOfContents(undefined)).toEqual([]);
  });

  test('ids in the toc are the ids of the rendered headings', () => {
    const html = render(doc);
    const headingIds = [...html.matchAll(/<h[1-6] id="([^"]+)"/g)].map((m) => m[1]);
    expect(headingIds).toEqual(tableOfContents(doc).map((e) => e.id));
    expect(new Set(headingIds).size).toBe(headingIds.length);
  });

  test('empty headings get no id and no entry', () => {
    expect(render({ nodes: [{ type: 'HEADING', nodes: [], headingData: { level: 2 } }] })).not.toContain('<h2');
  });

  test('slugs keep letters of any script', () => {
    expect(slugify('Привет, мир')).toBe('привет-мир');
    expect(slugify('שלום עולם')).toBe('שלום-עולם');
    expect(slugify('  --  ')).toBe('section');
  });
});

describe('<TableOfContents>', () => {
  test('links to every heading', () => {
    const html = renderToStaticMarkup(<TableOfContents content={doc} title="On this page" />);
    expect(html).toMatch(/^<nav class="rc-toc" aria-label="On this page"><p class="rc-toc-title">On this page<\/p><ul class="rc-toc-list">/);
    expect(tags(html, 'a').map((a) => a.href)).toEqual(tableOfContents(doc).map((e) => `#${encodeURIComponent(e.id)}`));
    expect(html).toContain('<li class="rc-toc-item rc-toc-depth-1"><a href="#install">Install</a></li>');
  });

  test('takes precomputed entries and filters levels', () => {
    const html = renderToStaticMarkup(<TableOfContents entries={tableOfContents(doc)} levels={[2]} className="post__toc" />);
    expect(tags(html, 'a')).toHaveLength(3);
    expect(html).toContain('class="rc-toc post__toc"');
  });

  test('renders nothing without headings', () => {
    expect(renderToStaticMarkup(<TableOfContents content={{ nodes: [paragraph(text('x'))] }} />)).toBe('');
  });
});

describe('plainText', () => {
  test('one line per block, inline text joined, captions and buttons included', () => {
    const content = {
      nodes: [
        heading('Title'),
        paragraph(text('Hello '), text('world', [{ type: 'BOLD' }]), text('!')),
        node('BULLETED_LIST', {}, [node('LIST_ITEM', {}, [paragraph(text('item one'))]), node('LIST_ITEM', {}, [paragraph(text('item\u200b two'))])]),
        node('IMAGE', { imageData: { caption: 'A caption' } }),
        node('BUTTON', { buttonData: { text: 'Click' } }),
        paragraph(text('line a\nline b')),
        paragraph(),
      ],
    };
    expect(plainText(content)).toBe('Title\nHello world!\nitem one\nitem two\nA caption\nClick\nline a\nline b');
  });

  test('anything that is not rich content is empty text', () => {
    expect(plainText(undefined)).toBe('');
    expect(plainText({ nodes: 'x' })).toBe('');
  });
});
