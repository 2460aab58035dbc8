import { image, type ImageSource } from '@/lib/core/ricos/media';
import { t, linkTarget } from '@/lib/core/ricos/text';
import { table } from '@/lib/core/ricos/blocks';
import type { RicosNode } from '@/lib/core/ricos/types';
import { localFileOf, mediaAddress } from '@/lib/blog/tools';
import { containerDirective, leafDirective } from './ricos-to-markdown-directives';
import { fenced, jsonBlock, sameNode } from './ricos-to-markdown-fields';
import { imageDirective } from './ricos-to-markdown-media';
import { destination, NotText } from './ricos-to-markdown-marks';
import { type Losses, plainOf, type TextPlace, textMarkdown } from './ricos-to-markdown-text';

// A post's Ricos nodes as Markdown (CommonMark and GFM) that lib/core/ricos/markdown.ts reads back: paragraphs and
// their marks, headings with their `{#id}`, lists (nested, numbered from their start, task lists), quotes, code with
// its language, GFM tables with their `Table: ` alt text, images (`![alt](/media/file "caption")`) and rules. What
// Markdown has no syntax for is a ```ricos:<kind> block of the site's own (ricos-to-markdown-directives.ts) when
// that block reads back as the same node, else the node whole as JSON in a ```ricos:node block.

export interface MarkdownStats {
  /** Nodes written as a ```ricos:<kind> block, by kind. */
  directives: Record<string, number>;
  /** Nodes written whole as ```ricos:node JSON, by node type. */
  json: Record<string, number>;
  /** What the Markdown left out, by mark or node type: a mark where Markdown cannot hold it, a block's styling. */
  dropped: Record<string, number>;
}

export const emptyStats = (): MarkdownStats => ({ directives: {}, json: {}, dropped: {} });

const count = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const dataOf = (node: RicosNode, key: string) => (node[key] ?? {}) as Data;

/** Indents every line but blank ones (a list item's continuation). */
const indent = (text: string, by: number) =>
  text
    .split('\n')
    .map((line) => (line ? ' '.repeat(by) + line : line))
    .join('\n');

class Writer {
  constructor(readonly stats: MarkdownStats) {}

  text(nodes: RicosNode[], place: TextPlace = {}): string {
    const losses: Losses = [];
    const out = textMarkdown(nodes, place, losses);
    losses.forEach((loss) => count(this.stats.dropped, loss));
    return out;
  }

  json(node: RicosNode): string {
    count(this.stats.json, node.type);
    return jsonBlock(node);
  }

