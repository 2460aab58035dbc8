import type { RichNode } from '@/lib/blog/types';

// The editor's document and the site's rich content, both ways. The editor (Tiptap, over ProseMirror) keeps a
// document of its own node and mark names; the site stores Wix's Ricos nodes (what the Wix Blog API's `richContent`
// holds and the renderer shows). The blocks the editor edits map to its own nodes, each keeping the Ricos node's id and
// data (`ricosId`, `ricosData`), so a node opened and saved unchanged is stored as it was; every other block (polls,
// galleries, videos, embeds, layouts, ...) becomes one `ricosBlock` that carries the whole Ricos node and is stored
// back untouched. Marks the same: the editor's own for bold, italic, underline, strike, code and links, and
// `ricosMark` for every other decoration (colours, mentions, anchors, ...), kept as stored. Pure functions: the editor
// converts both ways in the browser; the desk (lib/blog/desk) is sent Ricos, as Wix's Draft Posts API is.

/** A ProseMirror document node as JSON (Tiptap's `JSONContent`). */
export interface EditorNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: EditorNode[];
  marks?: EditorMark[];
  text?: string;
}
export interface EditorMark {
  type: string;
  attrs?: Record<string, unknown>;
}
type Decoration = { type: string } & Record<string, unknown>;

/** The Ricos block types the editor edits, its node for each, and where each keeps its data. */
export const EDITED_BLOCKS = {
  PARAGRAPH: { node: 'paragraph', data: 'paragraphData' },
  HEADING: { node: 'heading', data: 'headingData' },
  BULLETED_LIST: { node: 'bulletList', data: 'bulletedListData' },
  ORDERED_LIST: { node: 'orderedList', data: 'orderedListData' },
  LIST_ITEM: { node: 'listItem', data: 'listItemData' },
  BLOCKQUOTE: { node: 'blockquote', data: 'blockquoteData' },
  CODE_BLOCK: { node: 'codeBlock', data: 'codeBlockData' },
  DIVIDER: { node: 'horizontalRule', data: 'dividerData' },
  TABLE: { node: 'table', data: 'tableData' },
  TABLE_ROW: { node: 'tableRow', data: 'tableRowData' },
  TABLE_CELL: { node: 'tableCell', data: 'tableCellData' },
} as const;
type EditedType = keyof typeof EDITED_BLOCKS;
const RICOS_OF_NODE = Object.fromEntries(
  Object.entries(EDITED_BLOCKS).map(([type, { node }]) => [node, type]),
) as Record<string, EditedType>;
/** The editor's nodes that carry a Ricos id and data (its global attributes). */
export const EDITOR_BLOCK_NODES = Object.values(EDITED_BLOCKS).map((b) => b.node);

/** Decorations with a mark of the editor's own. Only a monospace font family is code. */
const MARK_OF: Record<string, string> = {
  BOLD: 'bold',
  ITALIC: 'italic',
  UNDERLINE: 'underline',
  STRIKETHROUGH: 'strike',
  LINK: 'link',
};
const isCodeFont = (d: Decoration) =>
  d.type === 'FONT_FAMILY' && /monospace/i.test(String((d.fontFamilyData as { value?: unknown })?.value ?? ''));
export const CODE_FONT = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/** What a decoration made in the editor is stored as (Ricos' defaults, as Wix's editor writes them). */
const NEW_DECORATION: Record<string, (attrs: Record<string, unknown>) => Decoration> = {
  bold: () => ({ type: 'BOLD', fontWeightValue: 700 }),
  italic: () => ({ type: 'ITALIC', italicData: true }),
  underline: () => ({ type: 'UNDERLINE', underlineData: true }),
  strike: () => ({ type: 'STRIKETHROUGH', strikethroughData: true }),
  code: () => ({ type: 'FONT_FAMILY', fontFamilyData: { value: CODE_FONT } }),
  link: (attrs) => ({
    type: 'LINK',
    linkData: { link: { url: String(attrs.href ?? ''), target: attrs.target === '_blank' ? 'BLANK' : 'SELF' } },
  }),
};

