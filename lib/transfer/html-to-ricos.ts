import type { posts } from '@wix/blog';
import { divider } from '@/lib/core/ricos/blocks';
import { assignIds } from '@/lib/core/ricos/document';
import { deco, t } from '@/lib/core/ricos/text';
import type { Decoration, Link, RicosNode } from '@/lib/core/ricos/types';
import { blockquote, codeBlock, details, heading, list, table } from './html-blocks';
import { cardOf } from './html-cards';
import { claim, type Ctx, keepHtml, noteTarget } from './html-context';
import {
  attr,
  type ChildNode,
  descendants,
  type Element,
  hasClass,
  isComment,
  isElement,
  isText,
  parseHtml,
  styleOf,
  wpBlock,
} from './html-dom';
import { iframe, providerScript } from './html-embeds';
import { inlineItems, paragraphs, PHRASING, trimTexts } from './html-inline';
import { looseParagraphs } from './html-loose';
import { audioNode, figure, imageNode, videoNode } from './html-media';
import type { Converted } from './types';

// A source post's HTML as Ricos nodes the site's renderer (components/rich-content) shows: WordPress's (classic, and
// the block editor's, reading its `<!-- wp:… -->` comments), Ghost's (its Koenig cards), Substack's and Medium's.
// parse5 reads the HTML as a browser does; each element maps to the nodes the renderer has for it (html-blocks: text
// blocks, html-media: images and files, html-embeds: embeds, html-cards: the platforms' own blocks), and what has no
// node here (a script, a form, an unknown frame) is kept as an HTML block and reported in `keptAsHtml`.
//
// Wix's own converter (ricos-content's fromCKEditorHtml / fromRichTextHtml) is not used: on this kind of HTML it loses
// text. It drops the white space between two inline elements ("<b>a</b> <i>b</i>" reads "ab"), the text of any
// element it has no rule for (<i>, <code>, <sup>, <s>, links to "#…"), joins the lines of a <br>, writes a span's text
// twice when its style has two rules it maps, and its schema reads strikethrough, superscript, subscript and font
// families as UNRECOGNIZED. Its parts are built here instead, with the site's own builders (lib/core/ricos).

export interface HtmlOptions {
  /** The old site's address: relative media addresses are resolved against it. */
  baseUrl?: string;
}

/** Elements with nothing to show. */
const DROP = new Set(['head', 'title', 'meta', 'link', 'base', 'template', 'noscript', 'source', 'track', 'param']);
/** Elements that have no Ricos node: kept as HTML (the renderer frames them). */
const KEEP = new Set([
  'script',
  'style',
  'form',
  'object',
  'embed',
  'applet',
  'canvas',
  'svg',
  'math',
  'input',
  'select',
  'textarea',
  'button',
  'frameset',
  'frame',
  'map',
]);

const ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;

/** A paragraph's alignment, by its style or WordPress's `has-text-align-*` class. */
function alignment(el: Element): posts.TextStyle | undefined {
  const named = styleOf(el)['text-align']?.toLowerCase();
  const found = ALIGNMENTS.find((a) => a === named || hasClass(el, `has-text-align-${a}`));
  return found ? { textAlignment: found.toUpperCase() as posts.TextAlignmentWithLiterals } : undefined;
}

function element(el: Element, ctx: Ctx, link?: Link): RicosNode[] {
  const wp = ctx.wp;
  ctx.wp = undefined;
  const tag = el.tagName;
  if (DROP.has(tag)) return [];
  const card = cardOf(el, ctx);
  if (card) return card;
  switch (tag) {
    case 'p':
      return ctx.paragraphs(ctx.inline(el.childNodes), alignment(el));
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return heading(el, ctx);
    case 'ul':
    case 'ol':
    case 'menu':
      return list(el, ctx);
    case 'blockquote':
      return blockquote(el, ctx);
    case 'pre':
      return hasClass(el, 'wp-block-verse') ? ctx.blocks(el.childNodes) : codeBlock(el, wp);
    case 'table':
      return table(el, ctx);
    case 'figure':
      return figure(el, ctx, wp);
    case 'img':
    case 'picture': {
      const node = imageNode(el, ctx, link ? { link } : {});
      return node ? [node] : [];
    }
    case 'iframe':
      return iframe(el, ctx);
    case 'video':
    case 'audio': {
      const node = tag === 'video' ? videoNode(el, ctx) : audioNode(el, ctx);
      return node ? [node] : [];
    }
    case 'hr':
      return [divider(hasClass(el, 'is-style-dots') ? 'DOTTED' : 'SINGLE')];
    case 'details':
      return details(el, ctx);
    case 'dt':
      return ctx.paragraphs(ctx.inline(el.childNodes, [deco.bold]));
    case 'script':
      if (providerScript(el)) return [];
  }
  if (KEEP.has(tag) || tag.includes('-')) return [keepHtml(ctx, tag, el)];
  // Containers (div, section, a figure's caption alone…) and elements with no meaning of their own: their content.
  return ctx.blocks(el.childNodes);
}

