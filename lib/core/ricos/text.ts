import type { Decoration, Inline, Link, RicosNode } from './types';

export const deco = {
  bold: { type: 'BOLD', fontWeightValue: 700 },
  italic: { type: 'ITALIC', italicData: true },
  underline: { type: 'UNDERLINE', underlineData: true },
  strike: { type: 'STRIKETHROUGH', strikethroughData: true },
  sup: { type: 'SUPERSCRIPT', superscriptData: true },
  sub: { type: 'SUBSCRIPT', subscriptData: true },
  external: { type: 'EXTERNAL' },
  spoiler: (id?: string): Decoration => ({ type: 'SPOILER', spoilerData: id ? { id } : {} }),
  anchor: (anchor: string): Decoration => ({ type: 'ANCHOR', anchorData: { anchor } }),
  mention: (name: string, slug: string): Decoration => ({ type: 'MENTION', mentionData: { name, slug } }),
  link: (link: Link): Decoration => ({ type: 'LINK', linkData: { link } }),
  color: (foreground?: string, background?: string): Decoration => ({
    type: 'COLOR',
    colorData: { foreground, background },
  }),
  fontSize: (value: number, unit: 'PX' | 'EM' = 'PX'): Decoration => ({
    type: 'FONT_SIZE',
    fontSizeData: { value, unit },
  }),
  fontFamily: (value: string): Decoration => ({ type: 'FONT_FAMILY', fontFamilyData: { value } }),
  sketch: (
    variant: 'UNDERLINE' | 'BOX' | 'CIRCLE' | 'HIGHLIGHT' | 'STRIKETHROUGH' | 'CROSSED_OFF',
    color: string,
  ): Decoration => ({
    type: 'SKETCH',
    sketchData: { variant, color, animate: false },
  }),
} satisfies Record<string, Decoration | ((...args: never[]) => Decoration)>;

export const t = (text: string, ...decorations: Decoration[]): RicosNode => ({
  type: 'TEXT',
  id: '',
  nodes: [],
  textData: { text, decorations },
});

/** Internal paths open in place; everything else in a new tab. */
export const linkTarget = (url: string, rel: Link['rel'] = {}): Link =>
  url.startsWith('/') || url.startsWith('#')
    ? { url, target: 'SELF' }
    : { url, target: 'BLANK', rel: { noreferrer: true, ...rel } };

export const bold = (text: string) => t(text, deco.bold);
export const italic = (text: string) => t(text, deco.italic);
export const underline = (text: string) => t(text, deco.underline);
export const strike = (text: string) => t(text, deco.strike);
export const link = (text: string, url: string, rel?: Link['rel']) => t(text, deco.link(linkTarget(url, rel)));
export const mention = (name: string, slug: string) => t(`@${name}`, deco.mention(name, slug));

// Light markup for prose: **bold**, *italic*, ~~strike~~, `code` (set in a monospace font, as Ricos has no
// inline code mark), [text](url), and [text](#node-id) for an anchor to a node of the same post.
const MARKUP = /\*\*(.+?)\*\*|~~(.+?)~~|`(.+?)`|\*(.+?)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
export const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, monospace';

export function markup(source: string): RicosNode[] {
  const out: RicosNode[] = [];
  let last = 0;
  for (const m of source.matchAll(MARKUP)) {
    if (m.index > last) out.push(t(source.slice(last, m.index)));
    const [, strong, struck, mono, em, label, href] = m;
    if (strong !== undefined) out.push(bold(strong));
    else if (struck !== undefined) out.push(strike(struck));
    else if (mono !== undefined) out.push(t(mono, deco.fontFamily(MONOSPACE)));
    else if (em !== undefined) out.push(italic(em));
    else if (label !== undefined && href !== undefined)
      out.push(href.startsWith('#') ? t(label, deco.anchor(href.slice(1))) : link(label, href));
    last = m.index + m[0].length;
  }
  if (last < source.length) out.push(t(source.slice(last)));
  return out;
}

export const inline = (parts: Inline[]): RicosNode[] =>
  parts.flatMap((part) => (typeof part === 'string' ? markup(part) : [part]));
