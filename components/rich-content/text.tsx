import { Fragment, type ReactNode } from 'react';
import type { posts } from '@wix/blog';
import { GRAPHIC_CONTRAST } from './color';
import { anchorResolver, type RenderContext } from './context';
import { textOf } from './document';
import { defined, keyed } from './compact';
import { arr, bool, get, num, obj, rec, str, type Rec } from './fields';
import { anchorHref, linkProps } from './safe-href';
import { adaptColor, colorVars, cx, highlightPaint, safeColor } from './style';

export type DecorationType = `${posts.DecorationType}`;

interface Wrapper {
  /** Decorations with equal keys on neighbouring text merge into one element. */
  key: string;
  wrap: (children: ReactNode) => ReactNode;
}

type DecorationRenderer = (decoration: Rec, ctx: RenderContext) => Wrapper | null;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** `false` switches a flag decoration off (editors use it to cancel inherited styling). */
const flag = (value: unknown) => bool(value) !== false;

const simple =
  (key: string, flagKey: string, wrap: (children: ReactNode) => ReactNode): DecorationRenderer =>
  (d) =>
    flag(d[flagKey]) ? { key, wrap } : null;

const SKETCH_VARIANTS = new Set(['UNDERLINE', 'BOX', 'CIRCLE', 'HIGHLIGHT', 'STRIKETHROUGH', 'CROSSED_OFF']);

/** One renderer per decoration type; the type makes a decoration added to `@wix/blog` a compile error here. */
export const DECORATIONS: Record<DecorationType, DecorationRenderer> = {
  LINK: (d, ctx) => {
    const props = linkProps(get(d, 'linkData', 'link'), anchorResolver(ctx));
    if (!props) return null;
    return {
      key: `link:${props.href}|${props.target ?? ''}|${props.rel ?? ''}`,
      wrap: (children) => (
        <a className="rc-link" {...props}>
          {children}
        </a>
      ),
    };
  },
  ANCHOR: (d, ctx) => {
    const href = anchorHref(get(d, 'anchorData', 'anchor'), anchorResolver(ctx));
    if (!href) return null;
    return {
      key: `link:${href}`,
      wrap: (children) => (
        <a className="rc-link rc-anchor-link" href={href}>
          {children}
        </a>
      ),
    };
  },
  MENTION: (d) => {
    const name = str(get(d, 'mentionData', 'name')) ?? '';
    return { key: `mention:${name}`, wrap: (children) => <span className="rc-mention">{children}</span> };
  },
  SPOILER: (d) => ({
    key: `spoiler:${str(get(d, 'spoilerData', 'id')) ?? ''}`,
    wrap: (children) => (
      <span className="rc-spoiler" tabIndex={0}>
        {children}
      </span>
    ),
  }),
  COLOR: (d, ctx) => {
    const data = rec(d.colorData);
    const paint = highlightPaint(data.background, data.foreground, ctx.background);
    if (!paint?.style) return null;
    const highlight = paint.style.backgroundColor !== undefined;
    const className = cx('rc-color', highlight && 'rc-highlight', paint.className);
    return {
      key: `color:${JSON.stringify(paint.style)}`,
      wrap: (children) => (
        <span className={className} {...defined({ style: paint.style })}>
          {children}
        </span>
      ),
    };
  },
  FONT_FAMILY: (d) => {
    const family = str(get(d, 'fontFamilyData', 'value'))?.trim();
    if (!family || !/^[\w\s,'"-]{1,100}$/.test(family)) return null;
    return { key: `font:${family}`, wrap: (children) => <span style={{ fontFamily: family }}>{children}</span> };
  },
  FONT_SIZE: (d) => {
    const data = rec(d.fontSizeData);
    const value = num(data.value);
    if (value === undefined || value <= 0) return null;
    const size = data.unit === 'EM' ? `${clamp(value, 0.25, 8)}em` : `${clamp(value, 6, 120)}px`;
    return { key: `size:${size}`, wrap: (children) => <span style={{ fontSize: size }}>{children}</span> };
  },
  SKETCH: (d, ctx) => {
    const data = rec(d.sketchData);
    const variant = str(data.variant) ?? 'UNDERLINE';
    if (!SKETCH_VARIANTS.has(variant)) return null;
    // A marker tints the background and keeps the author's colour; lines and rings must stand out from the page.
    const marker = variant === 'HIGHLIGHT' ? safeColor(data.color, 'accent') : undefined;
    const color = marker ? { fixed: marker } : adaptColor(data.color, ctx.background, GRAPHIC_CONTRAST);
    const style = color && colorVars('rc-sketch-color', color);
    const className = `rc-sketch rc-sketch-${variant.toLowerCase().replace('_', '-')}`;
    return {
      key: `sketch:${variant}|${JSON.stringify(style ?? '')}`,
      wrap: (children) => (
        <span className={className} {...defined({ style: style })}>
          {children}
        </span>
      ),
    };
  },
  BOLD: (d) => {
    const weight = num(d.fontWeightValue);
    if (weight !== undefined && weight < 600) {
      const w = clamp(Math.round(weight / 100) * 100, 100, 900);
      return { key: `weight:${w}`, wrap: (children) => <span style={{ fontWeight: w }}>{children}</span> };
    }
    return { key: 'bold', wrap: (children) => <strong>{children}</strong> };
  },
  ITALIC: simple('italic', 'italicData', (children) => <em>{children}</em>),
  UNDERLINE: simple('underline', 'underlineData', (children) => <u className="rc-underline">{children}</u>),
  STRIKETHROUGH: simple('strike', 'strikethroughData', (children) => <s>{children}</s>),
  SUPERSCRIPT: simple('sup', 'superscriptData', (children) => <sup>{children}</sup>),
  SUBSCRIPT: simple('sub', 'subscriptData', (children) => <sub>{children}</sub>),
  EXTERNAL: () => ({ key: 'external', wrap: (children) => <span className="rc-external-mark">{children}</span> }),
};

/** Outermost first. LINK and ANCHOR share a slot so text never gets nested links. */
const ORDER: readonly DecorationType[] = [
  'LINK',
  'ANCHOR',
  'MENTION',
  'SPOILER',
  'COLOR',
  'FONT_FAMILY',
  'FONT_SIZE',
  'SKETCH',
  'BOLD',
  'ITALIC',
  'UNDERLINE',
  'STRIKETHROUGH',
  'SUPERSCRIPT',
  'SUBSCRIPT',
  'EXTERNAL',
];
const SLOT: Partial<Record<string, number>> = Object.fromEntries(ORDER.map((t, i) => [t, t === 'ANCHOR' ? 0 : i]));

interface Span {
  text: string;
  /** Indexed by slot. */
  wrappers: (Wrapper | undefined)[];
}

function toSpan(node: Rec, ctx: RenderContext): Span | null {
  const text = textOf(node);
  if (!text) return null;
  const wrappers: (Wrapper | undefined)[] = [];
  for (const raw of arr(get(node, 'textData', 'decorations'))) {
    const d = obj(raw);
    const type = str(d?.type);
    if (!d || !type) continue;
    const slot = Object.hasOwn(SLOT, type) ? SLOT[type] : undefined;
    if (slot === undefined || wrappers[slot]) continue;
    wrappers[slot] = DECORATIONS[type as DecorationType](d, ctx) ?? undefined;
  }
  return { text, wrappers };
}

function lines(text: string): ReactNode {
  if (!text.includes('\n')) return text;
  return text.split('\n').map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <br />}
      {part}
    </Fragment>
  ));
}