function blocks(nodes: ChildNode[], ctx: Ctx): RicosNode[] {
  const out: RicosNode[] = [];
  let run: ChildNode[] = [];
  const flush = () => {
    if (run.length) out.push(...looseParagraphs(run, ctx));
    run = [];
  };
  for (const node of nodes) {
    if (ctx.skip.has(node)) continue;
    if (isComment(node)) {
      // A WordPress block's comment tells what the element after it is (a code block's language, an embed's address).
      const wp = wpBlock(node.data);
      if (wp) ctx.wp = wp;
      continue;
    }
    if (isText(node) || (isElement(node) && PHRASING.has(node.tagName))) {
      run.push(node);
      continue;
    }
    if (!isElement(node)) continue;
    flush();
    noteTarget(ctx, node);
    out.push(...claim(ctx, element(node, ctx)));
  }
  flush();
  return out;
}

/** The ids the document's own links point at (footnotes, a table of contents). */
function targetsOf(tree: ChildNode[]): Set<string> {
  const ids = new Set<string>();
  for (const root of tree.filter(isElement))
    for (const el of [root, ...descendants(root)]) {
      const href = el.tagName === 'a' ? attr(el, 'href')?.trim() : undefined;
      if (!href?.startsWith('#') || href.length < 2) continue;
      try {
        ids.add(decodeURIComponent(href.slice(1)));
      } catch {
        ids.add(href.slice(1));
      }
    }
  return ids;
}

/** Links to ids of the document lead to the nodes that took them; a link to an id nothing holds is plain text. */
function resolveAnchors(nodes: RicosNode[], anchors: Map<string, string>): RicosNode[] {
  return nodes.map((node) => {
    if (node.type !== 'TEXT') return { ...node, nodes: resolveAnchors(node.nodes, anchors) };
    const data = node.textData as { text: string; decorations: Decoration[] };
    if (!data.decorations.some((d) => d.type === 'ANCHOR')) return node;
    const decorations = data.decorations.flatMap((d) => {
      if (d.type !== 'ANCHOR') return [d];
      const target = anchors.get(d.anchorData?.anchor ?? '');
      return target ? [deco.anchor(target)] : [];
    });
    return { ...node, textData: { ...data, decorations } };
  });
}

/** The TEXT nodes of a node (of each block of a caption: `<figcaption><p>…</p></figcaption>`), a space after blocks. */
const textsIn = (node: RicosNode): RicosNode[] =>
  node.type === 'TEXT' ? [node] : [...node.nodes.flatMap(textsIn), t(' ')];

/** `htmlToRicos` without node ids, for a caller that gives them over a larger document (convert.ts). */
export function htmlBlocks(html: string, options: HtmlOptions = {}): Converted {
  const tree = parseHtml(html);
  const ctx: Ctx = {
    baseUrl: options.baseUrl,
    media: [],
    kept: [],
    targets: targetsOf(tree),
    pending: [],
    anchors: new Map(),
    skip: new Set(),
    blocks: (nodes) => blocks(nodes, ctx),
    block: (el, link) => element(el, ctx, link),
    inline: (nodes, marks) => inlineItems(nodes, ctx, marks),
    texts: (nodes) => trimTexts(inlineItems(nodes, ctx).flatMap(textsIn)),
    paragraphs: (items, textStyle) => paragraphs(items, ctx, textStyle),
  };
  const nodes = resolveAnchors(ctx.blocks(tree), ctx.anchors);
  // A divider before anything or after everything divides nothing (Medium starts each section with one).
  while (nodes[0]?.type === 'DIVIDER') nodes.shift();
  while (nodes.at(-1)?.type === 'DIVIDER') nodes.pop();
  return { nodes, keptAsHtml: ctx.kept, media: ctx.media };
}

/**
 * A post's HTML as Ricos nodes, what could not be mapped (kept as HTML blocks, by tag or provider) and the media it
 * uses. Node ids are derived from the HTML: converting the same HTML again gives the same ids.
 */
export function htmlToRicos(html: string, options: HtmlOptions = {}): Converted {
  const converted = htmlBlocks(html, options);
  return { ...converted, nodes: assignIds(converted.nodes, html) };
}
