import type { posts } from '@wix/blog';
import { code, collapsible, h, ol, p, quote, table as tableNode, ul } from '@/lib/core/ricos/blocks';
import { t } from '@/lib/core/ricos/text';
import type { RicosNode } from '@/lib/core/ricos/types';
import { captionAfter, type Ctx, noteTarget } from './html-context';
import {
  attr,
  byTag,
  type ChildNode,
  children,
  descendants,
  type Element,
  intAttr,
  isElement,
  str,
  textContent,
  type WpBlock,
} from './html-dom';
import { blockquoteEmbed } from './html-embeds';
import { trimTexts } from './html-inline';

// The text blocks HTML has and Ricos maps one to one: headings, lists (a list of tasks a CHECKBOX_LIST), quotes, code
// (with its language), tables (cells holding any blocks, spans kept), <details> as a collapsible list.

const isText = (node: RicosNode) => node.type === 'TEXT';

/** A heading; the blocks met inside it (an image) after it. */
export function heading(el: Element, ctx: Ctx): RicosNode[] {
  const level = Number(el.tagName.slice(1)) as 1 | 2 | 3 | 4 | 5 | 6;
  const items = ctx.inline(el.childNodes);
  const texts = trimTexts(items.filter(isText));
  return [...(texts.length ? [h(level, texts)] : []), ...items.filter((item) => !isText(item))];
}

/** The checkbox a task list's item starts with (`<li><input type="checkbox" checked> …`). */
const checkboxOf = (li: Element) =>
  descendants(li, byTag('ul', 'ol')).find(
    (el) => el.tagName === 'input' && attr(el, 'type')?.toLowerCase() === 'checkbox',
  );

export function list(el: Element, ctx: Ctx): RicosNode[] {
  const items = children(el).filter(byTag('li'));
  if (!items.length) return ctx.blocks(el.childNodes);
  const boxes = items.map(checkboxOf);
  const tasks = boxes.every(Boolean);
  const item = (li: Element): RicosNode => {
    const box = boxes[items.indexOf(li)];
    if (tasks && box) ctx.skip.add(box);
    noteTarget(ctx, li);
    const content = ctx.blocks(li.childNodes);
    const node = { type: 'LIST_ITEM', nodes: content.length ? content : [p()] };
    return tasks ? { ...node, listItemData: { checked: attr(box!, 'checked') !== undefined } } : node;
  };
  // Anything else in the list (text a sloppy editor left between items) is kept, each run of it an item of its own.
  const nodes: RicosNode[] = [];
  let stray: ChildNode[] = [];
  const flush = () => {
    const content = stray.length ? ctx.blocks(stray) : [];
    if (content.length) nodes.push({ type: 'LIST_ITEM', nodes: content });
    stray = [];
  };
  for (const child of el.childNodes) {
    if (isElement(child) && child.tagName === 'li') {
      flush();
      nodes.push(item(child));
    } else stray.push(child);
  }
  flush();
  if (tasks) return [{ type: 'CHECKBOX_LIST', nodes, checkboxListData: { indentation: 0 } }];
  if (el.tagName !== 'ol') return [ul(...nodes)];
  const built = ol(...nodes);
  const start = Number.parseInt(attr(el, 'start') ?? '', 10);
  return [
    Number.isFinite(start) && start !== 1
      ? { ...built, orderedListData: { ...(built.orderedListData as posts.OrderedListData), start } }
      : built,
  ];
}

/** A quote (its blocks inside it), or the X or Instagram post a provider's blockquote is. */
export function blockquote(el: Element, ctx: Ctx): RicosNode[] {
  const embed = blockquoteEmbed(el);
  if (embed) return [embed];
  const nodes = ctx.blocks(el.childNodes);
  return nodes.length ? [{ ...quote(), nodes }] : [];
}

const LANGUAGE_ATTRS = ['data-lang', 'data-language', 'data-code-block-lang'];

/**
 * The language a code block names: its WordPress block's attribute (`wp:code`, `wp:syntaxhighlighter/code`, …), a
 * `language-xx` or `lang-xx` class (Prism, highlight.js, Ghost, Markdown renderers), SyntaxHighlighter's `brush: xx`,
 * a `data-lang` attribute (Medium's `data-code-block-lang`); on the `<pre>` or its `<code>`.
 */