  directive(node: RicosNode, block: string | undefined): string {
    if (block === undefined) return this.json(node);
    count(this.stats.directives, /^`+ricos:([\w-]+)/.exec(block)![1]!);
    return block;
  }

  /** Blocks joined by blank lines; a list right after another of its kind takes another marker, to stay apart. */
  blocks(nodes: RicosNode[]): string {
    const out: string[] = [];
    let previous = '';
    for (const node of nodes) {
      let written: string | undefined;
      try {
        written = this.block(node, previous);
      } catch (error) {
        if (!(error instanceof NotText)) throw error;
        written = this.json(node);
      }
      if (written === undefined) continue;
      out.push(written);
      previous = /^(?:[-*+]|\d+[.)])/.exec(written)?.[0].replace(/^\d+/, '') ?? '';
    }
    return out.join('\n\n');
  }

  block(node: RicosNode, previous: string): string | undefined {
    switch (node.type) {
      case 'PARAGRAPH': {
        const style = dataOf(node, 'paragraphData');
        if ((style.textStyle?.textAlignment ?? 'AUTO') !== 'AUTO') count(this.stats.dropped, 'textAlignment');
        if (style.indentation) count(this.stats.dropped, 'indentation');
        return this.text(node.nodes) || undefined;
      }
      case 'HEADING': {
        const level = Math.min(6, Math.max(1, Number(dataOf(node, 'headingData').level) || 1));
        const anchor = node.id && /^[\w-]+$/.test(node.id) ? ` {#${node.id}}` : '';
        const text = this.text(node.nodes, { oneLine: true, heading: true });
        return text || anchor ? `${'#'.repeat(level)} ${text}${anchor}`.trimEnd() : undefined;
      }
      case 'BLOCKQUOTE': {
        const inner = this.blocks(node.nodes);
        return inner ? inner.replace(/^/gm, '> ').replace(/^> $/gm, '>') : undefined;
      }
      case 'CODE_BLOCK': {
        const language = dataOf(node, 'codeBlockData').language;
        const info = typeof language === 'string' && /^[^\s`]+$/.test(language) && !language.startsWith('ricos:');
        return fenced(info ? language : '', plainOf(node.nodes).replace(/\r\n?/g, '\n'));
      }
      case 'DIVIDER': {
        const style = dataOf(node, 'dividerData').lineStyle ?? 'SINGLE';
        if (style !== 'SINGLE') return this.directive(node, leafDirective(node));
        if (!leafDirective(node)) count(this.stats.dropped, 'DIVIDER');
        return '---';
      }
      case 'BULLETED_LIST':
      case 'ORDERED_LIST':
      case 'CHECKBOX_LIST':
        return this.list(node, previous);
      case 'TABLE':
        return this.table(node);
      case 'IMAGE':
        return this.image(node);
      case 'CARD':
      case 'LAYOUT':
      case 'COLLAPSIBLE_LIST':
      case 'SMART_BLOCK':
      case 'BULLET_LIST':
        return this.directive(node, this.container(node));
      default:
        return this.directive(node, leafDirective(node));
    }
  }

  container(node: RicosNode): string | undefined {
    const title = (nodes: RicosNode[]) => {
      const text = plainOf(nodes);
      return text.includes('\n') || nodes.some((child) => child.type !== 'TEXT')
        ? undefined
        : this.text(nodes, { oneLine: true, heading: true });
    };
    return containerDirective(node, (nodes) => this.blocks(nodes), title);
  }

  list(node: RicosNode, previous: string): string {
    const ordered = node.type === 'ORDERED_LIST';
    const tasks = node.type === 'CHECKBOX_LIST';
    const items = node.nodes;
    const textFirst = items.every((item) => item.type === 'LIST_ITEM' && item.nodes[0]?.type === 'PARAGRAPH');
    if (!items.length || !items.every((item) => item.type === 'LIST_ITEM') || (tasks && !textFirst))
      return this.json(node);
    const start = Number(dataOf(node, 'orderedListData').start ?? 1);
    const first = Number.isInteger(start) && start >= 0 ? start : 1;
    const marks = ordered ? ['.', ')'] : ['-', '*', '+'];
    const mark = marks.find((candidate) => candidate !== previous)!;
    // Tight unless an item holds more than its text and nested lists (a list numbered from other than 1 cannot
    // follow a paragraph without a blank line).
    const isList = (child: RicosNode) =>
      ['BULLETED_LIST', 'CHECKBOX_LIST'].includes(child.type) ||
      (child.type === 'ORDERED_LIST' && [undefined, 1].includes(dataOf(child, 'orderedListData').start));
    const loose = items.some((item) => item.nodes.slice(1).some((child) => !isList(child)) || !textFirst);
    return items
      .map((item, index) => {
        const marker = ordered ? `${first + index}${mark}` : mark;
        const checked = tasks ? (dataOf(item, 'listItemData').checked === true ? '[x] ' : '[ ] ') : '';
        const [head, ...rest] = item.nodes;
        const lead = head?.type === 'PARAGRAPH' ? this.text(head.nodes) : head ? this.blocks([head]) : '';
        const body = [lead, rest.length ? this.blocks(rest) : ''].filter(Boolean).join(loose ? '\n\n' : '\n');
        const width = marker.length + 1;
        return `${marker} ${checked}${indent(body, width).slice(width)}`.trimEnd();
      })
      .join(loose ? '\n\n' : '\n');
  }

  /** A GFM table when every cell is one line of text; a ```ricos:table-less table, or any other, as JSON. */
  table(node: RicosNode): string {
    const rows = node.nodes.map((row) =>
      row.type === 'TABLE_ROW' && row.nodes.every((cell) => cell.type === 'TABLE_CELL') ? row.nodes : null,
    );
    const cells = rows.every(Boolean)
      ? (rows as RicosNode[][]).map((row) =>
          row.map((cell) => {
            const [only, ...more] = cell.nodes;
            if (more.length || (only && only.type !== 'PARAGRAPH')) return null;
            const nodes = only?.nodes ?? [];
            return nodes.every((child) => child.type === 'TEXT') && !plainOf(nodes).includes('\n') ? nodes : null;
          }),
        )
      : [];
    if (!cells.length || cells.some((row) => !row.length || row.some((cell) => !cell))) return this.json(node);
    const grid = cells as RicosNode[][][];
    const columns = Math.max(...grid.map((row) => row.length));
    const line = (row: string[]) => `| ${Array.from({ length: columns }, (_, i) => row[i] ?? '').join(' | ')} |`;
    const text = grid.map((row) => line(row.map((nodes) => this.text(nodes, { oneLine: true, cell: true }))));
    const alt = dataOf(node, 'tableData').altText;
    const caption = typeof alt === 'string' && alt.trim() ? `\n\nTable: ${this.text([t(alt)], { oneLine: true })}` : '';
    if (!sameNode(table(grid, typeof alt === 'string' ? alt : undefined), node)) count(this.stats.dropped, 'TABLE');
    return [text[0], line(Array.from({ length: columns }, () => '---')), ...text.slice(1)].join('\n') + caption;
  }

  /** `![alt](src "caption")`, in a link when it has one; the ricos:image block when only it keeps the image whole. */
  image(node: RicosNode): string {
    const data = dataOf(node, 'imageData');
    const src = mediaAddress(data.image?.src);
    const captionNode = node.nodes.find((child) => child.type === 'CAPTION');
    const caption = captionNode?.nodes ?? [];
    if (!src || node.nodes.some((child) => child.type !== 'CAPTION') || caption.some((c) => c.type !== 'TEXT'))
      return this.json(node);
    const alt = typeof data.altText === 'string' ? data.altText : '';
    const local = data.image?.src?.id !== undefined ? localFileOf(data.image.src) : undefined;
    const media = data.image as Data;
    const source: ImageSource = local
      ? { file: local, width: media.width, height: media.height, alt: data.altText }
      : { url: src, alt: data.altText };
    const plainCaption = caption.every((c) => !(c.textData as Data).decorations?.length) ? plainOf(caption) : null;
    const url = typeof data.link?.url === 'string' ? (data.link.url as string) : undefined;
    const rel = (data.link?.rel ?? {}) as Data;
    const relFlags = ['nofollow', 'sponsored', 'ugc'].filter((flag) => rel[flag] === true);
    const link = url ? linkTarget(url, Object.fromEntries(relFlags.map((flag) => [flag, true]))) : undefined;
    const simple = image(source, { ...(plainCaption && { caption: t(plainCaption) }), ...(link && { link }) });
    // A file of a known size is its block, which says the size (and the alt text) `![]()` has no place for.
    const sized = local && media.width !== undefined && media.height !== undefined;
    if (local && (sized || !sameNode(simple, node))) {
      const block = imageDirective(node, caption.length ? this.text(caption, { oneLine: true }) : undefined);
      if (block) return this.directive(node, block);
    }
    if (!sameNode(simple, node)) count(this.stats.dropped, 'IMAGE');
    const title = plainCaption ?? plainOf(caption);
    const picture = `![${this.text([t(alt)], { oneLine: true })}](${destination(src, title.replace(/\s+/g, ' ').trim())})`;
    return url
      ? `[${picture}](${destination(url, relFlags.length ? `rel: ${relFlags.join(' ')}` : undefined)})`
      : picture;
  }
}

/** Ricos nodes as Markdown, and what was written how (ricos:<kind> blocks, JSON, what was left out). */
export function ricosToMarkdown(nodes: RicosNode[], stats: MarkdownStats = emptyStats()) {
  const markdown = new Writer(stats).blocks(nodes);
  return { markdown: markdown ? `${markdown}\n` : '', stats };
}
