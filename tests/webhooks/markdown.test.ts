import { describe, expect, it } from 'vitest';
import type { RicosNode } from '@/scripts/content/ricos/types';
import { markdownToRicos } from '@/scripts/blog/markdown';

type Decorated = { text: string; decorations: Array<{ type: string; linkData?: { link: { url: string } } }> };

/** A compact view of a node tree: type, then text leaves as text with their marks. */
function shape(node: RicosNode): unknown {
  if (node.type === 'TEXT') {
    const { text, decorations } = node.textData as Decorated;
    const marks = decorations.map((d) => (d.type === 'LINK' ? `LINK ${d.linkData!.link.url}` : d.type));
    return marks.length ? { text, marks } : text;
  }
  const level = (node.headingData as { level?: number } | undefined)?.level;
  return { [level ? `${node.type}${level}` : node.type]: node.nodes.map(shape) };
}
const convert = (md: string) => markdownToRicos(md).map(shape);

describe('Markdown to Ricos', () => {
  it('turns headings and paragraphs into nodes, joining wrapped lines', () => {
    expect(convert('# Title\n\nFirst line\nsecond line.\n\n### Small #')).toEqual([
      { HEADING1: ['Title'] },
      { PARAGRAPH: ['First line second line.'] },
      { HEADING3: ['Small'] },
    ]);
  });

  it('keeps bold, italic, strike and links as decorations', () => {
    expect(convert('Some **bold**, *italic*, __strong__, _em_, ~~gone~~ and [a link](https://example.com/x).')).toEqual([
      {
        PARAGRAPH: [
          'Some ',
          { text: 'bold', marks: ['BOLD'] },
          ', ',
          { text: 'italic', marks: ['ITALIC'] },
          ', ',
          { text: 'strong', marks: ['BOLD'] },
          ', ',
          { text: 'em', marks: ['ITALIC'] },
          ', ',
          { text: 'gone', marks: ['STRIKETHROUGH'] },
          ' and ',
          { text: 'a link', marks: ['LINK https://example.com/x'] },
          '.',
        ],
      },
    ]);
  });

  it('leaves snake_case words alone', () => {
    expect(convert('call read_file_sync now')).toEqual([{ PARAGRAPH: ['call read_file_sync now'] }]);
  });

  it('builds bulleted and numbered lists, nested by indentation', () => {
    expect(convert('- one\n- two\n  - two a\n  - two b\n- three\n\n1. first\n2. second')).toEqual([
      {
        BULLETED_LIST: [
          { LIST_ITEM: [{ PARAGRAPH: ['one'] }] },
          { LIST_ITEM: [{ PARAGRAPH: ['two'] }, { BULLETED_LIST: [{ LIST_ITEM: [{ PARAGRAPH: ['two a'] }] }, { LIST_ITEM: [{ PARAGRAPH: ['two b'] }] }] }] },
          { LIST_ITEM: [{ PARAGRAPH: ['three'] }] },
        ],
      },
      { ORDERED_LIST: [{ LIST_ITEM: [{ PARAGRAPH: ['first'] }] }, { LIST_ITEM: [{ PARAGRAPH: ['second'] }] }] },
    ]);
  });

  it('keeps a fenced code block verbatim, markup and blank lines included', () => {
    expect(convert('```ts\nconst a = **b**;\n\nreturn a;\n```\nafter')).toEqual([
      { CODE_BLOCK: ['const a = **b**;\n\nreturn a;'] },
      { PARAGRAPH: ['after'] },
    ]);
  });

  it('reads block quotes and rules', () => {
    expect(convert('> quoted *words*\n>\n> second\n\n---')).toEqual([
      { BLOCKQUOTE: [{ PARAGRAPH: ['quoted ', { text: 'words', marks: ['ITALIC'] }] }, { PARAGRAPH: ['second'] }] },
      { DIVIDER: [] },
    ]);
  });

  it('reads Windows line endings and an empty file', () => {
    expect(convert('# A\r\n\r\nb\r\n')).toEqual([{ HEADING1: ['A'] }, { PARAGRAPH: ['b'] }]);
    expect(convert('')).toEqual([]);
  });
});
