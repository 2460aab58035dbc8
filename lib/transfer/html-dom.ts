import { type DefaultTreeAdapterTypes, parseFragment, serializeOuter } from 'parse5';

// The HTML side of the converter (html-to-ricos.ts): a source post's HTML read by parse5 (the browsers' own parsing
// algorithm, so a source's sloppy markup reads as a browser reads it), and the few questions the converter asks of
// its tree: an element's tag, attributes and classes, its text, the elements inside it.

export type Element = DefaultTreeAdapterTypes.Element;
export type ChildNode = DefaultTreeAdapterTypes.ChildNode;
export type TextNode = DefaultTreeAdapterTypes.TextNode;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

export const parseHtml = (html: string): ChildNode[] => parseFragment(html).childNodes;

export const isElement = (node: unknown): node is Element =>
  typeof node === 'object' && node !== null && 'tagName' in node;
export const isText = (node: ChildNode): node is TextNode => node.nodeName === '#text';
export const isComment = (node: ChildNode): node is DefaultTreeAdapterTypes.CommentNode => node.nodeName === '#comment';

/** A text node of the converter's own (a piece of a source text split where a shortcode or a blank line is). */
export const textNode = (value: string): TextNode => ({ nodeName: '#text', value, parentNode: null });

export const tagOf = (node: ChildNode): string => (isElement(node) ? node.tagName : '');

export const attr = (el: Element, name: string): string | undefined => el.attrs.find((a) => a.name === name)?.value;

export const classes = (el: Element): string[] => (attr(el, 'class') ?? '').split(/\s+/).filter(Boolean);

export const hasClass = (el: Element, ...names: string[]): boolean => classes(el).some((c) => names.includes(c));

export const classStarting = (el: Element, prefix: string): string | undefined =>
  classes(el).find((c) => c.startsWith(prefix));

export const children = (el: ParentNode): Element[] => el.childNodes.filter(isElement);

/** Every element inside `el` (not `el` itself), in document order; `stop` elements are not entered. */
export function descendants(el: ParentNode, stop: (el: Element) => boolean = () => false): Element[] {
  const out: Element[] = [];
  const visit = (node: ParentNode) => {
    for (const child of children(node)) {
      out.push(child);
      if (!stop(child)) visit(child);
    }
  };
  visit(el);
  return out;
}

export const find = (el: ParentNode, test: (el: Element) => boolean): Element | undefined => descendants(el).find(test);

export const byTag =
  (...tags: string[]) =>
  (el: Element) =>
    tags.includes(el.tagName);

export const byClass =
  (...names: string[]) =>
  (el: Element) =>
    hasClass(el, ...names);

/** The text inside a node as a browser's `textContent` (a `<br>` as a line break when `breaks`). */
export function textContent(node: ChildNode | ParentNode, breaks = false): string {
  if (node.nodeName === '#text') return (node as TextNode).value;
  if (breaks && node.nodeName === 'br') return '\n';
  if (!('childNodes' in node)) return '';
  return node.childNodes.map((child) => textContent(child, breaks)).join('');
}

/** Runs of HTML white space as one space (a no-break space is a character of the text, not white space). */
export const collapse = (text: string): string => text.replace(/[ \t\n\r\f]+/g, ' ');

const BLOCKS = new Set([
  'p',
  'div',
  'li',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'figcaption',
  'blockquote',
  'td',
  'th',
]);

/** The text a browser shows of a node: a `<br>` and the end of a block a space. */
function shownText(node: ChildNode | ParentNode): string {
  if (node.nodeName === '#text') return (node as TextNode).value;
  if (!('childNodes' in node)) return '';
  const inner = node.childNodes.map(shownText).join('');
  return BLOCKS.has(node.nodeName) ? `${inner} ` : inner;
}

/** An element's text, its white space collapsed and trimmed. */
export const textOf = (node: ChildNode | ParentNode): string => collapse(shownText(node)).trim();

export const outerHtml = (el: Element): string => serializeOuter(el);

/** The JSON of an element's `data-attrs` (Substack's components keep their settings there). */
export function dataAttrs(el: Element): Record<string, unknown> {
  try {
    const value = JSON.parse(attr(el, 'data-attrs') ?? '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The declarations of an element's `style` attribute, by lower-cased property. */
export function styleOf(el: Element): Record<string, string> {
  const out: Record<string, string> = {};
  for (const declaration of (attr(el, 'style') ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) out[declaration.slice(0, colon).trim().toLowerCase()] = declaration.slice(colon + 1).trim();
  }
  return out;
}

/** A WordPress block's opening comment (`<!-- wp:code {"language":"php"} -->`): its name and attributes. */
export interface WpBlock {
  name: string;
  attrs: Record<string, unknown>;
}

export function wpBlock(comment: string): WpBlock | undefined {
  const data = comment.trim();
  if (!data.startsWith('wp:')) return undefined;
  const space = data.search(/\s/);
  const name = (space < 0 ? data : data.slice(0, space)).slice('wp:'.length).replace(/\/$/, '');
  const json = space < 0 ? '' : data.slice(space).trim().replace(/\/$/, '').trim();
  let attrs: Record<string, unknown> = {};
  try {
    const parsed = json ? (JSON.parse(json) as unknown) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) attrs = parsed as Record<string, unknown>;
  } catch {
    // A block comment whose attributes do not parse is a block without attributes.
  }
  return { name, attrs };
}

export const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** A numeric attribute (`width="640"`), or undefined. */
export function intAttr(el: Element, ...names: string[]): number | undefined {
  for (const name of names) {
    const value = Number.parseInt(attr(el, name) ?? '', 10);
    if (Number.isFinite(value) && value > 0) return value;
  }
  return undefined;
}
