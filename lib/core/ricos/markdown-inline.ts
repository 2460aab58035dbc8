import type * as Md from 'mdast';
import { deco, linkTarget, MONOSPACE, t } from './text';
import type { Decoration, Link, RicosNode } from './types';
import { MarkdownError } from './markdown-error';

// Markdown's inline content (mdast's phrasing content) as Ricos TEXT nodes and their marks, for markdown.ts: emphasis,
// code, links, and the `[text](ricos:underline+color=#D62828)` marks Markdown has no syntax for.

export type Definitions = Map<string, Md.Definition>;

/** What inline content needs of its document: the link definitions, and a node's line in the file. */
export interface InlineContext {
  definitions: Definitions;
  lineOf: (node: Md.Node) => number;
}

export const SOFT_BREAK = /[ \t]*\r?\n[ \t]*/g;

export const textOf = (node: Md.Node): string =>
  'value' in node && typeof node.value === 'string'
    ? node.value
    : 'children' in node && Array.isArray(node.children)
      ? (node.children as Md.Node[]).map(textOf).join('')
      : '';

const sameMarks = (a: RicosNode, b: RicosNode) =>
  JSON.stringify((a.textData as { decorations: unknown }).decorations) ===
  JSON.stringify((b.textData as { decorations: unknown }).decorations);

/** Adjacent text with the same marks as one TEXT node (raw HTML splits Markdown's text into pieces). */
export function mergeText(nodes: RicosNode[]): RicosNode[] {
  const out: RicosNode[] = [];
  for (const node of nodes) {
    const last = out.at(-1);
    if (last && sameMarks(last, node)) {
      const { text, decorations } = last.textData as { text: string; decorations: Decoration[] };
      out[out.length - 1] = t(text + (node.textData as { text: string }).text, ...decorations);
    } else out.push(node);
  }
  return out;
}

// `ricos:` marks: a name, or name=value, joined by '+'. A mention's text is `@` and the name it shows.
const FLAGS: Record<string, Decoration> = {
  bold: deco.bold,
  italic: deco.italic,
  underline: deco.underline,
  strike: deco.strike,
  sub: deco.sub,
  sup: deco.sup,
  code: deco.fontFamily(MONOSPACE),
  external: deco.external,
  spoiler: deco.spoiler(),
};
const SKETCHES: readonly string[] = ['UNDERLINE', 'BOX', 'CIRCLE', 'HIGHLIGHT', 'STRIKETHROUGH', 'CROSSED_OFF'];
type Sketch = Parameters<typeof deco.sketch>[0];
const VALUED: Record<string, (value: string, label: string) => Decoration | undefined> = {
  spoiler: (id) => deco.spoiler(id),
  color: (color) => deco.color(color),
  highlight: (color) => deco.color(undefined, color),
  size: (px) => (/^\d+$/.test(px) ? deco.fontSize(Number(px)) : undefined),
  font: (family) => deco.fontFamily(family),
  anchor: (id) => deco.anchor(id),
  sketch: (value) => {
    const [variant = '', color] = value.split(',');
    return SKETCHES.includes(variant) && color ? deco.sketch(variant as Sketch, color) : undefined;
  },
  mention: (slug, label) => (label.startsWith('@') ? deco.mention(label.slice(1), slug) : undefined),
};

function ricosMarks(spec: string, label: string, line: number): Decoration[] {
  return spec.split('+').map((part) => {
    const [name = '', value] = part.split(/=(.*)/s, 2) as [string, string | undefined];
    const mark =
      value === undefined
        ? Object.hasOwn(FLAGS, name)
          ? FLAGS[name]
          : undefined
        : Object.hasOwn(VALUED, name)
          ? VALUED[name]!(value, label)
          : undefined;
    if (!mark)
      throw new MarkdownError(`cannot read the mark "${part}" of ricos:${spec} (scripts/content/demo/README.md)`, line);
    return mark;
  });
}

/** `"rel: ugc nofollow"` as a link title sets the link's rel; other titles are not kept (Ricos links have none). */
export function linkOf(url: string, title: string | null | undefined, line: number): Link {
  const rel = /^rel:\s*(.*)$/
    .exec(title ?? '')?.[1]
    ?.split(/\s+/)
    .filter(Boolean);
  const allowed = ['nofollow', 'sponsored', 'ugc', 'noreferrer'];
  const bad = rel?.find((value) => !allowed.includes(value));
  if (bad) throw new MarkdownError(`link rel "${bad}" is not one of ${allowed.join(', ')}`, line);
  return linkTarget(url, rel && Object.fromEntries(rel.map((value) => [value, true])));
}

export function inline(children: Md.PhrasingContent[], ctx: InlineContext, marks: Decoration[] = []): RicosNode[] {
  const out: RicosNode[] = [];
  for (const node of children) {
    switch (node.type) {
      case 'text':
        out.push(t(node.value.replace(SOFT_BREAK, ' '), ...marks));
        break;
      case 'emphasis':
        out.push(...inline(node.children, ctx, [...marks, deco.italic]));
        break;
      case 'strong':
        out.push(...inline(node.children, ctx, [...marks, deco.bold]));
        break;
      case 'delete':
        out.push(...inline(node.children, ctx, [...marks, deco.strike]));
        break;
      case 'inlineCode':
        out.push(t(node.value.replace(/\r?\n/g, ' '), ...marks, deco.fontFamily(MONOSPACE)));
        break;
      case 'break':
        out.push(t('\n', ...marks));
        break;
      case 'html':
        out.push(t(node.value, ...marks));
        break;
      case 'link':
      case 'linkReference': {
        const target = node.type === 'link' ? node : ctx.definitions.get(node.identifier);
        const url = target?.url ?? '';
        const own = url.startsWith('ricos:')
          ? ricosMarks(url.slice('ricos:'.length), textOf(node).replace(SOFT_BREAK, ' '), ctx.lineOf(node))
          : [url.startsWith('#') ? deco.anchor(url.slice(1)) : deco.link(linkOf(url, target?.title, ctx.lineOf(node)))];
        out.push(...inline(node.children, ctx, [...marks, ...own]));
        break;
      }
      case 'image':
      case 'imageReference':
        if (node.alt) out.push(t(node.alt, ...marks));
        break;
      case 'footnoteReference':
        out.push(t(`[^${node.label ?? node.identifier}]`, ...marks));
        break;
    }
  }
  return mergeText(out);
}
