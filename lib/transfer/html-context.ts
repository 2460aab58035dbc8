import type { posts } from '@wix/blog';
import { html } from '@/lib/core/ricos/media';
import type { Decoration, Link, RicosNode } from '@/lib/core/ricos/types';
import { attr, type ChildNode, type Element, outerHtml, type WpBlock } from './html-dom';

// What the pieces of the HTML converter share while they read one document: the options, what it collects (the media
// it uses, what it kept as HTML, the ids its own links point at) and the walk itself, passed around rather than
// imported so the pieces (html-inline, html-media, html-embeds, html-blocks, html-cards) do not import each other.

export interface Ctx {
  baseUrl?: string;
  /** Every media address the nodes use, in order. */
  media: string[];
  /** Each element kept as an HTML block, by tag or provider name. */
  kept: string[];
  /** The ids the document's own links point at (`href="#fn1"`): the elements holding them give their id to a node. */
  targets: Set<string>;
  /** Target ids met since the last block was made: the next block made takes the first; the others name it too. */
  pending: string[];
  /** A target id → the id of the node that holds it now. */
  anchors: Map<string, string>;
  /** Nodes a handler has taken already, for the walk to pass over. */
  skip: Set<ChildNode>;
  /** The WordPress block comment just before the element being read (`<!-- wp:code {...} -->`). */
  wp?: WpBlock;
  /** Blocks from a list of nodes (text between blocks made paragraphs; a blank line ends one). */
  blocks: (nodes: ChildNode[]) => RicosNode[];
  /** The blocks one element makes; `link` is the link an image inside a link takes. */
  block: (el: Element, link?: Link) => RicosNode[];
  /** Inline content: TEXT nodes, and the blocks met inside it (an image in a paragraph) in their place. */
  inline: (nodes: ChildNode[], marks?: Decoration[]) => RicosNode[];
  /** Inline content's TEXT nodes alone, trimmed (a caption, a title). */
  texts: (nodes: ChildNode[]) => RicosNode[];
  /** Blocks from inline content: its text as paragraphs, the blocks met in it in their place. */
  paragraphs: (items: RicosNode[], textStyle?: posts.TextStyle) => RicosNode[];
}

const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** A media address as the nodes hold it: a relative one resolved against the old site's address, when known. */
export function resolveUrl(baseUrl: string | undefined, raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (SCHEME.test(value)) return value;
  if (value.startsWith('//')) return `${baseUrl?.startsWith('http:') ? 'http:' : 'https:'}${value}`;
  if (!baseUrl) return value;
  try {
    return new URL(value, baseUrl).href;
  } catch {
    return value;
  }
}

/** A media address the nodes use (resolved), listed in `media`. */
export function mediaUrl(ctx: Ctx, raw: string | undefined): string | undefined {
  const url = resolveUrl(ctx.baseUrl, raw);
  if (url && !ctx.media.includes(url)) ctx.media.push(url);
  return url;
}

/**
 * What cannot be mapped, kept as an HTML block (the renderer shows it in a sandboxed frame, fitted to its content)
 * and reported by `name`: its markup, or for a frame its address.
 */
export function keepHtml(
  ctx: Ctx,
  name: string,
  source: Element | { url: string; height?: number } | { markup: string },
): RicosNode {
  ctx.kept.push(name);
  if ('url' in source) return html({ url: source.url }, source.height ?? 240);
  const node = html({ html: 'markup' in source ? source.markup : outerHtml(source) });
  return { ...node, htmlData: { ...(node.htmlData as posts.HTMLData), autoHeight: true } };
}

/** A media node's caption (shown in its figure), or a caption standing alone (under a table or an embed). */
export const captionNode = (texts: RicosNode[]): RicosNode => ({
  type: 'CAPTION',
  nodes: texts,
  captionData: { textStyle: { textAlignment: 'CENTER' } } satisfies posts.CaptionData,
});

const FIGURES = new Set(['IMAGE', 'GALLERY', 'VIDEO', 'AUDIO']);

/** A node and its caption: inside it where the renderer shows a media node's caption, else under it. */
export const withCaption = (node: RicosNode, texts: RicosNode[]): RicosNode[] =>
  !visible(texts)
    ? [node]
    : FIGURES.has(node.type)
      ? [{ ...node, nodes: [...node.nodes, captionNode(texts)] }]
      : [node, captionNode(texts)];

/** A caption standing alone (under a table, an embed), when it says anything. */
export const captionAfter = (texts: RicosNode[]): RicosNode[] => (visible(texts) ? [captionNode(texts)] : []);

/** Whether TEXT nodes hold anything visible. */
export const visible = (texts: RicosNode[]): boolean =>
  texts.some((node) => ((node.textData as { text?: string } | undefined)?.text ?? '').trim() !== '');

/** Notes the ids of `el` that the document's links point at, for the next block to take. */
export function noteTarget(ctx: Ctx, el: Element): void {
  for (const name of el.tagName === 'a' ? ['id', 'name'] : ['id']) {
    const id = attr(el, name);
    if (id && ctx.targets.has(id) && !ctx.anchors.has(id) && !ctx.pending.includes(id)) ctx.pending.push(id);
  }
}

/** The first of `nodes` takes the ids noted since the last block: links to them lead to it. */
export function claim(ctx: Ctx, nodes: RicosNode[]): RicosNode[] {
  const first = nodes[0];
  if (!first || !ctx.pending.length) return nodes;
  const taken = new Set(ctx.anchors.values());
  const own = first.id ?? ctx.pending.find((id) => !taken.has(id));
  if (!own) return nodes;
  for (const id of ctx.pending) ctx.anchors.set(id, own);
  ctx.anchors.set(own, own);
  ctx.pending = [];
  return first.id === own ? nodes : [{ ...first, id: own }, ...nodes.slice(1)];
}