/** What a block made in the editor is stored with (Ricos' defaults). */
const TEXT_STYLE = { textStyle: { textAlignment: 'AUTO' } };
const NEW_DATA: Partial<Record<EditedType, (attrs: Record<string, unknown>) => Record<string, unknown>>> = {
  PARAGRAPH: () => ({ ...TEXT_STYLE, indentation: 0 }),
  HEADING: (attrs) => ({ level: Number(attrs.level ?? 2), ...TEXT_STYLE, indentation: 0 }),
  BULLETED_LIST: () => ({ indentation: 0 }),
  ORDERED_LIST: () => ({ indentation: 0 }),
  CODE_BLOCK: () => ({ ...TEXT_STYLE }),
  DIVIDER: () => ({ lineStyle: 'SINGLE', width: 'LARGE', alignment: 'CENTER' }),
  TABLE: () => ({}),
  TABLE_CELL: () => ({}),
};

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

// ---- Ricos → editor ----

/** The editor's document for stored rich content. */
export function toEditorDocument(nodes: readonly RichNode[]): EditorNode {
  const content = nodes.map(toEditorBlock);
  return { type: 'doc', content: content.length ? content : [{ type: 'paragraph' }] };
}

function toEditorBlock(node: RichNode): EditorNode {
  const mapped = EDITED_BLOCKS[node.type as EditedType];
  if (!mapped || !fitsEditor(node)) return { type: 'ricosBlock', attrs: { node } };
  const data = record(node[mapped.data]);
  const attrs: Record<string, unknown> = { ricosId: node.id ?? null, ricosData: data ?? null };
  if (node.type === 'HEADING') attrs.level = Number(data?.level ?? 2);
  if (node.type === 'ORDERED_LIST' && typeof data?.start === 'number') attrs.start = data.start;
  const children = (node.nodes ?? []) as RichNode[];
  const inline = node.type === 'PARAGRAPH' || node.type === 'HEADING' || node.type === 'CODE_BLOCK';
  const content = inline ? children.map(toEditorText).filter((t) => t.text) : children.map(toEditorBlock);
  return { type: mapped.node, attrs, ...(content.length ? { content } : {}) };
}

/** Whether the editor's schema can hold the node as its own (else it is kept whole, as a `ricosBlock`). */
function fitsEditor(node: RichNode): boolean {
  const children = (node.nodes ?? []) as RichNode[];
  switch (node.type) {
    case 'PARAGRAPH':
    case 'HEADING':
    case 'CODE_BLOCK':
      return children.every((c) => c.type === 'TEXT');
    case 'LIST_ITEM':
      // ProseMirror's list item opens with a paragraph.
      return children[0]?.type === 'PARAGRAPH';
    case 'BULLETED_LIST':
    case 'ORDERED_LIST':
      return children.length > 0 && children.every((c) => c.type === 'LIST_ITEM');
    case 'TABLE':
      return children.length > 0 && children.every((r) => r.type === 'TABLE_ROW' && rowFits(r));
    case 'BLOCKQUOTE':
      return children.length > 0;
    default:
      return true;
  }
}
const rowFits = (row: RichNode) => {
  const cells = (row.nodes ?? []) as RichNode[];
  return cells.length > 0 && cells.every((c) => c.type === 'TABLE_CELL' && (c.nodes?.length ?? 0) > 0);
};

function toEditorText(node: RichNode): EditorNode {
  const textData = record(node.textData) ?? {};
  const decorations = (Array.isArray(textData.decorations) ? textData.decorations : []) as Decoration[];
  const marks = decorations.map(toEditorMark);
  return { type: 'text', text: String(textData.text ?? ''), ...(marks.length ? { marks } : {}) };
}

