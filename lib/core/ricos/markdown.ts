import type * as Md from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { checklist, code, divider, h, li, ol, p, quote, table, ul } from './blocks';
import { image, type ImageSource } from './media';
import { t } from './text';
import type { Link, RicosNode } from './types';
import { MarkdownError } from './markdown-error';
import { type Definitions, type InlineContext, inline, linkOf, mergeText, SOFT_BREAK, textOf } from './markdown-inline';

// Markdown (CommonMark and GFM, read by mdast-util-from-markdown) to Ricos nodes, built with the demo content's
// own builders. Beyond Markdown it reads a few spellings documented in scripts/content/demo/README.md: a heading's
// `{#id}`, a `Table: ` paragraph under a table as its alt text, `[text](ricos:underline+color=#D62828)` for the
// marks Markdown has no syntax for, a link title `"rel: ugc nofollow"`, a ```ricos:node block (a node as its JSON,
// as the export writes what nothing else spells), and (only where the caller handles them) ```ricos:<kind> fenced
// blocks. Raw HTML stays text (unless the caller reads it: `html`); a task list becomes a
// CHECKBOX_LIST.
// This file reads the blocks; markdown-inline.ts the text inside them.

export { MarkdownError };

/** A fenced block whose info string is `ricos:<kind> key=value ...`. */
export interface Directive {
  kind: string;
  settings: Record<string, string>;
  body: string;
  /** The file line of the body's first line. */
  line: number;
  /** The body read as Markdown with the same options, its errors at their file lines. */
  markdown: () => RicosNode[];
}

export interface MarkdownOptions {
  /** Builds a ```ricos:<kind> block; without it such a block is code like any other. */
  directive?: (directive: Directive) => RicosNode[];
  /** Resolves an image's URL; by default the image is that URL, its alt text as written. */
  imageSource?: (url: string, alt: string, line: number) => ImageSource;
  /** The file line of the source's first line (front matter or an enclosing block before it). */
  firstLine?: number;
  /** Builds the blocks of a block of raw HTML (the importer's HTML converter); without it the HTML stays text. */
  html?: (html: string, line: number) => RicosNode[];
}

interface Context extends InlineContext {
  options: MarkdownOptions;
}

/** The image a paragraph holds: `![alt](src "caption")`, a reference to one, or either alone in a link. */
function imageOf(node: Md.PhrasingContent, ctx: Context, link?: Link): RicosNode | undefined {
  if ((node.type === 'link' || node.type === 'linkReference') && node.children.length === 1) {
    const target = node.type === 'link' ? node : ctx.definitions.get(node.identifier);
    return target && !target.url.startsWith('ricos:')
      ? imageOf(node.children[0]!, ctx, linkOf(target.url, target.title, ctx.lineOf(node)))
      : undefined;
  }
  if (node.type !== 'image' && node.type !== 'imageReference') return undefined;
  const target = node.type === 'image' ? node : ctx.definitions.get(node.identifier);
  if (!target) return undefined;
  const alt = node.alt ?? '';
  const source = ctx.options.imageSource?.(target.url, alt, ctx.lineOf(node)) ?? { url: target.url, alt };
  return image(source, { ...(target.title && { caption: t(target.title) }), ...(link && { link }) });
}

/** A paragraph, split where it holds images: Ricos images are blocks of their own. */
function paragraph(node: Md.Paragraph, ctx: Context): RicosNode[] {
  const images = node.children.map((child) => imageOf(child, ctx));
  if (images.every((found) => !found)) return [p(...inline(node.children, ctx))];
  const out: RicosNode[] = [];
  let run: Md.PhrasingContent[] = [];
  const flush = () => {
    const nodes = inline(run, ctx);
    if (nodes.some((text) => (text.textData as { text: string }).text.trim() !== '')) out.push(p(...nodes));
    run = [];
  };
  node.children.forEach((child, index) => {
    const found = images[index];
    if (!found) return void run.push(child);
    flush();
    out.push(found);
  });
  flush();
  return out;
}

