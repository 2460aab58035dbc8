import { describe, expect, it, vi } from 'vitest';
import { MarkdownError, markdownToRicos, type Directive } from '@/lib/core/ricos/markdown';
import { p } from '@/lib/core/ricos/blocks';
import { t } from '@/lib/core/ricos/text';
import type { RicosNode } from '@/lib/core/ricos/types';

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
    expect(convert('Some **bold**, *italic*, __strong__, _em_, ~~gone~~ and [a link](https://example.com/x).')).toEqual(
      [
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
      ],
    );
  });

  it('leaves snake_case words alone', () => {
    expect(convert('call read_file_sync now')).toEqual([{ PARAGRAPH: ['call read_file_sync now'] }]);
  });

  it('builds bulleted and numbered lists, nested by indentation', () => {
    expect(convert('- one\n- two\n  - two a\n  - two b\n- three\n\n1. first\n2. second')).toEqual([
      {
        BULLETED_LIST: [
          { LIST_ITEM: [{ PARAGRAPH: ['one'] }] },
          {
            LIST_ITEM: [
              { PARAGRAPH: ['two'] },
              { BULLETED_LIST: [{ LIST_ITEM: [{ PARAGRAPH: ['two a'] }] }, { LIST_ITEM: [{ PARAGRAPH: ['two b'] }] }] },
            ],
          },
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

  it("keeps a fence's language on its code block, as written; a fence without one names none", () => {
    const blocks = markdownToRicos(
      '```ts\nconst a: number = 1;\n```\n\n```Python {linenos}\nx = 1\n```\n\n```\nplain\n```',
    );
    expect(blocks.map((block) => [block.type, block.codeBlockData])).toEqual([
      ['CODE_BLOCK', { textStyle: { textAlignment: 'AUTO' }, language: 'ts' }],
      ['CODE_BLOCK', { textStyle: { textAlignment: 'AUTO' }, language: 'Python' }],
      ['CODE_BLOCK', { textStyle: { textAlignment: 'AUTO' } }],
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

  it('keeps inline code in a monospace font and a hard break as a line break', () => {
    expect(convert('run `npm test` now  \nnext line\\\nlast')).toEqual([
      { PARAGRAPH: ['run ', { text: 'npm test', marks: ['FONT_FAMILY'] }, ' now\nnext line\nlast'] },
    ]);
  });

  it('nests lists of both kinds and keeps where a numbered list starts', () => {
    // (A list that starts at 3 cannot interrupt a paragraph: CommonMark wants the blank line.)
    const nodes = markdownToRicos('- top\n\n  3. three\n  4. four\n     - deep\n- end');
    expect(nodes.map(shape)).toEqual([
      {
        BULLETED_LIST: [
          {
            LIST_ITEM: [
              { PARAGRAPH: ['top'] },
              {
                ORDERED_LIST: [
                  { LIST_ITEM: [{ PARAGRAPH: ['three'] }] },
                  {
                    LIST_ITEM: [{ PARAGRAPH: ['four'] }, { BULLETED_LIST: [{ LIST_ITEM: [{ PARAGRAPH: ['deep'] }] }] }],
                  },
                ],
              },
            ],
          },
          { LIST_ITEM: [{ PARAGRAPH: ['end'] }] },
        ],
      },
    ]);
    const ordered = (nodes[0]!.nodes[0]!.nodes[1] as RicosNode).orderedListData;
    expect(ordered).toEqual({ indentation: 0, start: 3 });
    expect(markdownToRicos('1. one')[0]!.orderedListData).toEqual({ indentation: 0 });
  });

  it('makes a task list a checklist, and marks tasks among plain items with ☑ and ☐', () => {
    const [tasks, mixed] = markdownToRicos('- [x] done\n- [ ] open\n\n* [x] ticked\n* plain');
    expect(shape(tasks!)).toEqual({
      CHECKBOX_LIST: [{ LIST_ITEM: [{ PARAGRAPH: ['done'] }] }, { LIST_ITEM: [{ PARAGRAPH: ['open'] }] }],
    });
    expect(tasks!.nodes.map((item) => item.listItemData)).toEqual([{ checked: true }, { checked: false }]);
    expect(shape(mixed!)).toEqual({
      BULLETED_LIST: [{ LIST_ITEM: [{ PARAGRAPH: ['☑ ticked'] }] }, { LIST_ITEM: [{ PARAGRAPH: ['plain'] }] }],
    });
  });

  it('reads a GFM table: header row, short rows filled, marks in cells, a "Table:" line as its alt text', () => {
    const [node, after] = markdownToRicos(
      '| Name | Size |\n| --- | --: |\n| **a** | 1 |\n| b |\n\nTable: Two files\n\nafter',
    );
    expect(shape(node!)).toEqual({
      TABLE: [
        { TABLE_ROW: [{ TABLE_CELL: [{ PARAGRAPH: ['Name'] }] }, { TABLE_CELL: [{ PARAGRAPH: ['Size'] }] }] },
        {
          TABLE_ROW: [
            { TABLE_CELL: [{ PARAGRAPH: [{ text: 'a', marks: ['BOLD'] }] }] },
            { TABLE_CELL: [{ PARAGRAPH: ['1'] }] },
          ],
        },
        { TABLE_ROW: [{ TABLE_CELL: [{ PARAGRAPH: ['b'] }] }, { TABLE_CELL: [{ PARAGRAPH: [] }] }] },
      ],
    });
    expect(node!.tableData).toMatchObject({
      header: true,
      altText: 'Two files',
      dimensions: { colsWidthRatio: [10, 10] },
    });
    expect(shape(after!)).toEqual({ PARAGRAPH: ['after'] });
    expect(markdownToRicos('Table: not under a table').map(shape)).toEqual([
      { PARAGRAPH: ['Table: not under a table'] },
    ]);
  });

  it('makes an image a block of its own: by URL, its title as caption, a link around it kept', () => {
    const nodes = markdownToRicos(
      'Before ![A cat](https://img.test/cat.png "The cat") after.\n\n[![](/media/x.png)](https://site.test/)',
    );
    expect(nodes.map((node) => node.type)).toEqual(['PARAGRAPH', 'IMAGE', 'PARAGRAPH', 'IMAGE']);
    expect(nodes[1]).toMatchObject({
      nodes: [{ type: 'CAPTION', nodes: [{ textData: { text: 'The cat' } }] }],
      imageData: { image: { src: { url: 'https://img.test/cat.png' } }, altText: 'A cat' },
    });
    expect(nodes[3]!.imageData).toMatchObject({
      image: { src: { url: '/media/x.png' } },
      altText: '',
      link: { url: 'https://site.test/', target: 'BLANK' },
    });
    const resolved = markdownToRicos('![](/media/x.png)', {
      imageSource: (url) => ({ file: 'x.png', width: 4, height: 3, alt: `file ${url}` }),
    });
    expect(resolved[0]!.imageData).toMatchObject({
      image: { src: { id: 'x.png' }, width: 4, height: 3 },
      altText: 'file /media/x.png',
    });
  });

  it('keeps raw HTML as text, inline or as a block, never as markup', () => {
    expect(
      convert('a <b onclick="x()">bold?</b> c\n\n<script>alert(1)</script>\n\n<div>\n*not emphasis*\n</div>'),
    ).toEqual([
      { PARAGRAPH: ['a <b onclick="x()">bold?</b> c'] },
      { PARAGRAPH: ['<script>alert(1)</script>'] },
      { PARAGRAPH: ['<div>\n*not emphasis*\n</div>'] },
    ]);
  });

  it('reads a heading id, link rel titles and ricos: marks', () => {
    const [heading, para] = markdownToRicos(
      '## Setup {#setup}\n\n' +
        '[u](ricos:underline+color=#D62828) [@Ann Lee](ricos:mention=ann) [ad](https://ad.test "rel: sponsored")',
    );
    expect(heading).toMatchObject({ id: 'setup', nodes: [{ textData: { text: 'Setup' } }] });
    expect(para!.nodes.map((node) => node.textData)).toEqual([
      {
        text: 'u',
        decorations: [
          { type: 'UNDERLINE', underlineData: true },
          { type: 'COLOR', colorData: { foreground: '#D62828' } },
        ],
      },
      { text: ' ', decorations: [] },
      { text: '@Ann Lee', decorations: [{ type: 'MENTION', mentionData: { name: 'Ann Lee', slug: 'ann' } }] },
      { text: ' ', decorations: [] },
      {
        text: 'ad',
        decorations: [
          {
            type: 'LINK',
            linkData: { link: { url: 'https://ad.test', target: 'BLANK', rel: { noreferrer: true, sponsored: true } } },
          },
        ],
      },
    ]);
  });

  it('reports a mistake at its line of the file', () => {
    const error = (() => {
      try {
        markdownToRicos('first\n\n[x](ricos:blink)', { firstLine: 10 });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(MarkdownError);
    expect(error).toMatchObject({ line: 12, message: expect.stringMatching(/cannot read the mark "blink"/) });
    expect(() => markdownToRicos('[x](https://a.test "rel: evil")')).toThrow(/rel "evil"/);
  });

  it('keeps a ricos: fenced block as code unless the caller reads such blocks, then hands it over', () => {
    const source = 'text\n\n```ricos:note tone=warm\nhello\n```';
    expect(convert(source)).toEqual([{ PARAGRAPH: ['text'] }, { CODE_BLOCK: ['hello'] }]);
    const directive = vi.fn((d: Directive) => [
      p(t(`${d.kind}:${d.settings.tone}:${d.body}@${d.line}`)),
      ...d.markdown(),
    ]);
    expect(markdownToRicos(source, { directive, firstLine: 5 }).map(shape)).toEqual([
      { PARAGRAPH: ['text'] },
      { PARAGRAPH: ['note:warm:hello@8'] },
      { PARAGRAPH: ['hello'] },
    ]);
  });

  it('reads a ricos:node block as the node (or nodes) its JSON holds, whatever the caller reads', () => {
    const node = { type: 'DIVIDER', id: 'd1', nodes: [], dividerData: { lineStyle: 'DOTTED' } };
    const source = `text\n\n\`\`\`ricos:node\n${JSON.stringify(node, null, 2)}\n\`\`\``;
    const directive = vi.fn(() => []);
    expect(markdownToRicos(source, { directive })[1]).toEqual(node);
    expect(directive).not.toHaveBeenCalled();
    expect(markdownToRicos(`\`\`\`ricos:node\n${JSON.stringify([node, node])}\n\`\`\``)).toEqual([node, node]);
    expect(() => markdownToRicos('a\n\n```ricos:node\n{"type": "DIVIDER"\n```', { firstLine: 4 })).toThrow(
      expect.objectContaining({ line: 6, message: expect.stringMatching(/^ricos:node holds a node's JSON/) }),
    );
    for (const bad of ['{"type": 1, "nodes": []}', '{"type": "X"}', '[]', '{"type": "X", "nodes": [{}]}'])
      expect(() => markdownToRicos(`\`\`\`ricos:node\n${bad}\n\`\`\``), bad).toThrow(MarkdownError);
  });
});