function toEditorMark(decoration: Decoration): EditorMark {
  if (isCodeFont(decoration)) return { type: 'code', attrs: { ricos: decoration } };
  const mark = MARK_OF[decoration.type];
  if (!mark) return { type: 'ricosMark', attrs: { decoration } };
  if (mark !== 'link') return { type: mark, attrs: { ricos: decoration } };
  const link = record(record(decoration.linkData)?.link) ?? {};
  return {
    type: 'link',
    attrs: { href: String(link.url ?? ''), target: link.target === 'BLANK' ? '_blank' : null, ricos: decoration },
  };
}

// ---- editor → Ricos ----

/** Stored rich content for the editor's document; `newId` names the blocks the editor made. */
export function fromEditorDocument(doc: EditorNode, newId: () => string = randomNodeId): RichNode[] {
  return (doc.content ?? []).flatMap((node) => fromEditorBlock(node, newId));
}

function fromEditorBlock(node: EditorNode, newId: () => string): RichNode[] {
  if (node.type === 'ricosBlock') {
    const kept = record(node.attrs?.node);
    return kept && typeof kept.type === 'string' ? [kept as RichNode] : [];
  }
  // Tiptap's header cell is a cell in Ricos (the table's data says which rows are headers).
  const type = RICOS_OF_NODE[node.type === 'tableHeader' ? 'tableCell' : node.type];
  if (!type) {
    // A node of the editor's that Ricos has no block for (a hard break's text, say): its text in a paragraph.
    return node.content ? node.content.flatMap((child) => fromEditorBlock(child, newId)) : [];
  }
  const attrs = node.attrs ?? {};
  const { data: dataKey } = EDITED_BLOCKS[type];
  let data = record(attrs.ricosData) ?? NEW_DATA[type]?.(attrs);
  if (type === 'HEADING' && data && data.level !== attrs.level) data = { ...data, level: Number(attrs.level ?? 2) };
  const children = node.content ?? [];
  const inline = type === 'PARAGRAPH' || type === 'HEADING' || type === 'CODE_BLOCK';
  const nodes = inline ? fromEditorInline(children) : children.flatMap((child) => fromEditorBlock(child, newId));
  const id = typeof attrs.ricosId === 'string' ? attrs.ricosId : newId();
  return [{ type, id, nodes, ...(data ? { [dataKey]: data } : {}) } as RichNode];
}

function fromEditorInline(children: readonly EditorNode[]): RichNode[] {
  const texts: RichNode[] = [];
  for (const child of children) {
    // A hard break (Shift+Enter) is a line break inside the text, as Ricos keeps one.
    const text = child.type === 'hardBreak' ? '\n' : child.type === 'text' ? (child.text ?? '') : '';
    if (!text) continue;
    const decorations = (child.marks ?? []).map(fromEditorMark).filter((d): d is Decoration => d !== null);
    texts.push({ type: 'TEXT', id: '', nodes: [], textData: { text, decorations } } as RichNode);
  }
  return texts;
}

function fromEditorMark(mark: EditorMark): Decoration | null {
  const attrs = mark.attrs ?? {};
  if (mark.type === 'ricosMark') return (record(attrs.decoration) as Decoration | undefined) ?? null;
  const kept = record(attrs.ricos) as Decoration | undefined;
  if (mark.type === 'link') {
    const link = record(record(kept?.linkData)?.link);
    // A link edited in the editor keeps what it had (rel, anchor) with its new address and target.
    if (kept && link && link.url === attrs.href && (link.target === 'BLANK') === (attrs.target === '_blank'))
      return kept;
    const made = NEW_DECORATION.link!(attrs);
    return kept && link
      ? {
          ...kept,
          linkData: { ...record(kept.linkData), link: { ...link, ...(record(made.linkData)!.link as object) } },
        }
      : made;
  }
  if (kept) return kept;
  return NEW_DECORATION[mark.type]?.(attrs) ?? null;
}

/** A node id as Ricos makes them: five characters of a-z and 0-9. */
export function randomNodeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(5));
  return Array.from(bytes, (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');
}
