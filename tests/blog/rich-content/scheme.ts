import { PALETTES, contrastRatio, parseColor, type Rgb, type Scheme } from '@/components/rich-content/color';
import { tags } from './helpers';

export const SCHEMES: readonly Scheme[] = ['light', 'dark'];

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>' };
const decode = (value: string) => value.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, e: string) => ENTITIES[e]!);

/** The first `name` start tag whose class list has `className`, with its class list and parsed style attribute. */
export function element(html: string, name: string, className: string) {
  const attrs = tags(html, name).find((a) => (a.class ?? '').split(' ').includes(className));
  if (!attrs) throw new Error(`no <${name} class="${className}"> in ${html.slice(0, 300)}`);
  const style = Object.fromEntries(
    decode(attrs.style ?? '')
      .split(/;(?![^(]*\))/)
      .map((decl) => decl.split(/:(.*)/s).map((s) => s.trim()))
      .filter(([k, v]) => k && v),
  ) as Record<string, string>;
  return { classes: (attrs.class ?? '').split(' '), style, attrs };
}

const rgb = (css: string): Rgb => {
  const color = parseColor(css);
  if (!color) throw new Error(`not a colour we can measure: ${css}`);
  return color;
};

/**
 * The text and background colours a reader sees on an element in one scheme, the way the CSS resolves them:
 * an inline colour, else the scheme's value of an `rc-fg` element, else the page's text colour; an inline
 * background, else the page's.
 */
export function shownColors(el: ReturnType<typeof element>, scheme: Scheme, background?: string) {
  const text =
    el.style.color ?? (el.classes.includes('rc-fg') ? el.style[`--fg-${scheme}`] : undefined) ?? PALETTES[scheme].fg;
  const bg = el.style['background-color'] ?? background ?? PALETTES[scheme].bg;
  return { text: rgb(text), background: rgb(bg) };
}

export const shownContrast = (el: ReturnType<typeof element>, scheme: Scheme, background?: string) => {
  const { text, background: bg } = shownColors(el, scheme, background);
  return contrastRatio(text, bg);
};