function languageOf(pre: Element, wp: WpBlock | undefined): string | undefined {
  const named = str(wp?.attrs.language) ?? str(wp?.attrs.lang) ?? str(wp?.attrs.languageSlug);
  if (named) return named;
  for (const el of [pre, ...children(pre).filter(byTag('code'))]) {
    for (const name of LANGUAGE_ATTRS) if (str(attr(el, name))) return str(attr(el, name));
    const className = attr(el, 'class') ?? '';
    const brush = /\bbrush:\s*([\w+#.-]+)/.exec(className)?.[1];
    if (brush) return brush;
    const tagged = className.split(/\s+/).find((c) => /^(?:language|lang)-./.test(c));
    if (tagged) return tagged.replace(/^(?:language|lang)-/, '');
  }
  return undefined;
}

/** `<pre>` as a CODE_BLOCK: its text (a `<br>` a new line) and the language it names (`codeBlockData.language`). */
export function codeBlock(el: Element, wp: WpBlock | undefined): RicosNode[] {
  const source = textContent(el, true).replace(/\r\n?/g, '\n').replace(/\n$/, '');
  if (!source.trim()) return [];
  const block = code(source);
  const language = languageOf(el, wp);
  return [language ? { ...block, codeBlockData: { ...(block.codeBlockData as object), language } } : block];
}

/** A table: each cell's blocks, its spans, a header row when its first row is headings; its caption under it. */
export function table(el: Element, ctx: Ctx): RicosNode[] {
  const rows: Element[] = [];
  for (const child of children(el)) {
    if (child.tagName === 'tr') rows.push(child);
    else if (['thead', 'tbody', 'tfoot'].includes(child.tagName)) rows.push(...children(child).filter(byTag('tr')));
  }
  const captionEl = children(el).find(byTag('caption'));
  const caption = captionEl ? ctx.texts(captionEl.childNodes) : [];
  const cells = rows.map((row) => children(row).filter(byTag('td', 'th')));
  if (!cells.some((row) => row.length)) return captionAfter(caption);
  const header =
    (rows[0]!.parentNode as Element | null)?.tagName === 'thead' || cells[0]!.every((cell) => cell.tagName === 'th');
  const span = (cell: Element, name: string) => Math.min(intAttr(cell, name) ?? 1, 1000);
  const columns = Math.max(1, ...cells.map((row) => row.reduce((sum, cell) => sum + span(cell, 'colspan'), 0)));
  const altText = caption.map((node) => (node.textData as { text: string }).text).join('') || undefined;
  const built = tableNode(
    cells.map((row) => row.map(() => [])),
    altText,
  );
  const data = built.tableData as posts.TableData;
  const nodes = built.nodes.map((row, r) => ({
    ...row,
    nodes: row.nodes.map((cell, c) => {
      const source = cells[r]![c]!;
      noteTarget(ctx, source);
      const content = ctx.blocks(source.childNodes);
      const [colspan, rowspan] = [span(source, 'colspan'), span(source, 'rowspan')];
      return {
        ...cell,
        nodes: content.length ? content : [p()],
        tableCellData: {
          ...(cell.tableCellData as posts.TableCellData),
          ...(colspan > 1 && { colspan }),
          ...(rowspan > 1 && { rowspan }),
        } satisfies posts.TableCellData,
      };
    }),
  }));
  const dimensions = {
    colsWidthRatio: Array.from({ length: columns }, () => 10),
    rowsHeight: rows.map(() => 47),
    colsMinWidth: Array.from({ length: columns }, () => 120),
  };
  return [{ ...built, nodes, tableData: { ...data, dimensions, header } }, ...captionAfter(caption)];
}

/** One collapsible item, open at first or not. */
export function collapsibleOf(title: RicosNode[], body: RicosNode[], open: boolean): RicosNode {
  const list = collapsible([[title.length ? title : [t('Details')], body]]);
  const data = list.collapsibleListData as posts.CollapsibleListData;
  return { ...list, collapsibleListData: { ...data, initialExpandedItems: open ? 'FIRST' : 'NONE' } };
}

/** `<details>`: its summary the title, the rest the body. */
export function details(el: Element, ctx: Ctx): RicosNode[] {
  const summary = children(el).find(byTag('summary'));
  if (summary) ctx.skip.add(summary);
  const title = summary ? ctx.texts(summary.childNodes) : [];
  return [collapsibleOf(title, ctx.blocks(el.childNodes), attr(el, 'open') !== undefined)];
}
