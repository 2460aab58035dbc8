import type { posts } from '@wix/blog';
import { p } from '@/lib/core/ricos/blocks';
import { deco, linkTarget, MONOSPACE, t } from '@/lib/core/ricos/text';
import type { Decoration, Link, RicosNode } from '@/lib/core/ricos/types';
import { mergeText } from '@/lib/core/ricos/markdown-inline';
import { type Ctx, noteTarget } from './html-context';
import { attr, type ChildNode, type Element, hasClass, isElement, isText, styleOf } from './html-dom';
import { embedFromUrl } from './html-embeds';
import { galleryOfImages } from './html-media';

// Inline HTML (a paragraph's content) as Ricos TEXT nodes and their marks, and inline content as paragraphs: text
// between the blocks met inside it (an image, a frame), a paragraph that is a provider's address alone an embed, a
// paragraph of images alone a gallery.

const MARKS: Record<string, Decoration> = {
  b: deco.bold,
  strong: deco.bold,
  i: deco.italic,
  em: deco.italic,
  cite: deco.italic,
  dfn: deco.italic,
  var: deco.italic,
  u: deco.underline,
  ins: deco.underline,
  s: deco.strike,
  strike: deco.strike,
  del: deco.strike,
  sup: deco.sup,
  sub: deco.sub,
  code: deco.fontFamily(MONOSPACE),
  kbd: deco.fontFamily(MONOSPACE),
  samp: deco.fontFamily(MONOSPACE),
  tt: deco.fontFamily(MONOSPACE),
};

/** Elements whose content is inline content with nothing of their own to add. */
const TRANSPARENT = new Set(['abbr', 'acronym', 'small', 'big', 'time', 'data', 'label', 'bdi', 'bdo', 'nobr', 'span']);
/** Containers met inside inline content (`<a><div>…</div></a>`): read as the inline content they hold. */
const CONTAINERS = new Set(['div', 'section', 'article', 'header', 'footer', 'aside', 'center', 'main', 'nav']);

/** The elements a paragraph's run of text is made of (anything else starts a block). */
export const PHRASING = new Set([
  ...Object.keys(MARKS),
  ...TRANSPARENT,
  'a',
  'font',
  'mark',
  'q',
  'br',
  'wbr',
  'img',
  'picture',
]);

