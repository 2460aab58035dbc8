import { describe, expect, it } from 'vitest';
import { previewNodes, previewOf } from '@/lib/blog/paywall';
import { makePost } from '../helpers/posts';

// Where a paid post's preview ends (issue 47): the cut by block count (the owner's `previewBlocks`, else three) could
// end on a bare heading of the paid part, a divider or an empty paragraph. The preview drops those from its end, so it
// ends on what it says; it never shows a block past the cut.

const text = (t: string) => [{ type: 'TEXT', textData: { text: t, decorations: [] } }];
const paragraph = (id: string, t = `Text of ${id}`) => ({ type: 'PARAGRAPH', id, nodes: t ? text(t) : [] });
const heading = (id: string) => ({ type: 'HEADING', id, headingData: { level: 2 }, nodes: text(`Heading ${id}`) });
const divider = (id: string) => ({ type: 'DIVIDER', id, nodes: [] });
const image = (id: string) => ({ type: 'IMAGE', id, nodes: [], imageData: { image: { src: { id: 'a.jpg' } } } });

const paid = (nodes: object[], previewBlocks?: number) =>
  makePost(1, {
    pricingPlanIds: ['gold'],
    excerpt: 'Written by the owner',
    ...(previewBlocks !== undefined && { previewBlocks }),
    richContent: { nodes } as never,
  });
const ids = (nodes: readonly { id?: string }[] | undefined) => (nodes ?? []).map((n) => n.id);

describe('a paid post’s preview', () => {
  it('ends on a paragraph: a heading the default cut ends on goes, with the text it heads', () => {
    const post = previewOf(paid([paragraph('p1'), paragraph('p2'), heading('h3'), paragraph('p4')]));
    expect(ids(post.richContent?.nodes)).toEqual(['p1', 'p2']);
    expect(post.contentText).toBe('Text of p1\nText of p2');
    expect(post.preview).toBe(true);
  });

  it('drops every heading, divider and empty paragraph it ends on, after the owner’s cut too', () => {
    const nodes = [
      paragraph('p1'),
      heading('h2'),
      paragraph('p3'),
      divider('d4'),
      paragraph('e5', ''),
      paragraph('s6', '   '),
      heading('h7'),
      paragraph('p8'),
    ];
    expect(ids(previewOf(paid(nodes, 7)).richContent?.nodes)).toEqual(['p1', 'h2', 'p3']);
    // A heading inside the preview, followed by its text, stays.
    expect(ids(previewOf(paid(nodes, 3)).richContent?.nodes)).toEqual(['p1', 'h2', 'p3']);
    expect(ids(previewOf(paid(nodes, 2)).richContent?.nodes)).toEqual(['p1']);
  });

  it('keeps a cut that ends on a paragraph or a picture as it is, and never shows a block past the cut', () => {
    const nodes = [paragraph('p1'), heading('h2'), image('i3'), paragraph('p4')];
    expect(ids(previewNodes(nodes, { previewBlocks: 3 }))).toEqual(['p1', 'h2', 'i3']);
    expect(ids(previewNodes(nodes, { previewBlocks: 1 }))).toEqual(['p1']);
    // Only headings before the cut: nothing rather than a bare heading (or anything past it).
    expect(previewNodes([heading('h1'), divider('d2'), paragraph('p3')], { previewBlocks: 2 })).toEqual([]);
    expect(previewNodes([paragraph('p1')], { previewBlocks: 0 })).toEqual([]);
  });

  it('makes an excerpt from the first words again from the preview as it now ends', () => {
    const first = makePost(1, {
      pricingPlanIds: ['gold'],
      excerpt: 'Text of p1 Text of p2 Heading h3',
      contentText: 'Text of p1\nText of p2\nHeading h3\nText of p4',
      richContent: { nodes: [paragraph('p1'), paragraph('p2'), heading('h3'), paragraph('p4')] } as never,
    });
    const { excerpt } = previewOf(first);
    expect(excerpt).not.toContain('Heading h3');
    expect(excerpt).toContain('Text of p2');
  });
});
