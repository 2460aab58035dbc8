import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { plainText } from '@/components/rich-content/plain-text';
import { RichContent } from '@/components/rich-content/rich-content';
import { slugify } from '@/components/rich-content/slug';
import { TableOfContents, pageContents, tableOfContents } from '@/components/rich-content/toc';
import { count, heading, node, paragraph, render, tags, text } from './helpers';

const doc = {
  nodes: [
    heading('Getting started', 2, 'a'),
    paragraph(text('Intro text.')),
    heading('Install', 3, 'b'),
    heading('Install', 3, 'c'),
    heading('Install', 3, 'd'),
    {
      type: 'HEADING',
      id: 'e',
      nodes: [text('Über '), text('Größe', [{ type: 'BOLD' }]), text(' & más!')],
      headingData: { level: 2 },
    },
    heading('🎉', 2, 'f'),
    { type: 'HEADING', id: 'g', nodes: [], headingData: { level: 2 } },
    node('COLLAPSIBLE_LIST', {}, [
      node('COLLAPSIBLE_ITEM', {}, [node('COLLAPSIBLE_ITEM_BODY', {}, [heading('Nested heading', 4, 'h')])]),
    ]),
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
    expect(headingIds.filter((id) => id !== 'section')).toEqual(tableOfContents(doc).map((e) => e.id));
    expect(new Set(headingIds).size).toBe(headingIds.length);
  });

  test('figures set as headings are not sections: "17" and "−38%" in a stats block stay out of the contents', () => {
    // The stats block of the year-in-review post: its figures are h3 headings in smart block cells.
    const stat = (figure: string, label: string) =>
      node('SMART_BLOCK_CELL', {}, [heading(figure, 3, `s-${label}`), paragraph(text(label))]);
    const review = {
      nodes: [
        node('SMART_BLOCK', { smartBlockData: { type: 'STATS' } }, [
          stat('17', 'posts'),
          stat('11', 'talks'),
          stat('−38%', 'LCP'),
          stat('1', 'outage'),
        ]),
        heading('Highlights', 2, 'hl'),
        heading('2025', 2, 'y'),
        heading('#1 · $5 · 3/4 · …', 2, 'sym'),
        heading('What should we write about next?', 2, 'next'),
        heading('第二章', 2, 'cjk'),
      ],
    };
    expect(tableOfContents(review).map((e) => e.text)).toEqual([
      'Highlights',
      'What should we write about next?',
      '第二章',
    ]);
    // They are still headings on the page, with ids an anchor can point at.
    expect(render(review)).toContain('<h3 id="17"');
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
    expect(html).toMatch(
      /^<nav class="rc-toc" aria-label="On this page"><p class="rc-toc-title">On this page<\/p><ul class="rc-toc-list">/,
    );
    expect(tags(html, 'a').map((a) => a.href)).toEqual(tableOfContents(doc).map((e) => `#${encodeURIComponent(e.id)}`));
    expect(html).toContain('<li class="rc-toc-item rc-toc-depth-1"><a href="#install">Install</a></li>');
  });

  test('takes precomputed entries and filters levels', () => {
    const html = renderToStaticMarkup(
      <TableOfContents entries={tableOfContents(doc)} levels={[2]} className="post__toc" />,
    );
    expect(tags(html, 'a')).toHaveLength(2);
    expect(html).toContain('class="rc-toc post__toc"');
  });

  test('renders nothing without headings', () => {
    expect(renderToStaticMarkup(<TableOfContents content={{ nodes: [paragraph(text('x'))] }} />)).toBe('');
  });
});

describe('one contents box per post', () => {
  const ownToc = {
    nodes: [
      paragraph(text('Intro.')),
      node('TOC', { tocData: { includedHeadings: [2], listStyle: 'NUMBERED' } }),
      heading('One', 2, 'a'),
      heading('Two', 2, 'b'),
      heading('Three', 2, 'c'),
    ],
  };
  const noToc = { nodes: ownToc.nodes.filter((n) => n.type !== 'TOC') };

  /** The post page: its contents box above the post (app/post/[slug]/page.tsx), then the post. */
  const page = (content: { nodes: unknown[] }) =>
    renderToStaticMarkup(
      <>
        <TableOfContents entries={pageContents(content)} className="post__toc" />
        <RichContent content={content} />
      </>,
    );

  test('a post with its own contents block gets no second one from the page', () => {
    expect(pageContents(ownToc)).toEqual([]);
    const html = page(ownToc);
    expect(count(html, /<nav /)).toBe(1);
    expect(html).toContain('class="rc-toc rc-toc-inline"');
  });

  test('a post without one gets the page box', () => {
    expect(pageContents(noToc).map((e) => e.text)).toEqual(['One', 'Two', 'Three']);
    expect(count(page(noToc), /<nav /)).toBe(1);
    expect(page(noToc)).toContain('class="rc-toc post__toc"');
  });

  test('the page box keeps its distance from the first paragraph whichever stylesheet loads last', () => {
    const css = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
    // Outside .rc, --rc-space is undefined: without a fallback the margin collapsed to 0.
    expect(css('components/rich-content/rich-content.css')).toMatch(
      /\.rc-toc \{\n\s*margin: 0 0 var\(--rc-space, [\d.]+rem\);/,
    );
    expect(css('app/globals.css')).toMatch(/\.post > \.post__toc \{\n\s*margin-block: [\d.]+rem [\d.]+rem;/);
  });
});

describe('plainText', () => {
  test('one line per block, inline text joined, captions and buttons included', () => {
    const content = {
      nodes: [
        heading('Title'),
        paragraph(text('Hello '), text('world', [{ type: 'BOLD' }]), text('!')),
        node('BULLETED_LIST', {}, [
          node('LIST_ITEM', {}, [paragraph(text('item one'))]),
          node('LIST_ITEM', {}, [paragraph(text('item\u200b two'))]),
        ]),
        node('IMAGE', { imageData: { caption: 'A caption' } }),
        node('VIDEO', { videoData: { title: 'A video' } }),
        node('BUTTON', { buttonData: { text: 'Click' } }),
        paragraph(text('line a\nline b')),
        paragraph(),
      ],
    };
    expect(plainText(content)).toBe(
      'Title\nHello world!\nitem one\nitem two\nA caption\nA video\nClick\nline a\nline b',
    );
  });

  test('anything that is not rich content is empty text', () => {
    expect(plainText(undefined)).toBe('');
    expect(plainText({ nodes: 'x' })).toBe('');
  });
});