const NO_COLOR = /^(?:inherit|initial|unset|revert|currentcolor|transparent|var\(.*)$/i;
const transparentRgba = (value: string) => /^rgba\(.*,\s*0(?:\.0*)?\s*\)$/i.test(value);

/** Adds a mark, replacing one of its type (colours merge: a foreground and a background are one COLOR). */
function withMark(marks: Decoration[], mark: Decoration): Decoration[] {
  const same = marks.find((m) => m.type === mark.type);
  if (mark.type === 'COLOR' && same) {
    const merged = deco.color(
      mark.colorData?.foreground ?? same.colorData?.foreground ?? undefined,
      mark.colorData?.background ?? same.colorData?.background ?? undefined,
    );
    return [...marks.filter((m) => m !== same), merged];
  }
  return [...marks.filter((m) => m !== same), mark];
}

/** The marks a `<span>`, `<font>` or `<mark>` gives its text by its style. */
function styleMarks(el: Element): Decoration[] {
  const style = styleOf(el);
  const out: Decoration[] = [];
  const weight = style['font-weight'] ?? '';
  if (/^(?:bold|bolder|[6-9]00)$/i.test(weight)) out.push(deco.bold);
  if (/^(?:italic|oblique)/i.test(style['font-style'] ?? '')) out.push(deco.italic);
  const line = `${style['text-decoration'] ?? ''} ${style['text-decoration-line'] ?? ''}`;
  if (/underline/i.test(line)) out.push(deco.underline);
  if (/line-through/i.test(line)) out.push(deco.strike);
  if (/^super/i.test(style['vertical-align'] ?? '')) out.push(deco.sup);
  if (/^sub/i.test(style['vertical-align'] ?? '')) out.push(deco.sub);
  if (/monospace|courier/i.test(style['font-family'] ?? '')) out.push(deco.fontFamily(MONOSPACE));
  const foreground = style.color ?? attr(el, 'color');
  let background = style['background-color'] ?? style.background;
  if (background && (NO_COLOR.test(background) || transparentRgba(background) || /url\(/i.test(background)))
    background = undefined;
  if (el.tagName === 'mark' && !style['background-color'] && !style.background) background = '#FFF59D';
  const fg = foreground && !NO_COLOR.test(foreground) ? foreground : undefined;
  if (fg || background) out.push(deco.color(fg, background));
  return out;
}

const REL = ['nofollow', 'sponsored', 'ugc'] as const;

/** The mark of a link: to a node of the same document (`#id`), or to an address (an unsafe scheme is no link). */
function linkMark(a: Element): Decoration | undefined {
  const href = attr(a, 'href')?.trim();
  if (!href) return undefined;
  if (href.startsWith('#')) {
    let id = href.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // Kept as written.
    }
    return id ? deco.anchor(id) : undefined;
  }
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  if (scheme && !['http', 'https', 'mailto', 'tel'].includes(scheme)) return undefined;
  const tokens = (attr(a, 'rel') ?? '').toLowerCase().split(/\s+/);
  const rel = Object.fromEntries(REL.filter((token) => tokens.includes(token)).map((token) => [token, true]));
  return deco.link(linkTarget(href, rel));
}

export const linkOf = (marks: Decoration[]): Link | undefined =>
  marks.find((mark) => mark.type === 'LINK')?.linkData?.link ?? undefined;

/** White space as a browser shows it; in `loose` text (outside any paragraph) a line break stays one (wpautop). */
const whitespace = (text: string, loose: boolean) =>
  loose
    ? text.replace(/[ \t\r\f]*\n[ \t\n\r\f]*/g, '\n').replace(/[ \t\r\f]+/g, ' ')
    : text.replace(/[ \t\n\r\f]+/g, ' ');

export function inlineItems(nodes: ChildNode[], ctx: Ctx, marks: Decoration[] = [], loose = false): RicosNode[] {
  const out: RicosNode[] = [];
  for (const node of nodes) {
    if (ctx.skip.has(node)) continue;
    if (isText(node)) {
      if (node.value) out.push(t(whitespace(node.value, loose), ...marks));
      continue;
    }
    if (!isElement(node)) continue;
    noteTarget(ctx, node);
    const tag = node.tagName;
    const inner = (more: Decoration[]) => inlineItems(node.childNodes, ctx, more.reduce(withMark, marks), loose);
    if (tag === 'br') out.push(t('\n', ...marks));
    else if (tag === 'wbr') continue;
    else if (tag === 'a') {
      const mark = linkMark(node);
      const footnote =
        hasClass(node, 'footnote-anchor', 'footnote-ref') && !marks.some((m) => m.type === 'SUPERSCRIPT');
      out.push(...inner([...(mark ? [mark] : []), ...(footnote ? [deco.sup] : [])]));
    } else if (Object.hasOwn(MARKS, tag)) out.push(...inner([MARKS[tag]!]));
    else if (tag === 'span' || tag === 'font' || tag === 'mark') out.push(...inner(styleMarks(node)));
    else if (tag === 'q') out.push(t('“', ...marks), ...inner([]), t('”', ...marks));
    else if (TRANSPARENT.has(tag) || CONTAINERS.has(tag)) out.push(...inner([]));
    else out.push(...ctx.block(node, linkOf(marks)));
  }
  return out;
}

const textOfNode = (node: RicosNode) => (node.textData as { text: string }).text;
const isTextNode = (node: RicosNode) => node.type === 'TEXT';

/** A run of TEXT nodes trimmed at both ends, white space between them single, the empty ones gone, marks merged. */
export function trimTexts(nodes: RicosNode[]): RicosNode[] {
  const withText = (node: RicosNode, text: string) => ({ ...node, textData: { ...(node.textData as object), text } });
  const out: RicosNode[] = [];
  for (const node of nodes) {
    let text = textOfNode(node);
    if (!out.length) text = text.trimStart();
    else if (/[ \n]$/.test(textOfNode(out[out.length - 1]!))) text = text.replace(/^ +/, '');
    if (text) out.push(withText(node, text));
  }
  while (out.length) {
    const text = textOfNode(out[out.length - 1]!).trimEnd();
    if (text) {
      out[out.length - 1] = withText(out[out.length - 1]!, text);
      break;
    }
    out.pop();
  }
  return mergeText(out);
}

/** A paragraph that is an address alone (a link to itself, or the bare address): the embed it names, if known. */
function addressEmbed(texts: RicosNode[]): RicosNode | undefined {
  const text = texts.map(textOfNode).join('').trim();
  if (!/^https?:\/\/\S+$/.test(text)) return undefined;
  const linked = texts.every((node) => {
    const link = (node.textData as { decorations: Decoration[] }).decorations.find((d) => d.type === 'LINK');
    return !link || link.linkData?.link?.url?.replace(/\/$/, '') === text.replace(/\/$/, '');
  });
  return linked ? (embedFromUrl(text) ?? undefined) : undefined;
}

/** Inline items as blocks: each run of text a paragraph (an address alone an embed), blocks in their place. */
export function paragraphs(items: RicosNode[], ctx: Ctx, textStyle?: posts.TextStyle): RicosNode[] {
  const out: RicosNode[] = [];
  let run: RicosNode[] = [];
  let wrote = false;
  const flush = () => {
    const texts = trimTexts(run);
    run = [];
    if (!texts.length) return;
    wrote = true;
    const embed = addressEmbed(texts);
    if (embed) return void out.push(embed);
    const paragraph = p(...texts);
    out.push(
      textStyle ? { ...paragraph, paragraphData: { ...(paragraph.paragraphData as object), textStyle } } : paragraph,
    );
  };
  for (const item of items) {
    if (isTextNode(item)) run.push(item);
    else {
      flush();
      out.push(item);
    }
  }
  flush();
  // Images alone, more than one: a gallery.
  if (!wrote && out.length > 1 && out.every((node) => node.type === 'IMAGE')) return [galleryOfImages(out, ctx)];
  return out;
}
