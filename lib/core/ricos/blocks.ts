import type { posts } from '@wix/blog';
import { inline, t } from './text';
import { container, type Inline, type RicosNode } from './types';

const textStyle = { textAlignment: 'AUTO' } as const;

interface NodeOptions {
  id?: string;
}

const withId = (node: RicosNode, options: NodeOptions = {}): RicosNode =>
  options.id ? { ...node, id: options.id } : node;

export const p = (...parts: Inline[]): RicosNode => ({
  type: 'PARAGRAPH',
  nodes: inline(parts),
  paragraphData: { textStyle, indentation: 0 } satisfies posts.ParagraphData,
});

export const h = (level: 1 | 2 | 3 | 4 | 5 | 6, content: Inline | Inline[], options?: NodeOptions): RicosNode =>
  withId(
    {
      type: 'HEADING',
      nodes: inline([content].flat()),
      headingData: { level, textStyle, indentation: 0 } satisfies posts.HeadingData,
    },
    options,
  );

/** A list item: its text, then any nested lists. */
export const li = (content: Inline | Inline[], ...nested: RicosNode[]): RicosNode => ({
  type: 'LIST_ITEM',
  nodes: [p(...[content].flat()), ...nested],
});

type ItemInput = Inline | Inline[] | RicosNode;
const isListItem = (item: ItemInput): item is RicosNode =>
  typeof item === 'object' && !Array.isArray(item) && item.type === 'LIST_ITEM';
const items = (input: ItemInput[]) => input.map((item) => (isListItem(item) ? item : li(item)));

export const ul = (...input: ItemInput[]): RicosNode => ({
  type: 'BULLETED_LIST',
  nodes: items(input),
  bulletedListData: { indentation: 0 } satisfies posts.BulletedListData,
});

/** The pre-2023 spelling of a bulleted list; old documents still carry it. */
export const legacyBulletList = (...input: ItemInput[]): RicosNode => ({
  type: 'BULLET_LIST',
  nodes: items(input),
  bulletedListData: { indentation: 0 },
});

export const ol = (...input: ItemInput[]): RicosNode => ({
  type: 'ORDERED_LIST',
  nodes: items(input),
  orderedListData: { indentation: 0 } satisfies posts.OrderedListData,
});

export const checklist = (...entries: Array<[checked: boolean, content: ItemInput]>): RicosNode => ({
  type: 'CHECKBOX_LIST',
  nodes: items(entries.map(([, content]) => content)).map((item, index) => ({
    ...item,
    listItemData: { checked: entries[index]![0] } satisfies posts.ListItemNodeData,
  })),
  checkboxListData: { indentation: 0 } satisfies posts.CheckboxListData,
});

export const quote = (...paragraphs: Array<Inline | Inline[]>): RicosNode => ({
  type: 'BLOCKQUOTE',
  nodes: paragraphs.map((content) => p(...[content].flat())),
  blockquoteData: { indentation: 0 } satisfies posts.BlockquoteData,
});

export const code = (source: string): RicosNode => ({
  type: 'CODE_BLOCK',
  nodes: [t(source)],
  codeBlockData: { textStyle } satisfies posts.CodeBlockData,
});

export const divider = (lineStyle: posts.LineStyleWithLiterals = 'SINGLE'): RicosNode => ({
  type: 'DIVIDER',
  nodes: [],
  dividerData: {
    lineStyle,
    width: 'LARGE',
    alignment: 'CENTER',
    containerData: container({ textWrap: false }),
  } satisfies posts.DividerData,
});

const cell = (content: Inline | Inline[]): RicosNode => ({
  type: 'TABLE_CELL',
  nodes: [p(...[content].flat())],
  tableCellData: { cellStyle: { verticalAlignment: 'TOP' }, borderColors: {} } satisfies posts.TableCellData,
});

/** A table whose first row is a header row. */
export const table = (rows: Array<Array<Inline | Inline[]>>, altText?: string): RicosNode => {
  const columns = Math.max(...rows.map((row) => row.length));
  return {
    type: 'TABLE',
    nodes: rows.map((row) => ({ type: 'TABLE_ROW', nodes: row.map(cell) })),
    tableData: {
      containerData: container(),
      dimensions: {
        colsWidthRatio: Array.from({ length: columns }, () => 10),
        rowsHeight: rows.map(() => 47),
        colsMinWidth: Array.from({ length: columns }, () => 120),
      },
      header: true,
      altText,
    } satisfies posts.TableData,
  };
};

export const collapsible = (entries: Array<[title: Inline | Inline[], body: RicosNode[]]>): RicosNode => ({
  type: 'COLLAPSIBLE_LIST',
  nodes: entries.map(([title, body]) => ({
    type: 'COLLAPSIBLE_ITEM',
    nodes: [
      { type: 'COLLAPSIBLE_ITEM_TITLE', nodes: [p(...[title].flat())] },
      { type: 'COLLAPSIBLE_ITEM_BODY', nodes: body },
    ],
  })),
  collapsibleListData: {
    containerData: container(),
    expandOnlyOne: false,
    initialExpandedItems: 'FIRST',
    direction: 'LTR',
    isQapageData: true,
  } satisfies posts.CollapsibleListData,
});

export const layout = (cells: RicosNode[][], data: posts.LayoutData = {}): RicosNode => ({
  type: 'LAYOUT',
  nodes: cells.map((nodes) => ({
    type: 'LAYOUT_CELL',
    nodes,
    layoutCellData: { colSpan: Math.floor(12 / cells.length) } satisfies posts.LayoutCellData,
  })),
  layoutData: {
    gap: 24,
    cellVerticalAlignment: 'TOP',
    responsivenessBehaviour: 'STACK',
    containerData: container(),
    ...data,
  } satisfies posts.LayoutData,
});

export const card = (nodes: RicosNode[], background = '#F3F6FB'): RicosNode => ({
  type: 'CARD',
  nodes,
  cardData: { background: { type: 'COLOR', color: background } } satisfies posts.CardData,
});

export const toc = (includedHeadings: number[] = [2, 3]): RicosNode => ({
  type: 'TOC',
  nodes: [],
  tocData: { includedHeadings, listStyle: 'NUMBERED', indentation: 'NESTED' } satisfies posts.TocData,
});

export const smartBlock = (
  type: posts.SmartBlockDataTypeWithLiterals,
  cells: Array<{ label: string; nodes: RicosNode[] }>,
): RicosNode => ({
  type: 'SMART_BLOCK',
  nodes: cells.map(({ label, nodes }) => ({
    type: 'SMART_BLOCK_CELL',
    nodes,
    smartBlockCellData: { label, type } satisfies posts.SmartBlockCellData,
  })),
  smartBlockData: { type, columnSize: 'MEDIUM' } satisfies posts.SmartBlockData,
});