/** Groups neighbouring spans that share the decoration in `slot`, wraps each group once, and recurses inward. */
function renderSpans(spans: Span[], slot: number): ReactNode[] {
  const out: ReactNode[] = [];
  let i = 0;
  while (i < spans.length) {
    let s = slot;
    while (s < ORDER.length && !spans[i]!.wrappers[s]) s++;
    const wrapper = spans[i]!.wrappers[s];
    if (!wrapper) {
      out.push(keyed(lines(spans[i]!.text), out.length));
      i++;
      continue;
    }
    let j = i + 1;
    while (j < spans.length && spans[j]!.wrappers[s]?.key === wrapper.key && !hasOuter(spans[j]!, slot, s)) j++;
    out.push(keyed(wrapper.wrap(renderSpans(spans.slice(i, j), s + 1)), out.length));
    i = j;
  }
  return out;
}

/** Whether a span has a decoration between `from` and `to`, which must wrap it before `to` can. */
const hasOuter = (span: Span, from: number, to: number) => {
  for (let s = from; s < to; s++) if (span.wrappers[s]) return true;
  return false;
};

/** Consecutive TEXT nodes rendered together, so one link over several differently styled words is one `<a>`. */
export function TextRun({ nodes, ctx }: { nodes: Rec[]; ctx: RenderContext }): ReactNode {
  const spans = nodes.map((n) => toSpan(n, ctx)).filter((s): s is Span => s !== null);
  return renderSpans(spans, 0);
}