function heading(node: Md.Heading, ctx: Context): RicosNode {
  const children = [...node.children];
  const last = children.at(-1);
  const anchor = last?.type === 'text' ? /\s*\{#([\w-]+)\}$/.exec(last.value) : null;
  if (last?.type === 'text' && anchor)
    children[children.length - 1] = { ...last, value: last.value.slice(0, anchor.index) };
  return h(node.depth, inline(children, ctx), { id: anchor?.[1] });
}

function listItem(item: Md.ListItem, ctx: Context, mark = ''): RicosNode {
  const [first, ...rest] = item.children;
  if (first?.type !== 'paragraph') return { ...li([]), nodes: blocks(item.children, ctx) };
  const text = inline(first.children, ctx);
  return li(mark ? mergeText([t(mark), ...text]) : text, ...blocks(rest, ctx));
}

/** A list of tasks only is a CHECKBOX_LIST; tasks among other items keep their box as ☑ or ☐ before the text. */
function list(node: Md.List, ctx: Context): RicosNode {
  if (node.children.every((item) => typeof item.checked === 'boolean'))
    return checklist(
      ...node.children.map((item) => [item.checked === true, listItem(item, ctx)] as [boolean, RicosNode]),
    );
  const items = node.children.map((item) =>
    listItem(item, ctx, item.checked == null ? '' : item.checked ? '☑ ' : '☐ '),
  );
  if (!node.ordered) return ul(...items);
  const built = ol(...items);
  return node.start == null || node.start === 1
    ? built
    : { ...built, orderedListData: { ...(built.orderedListData as object), start: node.start } };
}

/** A paragraph under a table that starts so is the table's alt text. */
export const TABLE_CAPTION = /^Table: /;

function tableOf(node: Md.Table, caption: Md.Paragraph | undefined, ctx: Context): RicosNode {
  const columns = node.children[0]?.children.length ?? 0;
  const rows = node.children.map((row) =>
    Array.from({ length: columns }, (_, index) => {
      const cell = row.children[index];
      return cell ? inline(cell.children, ctx) : [];
    }),
  );
  return table(rows, caption && textOf(caption).replace(TABLE_CAPTION, '').replace(SOFT_BREAK, ' '));
}

const isCaption = (node: Md.RootContent | undefined): node is Md.Paragraph =>
  node?.type === 'paragraph' && node.children[0]?.type === 'text' && TABLE_CAPTION.test(node.children[0].value);

function directiveOf(node: Md.Code, ctx: Context): RicosNode[] {
  const kind = node.lang!.slice('ricos:'.length);
  const line = ctx.lineOf(node);
  const settings: Record<string, string> = {};
  for (const token of (node.meta ?? '').split(/\s+/).filter(Boolean)) {
    const [, key, value] = /^([\w-]+)=(.+)$/.exec(token) ?? [];
    if (!key || value === undefined)
      throw new MarkdownError(`ricos:${kind}: a setting is key=value, not "${token}"`, line);
    settings[key] = value;
  }
  const bodyLine = line + 1;
  const markdown = () => markdownToRicos(node.value, { ...ctx.options, firstLine: bodyLine });
  return ctx.options.directive!({ kind, settings, body: node.value, line: bodyLine, markdown });
}

/** A node's shape, its children's too: an object with a string `type` and a `nodes` list. */
export const isRicosNode = (value: unknown): value is RicosNode =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  typeof (value as RicosNode).type === 'string' &&
  Array.isArray((value as RicosNode).nodes) &&
  (value as RicosNode).nodes.every(isRicosNode);

/**
 * A ```ricos:node block: a node (or a list of nodes) Markdown has no spelling for, written whole as its JSON by the
 * export (lib/transfer/ricos-to-markdown.ts), read back as written.
 */
function jsonNodes(node: Md.Code, ctx: Context): RicosNode[] {
  const line = ctx.lineOf(node);
  let value: unknown;
  try {
    value = JSON.parse(node.value);
  } catch (error) {
    throw new MarkdownError(`ricos:node holds a node's JSON: ${(error as Error).message}`, line);
  }
  const nodes = Array.isArray(value) ? value : [value];
  if (!nodes.length || !nodes.every(isRicosNode))
    throw new MarkdownError(
      'ricos:node holds a node (an object with a string "type" and a "nodes" list), or a list of them',
      line,
    );
  return nodes;
}

/**
 * A fenced block as a CODE_BLOCK, its fence's language (```ts: the info string's first word, as written) kept in
 * `codeBlockData.language`. Ricos' CodeBlockData has no field for a language (only `textStyle` and `animation`): this
 * one is the site's own, for the renderer to highlight the code as the writer said rather than as it guesses; a block
 * without one has none.
 */
function codeBlock(node: Md.Code): RicosNode {
  const block = code(node.value);
  const language = node.lang?.trim();
  return language ? { ...block, codeBlockData: { ...(block.codeBlockData as object), language } } : block;
}

function blocks(nodes: Md.RootContent[], ctx: Context): RicosNode[] {
  const out: RicosNode[] = [];
  nodes.forEach((node, index) => {
    switch (node.type) {
      case 'paragraph':
        if (!(isCaption(node) && nodes[index - 1]?.type === 'table')) out.push(...paragraph(node, ctx));
        break;
      case 'heading':
        out.push(heading(node, ctx));
        break;
      case 'thematicBreak':
        out.push(divider());
        break;
      case 'blockquote':
        out.push(
          node.children.every((child) => child.type === 'paragraph')
            ? quote(...node.children.map((child) => inline((child as Md.Paragraph).children, ctx)))
            : { ...quote(), nodes: blocks(node.children, ctx) },
        );
        break;
      case 'list':
        out.push(list(node, ctx));
        break;
      case 'code':
        if (node.lang === 'ricos:node') out.push(...jsonNodes(node, ctx));
        else if (node.lang?.startsWith('ricos:') && ctx.options.directive) out.push(...directiveOf(node, ctx));
        else out.push(codeBlock(node));
        break;
      case 'html':
        out.push(...(ctx.options.html ? ctx.options.html(node.value, ctx.lineOf(node)) : [p(t(node.value))]));
        break;
      case 'table': {
        const next = nodes[index + 1];
        out.push(tableOf(node, isCaption(next) ? next : undefined, ctx));
        break;
      }
      case 'footnoteDefinition': {
        const [first, ...rest] = blocks(node.children, ctx);
        const label = t(`[^${node.label ?? node.identifier}]: `);
        out.push(
          ...(first?.type === 'PARAGRAPH'
            ? [p(label, ...first.nodes), ...rest]
            : [p(label), ...(first ? [first, ...rest] : [])]),
        );
        break;
      }
    }
  });
  return out;
}

function collectDefinitions(node: Md.Node, definitions: Definitions) {
  if (node.type === 'definition') {
    const definition = node as Md.Definition;
    if (!definitions.has(definition.identifier)) definitions.set(definition.identifier, definition);
  }
  if ('children' in node && Array.isArray(node.children))
    for (const child of node.children as Md.Node[]) collectDefinitions(child, definitions);
}

/** Markdown to Ricos nodes. Throws a MarkdownError at the line of what it cannot read. */
export function markdownToRicos(source: string, options: MarkdownOptions = {}): RicosNode[] {
  const tree = fromMarkdown(source, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const definitions: Definitions = new Map();
  collectDefinitions(tree, definitions);
  const offset = (options.firstLine ?? 1) - 1;
  return blocks(tree.children, { options, definitions, lineOf: (node) => (node.position?.start.line ?? 1) + offset });
}
