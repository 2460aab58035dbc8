import type { CSSProperties } from 'react';
import {
  TEXT_CONTRAST,
  composite,
  ensureContrast,
  luminance,
  paletteColor,
  parseColor,
  readableText,
  toHex,
  type Rgb,
  type Scheme,
} from './color';
import { bool, get, int, obj, rec, str, type Rec } from './fields';

export type Style = CSSProperties & Record<`--${string}`, string | number>;

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTIONAL = /^(?:rgb|rgba|hsl|hsla)\([\d\s.,%/+-]{1,60}\)$/i;
const NAMED = /^[a-z]{3,20}$/i;
const THEME = /^color(\d{1,2})$/i;

/**
 * A colour safe to put in a style attribute: hex, rgb()/hsl(), a CSS colour name, or a Wix theme
 * colour (`color4`) mapped to a `--rc-color-N` variable that falls back to the site theme.
 */
export function safeColor(value: unknown, fallback: 'fg' | 'accent' | 'surface' = 'accent'): string | undefined {
  const v = str(value)?.trim();
  if (!v) return undefined;
  const theme = THEME.exec(v);
  if (theme) return `var(--rc-color-${Number(theme[1])}, var(--${fallback}))`;
  return HEX.test(v) || FUNCTIONAL.test(v) || NAMED.test(v) ? v : undefined;
}

/**
 * Classes, style and the opaque background an element paints, for content inside it to be measured against.
 * `background` is set only when the author chose a colour we can measure (not a theme colour).
 */
export interface Paint {
  className?: string;
  style?: Style;
  background?: Rgb;
}

/** The RGB of a colour `safeColor` accepted, when it is a literal colour (theme colours and keywords are not). */
const measure = (css: string): Rgb | undefined => (css.startsWith('var(') ? undefined : parseColor(css));

/**
 * An author background for a block, readable in both colour schemes: the background stays, and the text, muted,
 * link and surface colours inside are set for it (`rc-on-light`/`rc-on-dark` and inline variables), so the page
 * scheme's own text colour never lands on it. A translucent colour is laid over the light page first.
 */
export function backgroundPaint(value: unknown, fallback: 'accent' | 'surface' = 'surface'): Paint | undefined {
  const css = safeColor(value, fallback);
  if (!css) return undefined;
  const rgb = measure(css);
  if (!rgb) return { style: { backgroundColor: css } };
  if (rgb.a === 0) return undefined;
  const bg = rgb.a < 1 ? composite(rgb, paletteColor('light', 'bg')) : rgb;
  const color = rgb.a < 1 ? toHex(bg) : css;
  const text = readableText(bg);
  const scheme: Scheme = luminance(text) < 0.5 ? 'light' : 'dark';
  return {
    className: `rc-on-${scheme}`,
    background: bg,
    style: {
      backgroundColor: color,
      color: toHex(text),
      '--bg': color,
      '--fg': toHex(text),
      '--muted': toHex(ensureContrast(paletteColor(scheme, 'muted'), [bg])),
      '--accent': toHex(ensureContrast(paletteColor(scheme, 'accent'), [bg])),
    },
  };
}

/** An author colour adapted for where it is drawn: one value on a known background, else one per scheme. */
export type AdaptedColor = { fixed: string } | { light: string; dark: string };

/**
 * An author foreground colour moved (lighter or darker, hue kept) just enough to reach `min` contrast: against
 * `on` when it sits on an author background, else against each scheme's page and surface colours.
 * Theme colours and keywords come back unchanged, as `fixed`.
 */
export function adaptColor(
  value: unknown,
  on: Rgb | undefined,
  min: number = TEXT_CONTRAST,
  fallback: 'fg' | 'accent' | 'surface' = 'accent',
): AdaptedColor | undefined {
  const css = safeColor(value, fallback);
  if (!css) return undefined;
  const rgb = measure(css);
  if (!rgb) return { fixed: css };
  if (rgb.a === 0) return undefined;
  // The author's own spelling when the colour needs no change.
  const adapt = (backgrounds: Rgb[]) => {
    const adjusted = toHex(ensureContrast(composite(rgb, backgrounds[0]!), backgrounds, min));
    return rgb.a === 1 && adjusted === toHex(rgb) ? css : adjusted;
  };
  if (on) return { fixed: adapt([on]) };
  const forScheme = (scheme: Scheme) => adapt([paletteColor(scheme, 'bg'), paletteColor(scheme, 'surface')]);
  return { light: forScheme('light'), dark: forScheme('dark') };
}

/** An adapted colour as custom properties: `--<name>` when fixed, else `--<name>-light` and `--<name>-dark`. */
export const colorVars = (name: string, color: AdaptedColor): Style =>
  'fixed' in color
    ? { [`--${name}`]: color.fixed }
    : { [`--${name}-light`]: color.light, [`--${name}-dark`]: color.dark };

/**
 * An author text colour: inline when fixed, else `rc-fg` with `--fg-light`/`--fg-dark` for the CSS to pick per scheme.
 */
export function textPaint(
  value: unknown,
  on: Rgb | undefined,
  fallback: 'fg' | 'accent' = 'accent',
): Paint | undefined {
  const color = adaptColor(value, on, TEXT_CONTRAST, fallback);
  if (!color) return undefined;
  if ('fixed' in color) return { style: { color: color.fixed } };
  return { className: 'rc-fg', style: colorVars('fg', color) };
}

/** An inline author background (a highlight) with the author's text colour if it reads there, else a readable one. */
export function highlightPaint(background: unknown, foreground: unknown, on: Rgb | undefined): Paint | undefined {
  const bg = backgroundPaint(background);
  if (!bg) return textPaint(foreground, on);
  const backgroundColor = bg.style!.backgroundColor;
  if (!bg.background) {
    const fg = safeColor(foreground, 'accent');
    return { style: fg ? { color: fg, backgroundColor } : { backgroundColor } };
  }
  const fg = adaptColor(foreground, bg.background);
  const color = fg && 'fixed' in fg ? fg.fixed : toHex(readableText(bg.background));
  return { style: { color, backgroundColor }, background: bg.background };
}

export const cx = (...names: (string | false | null | undefined)[]): string => names.filter(Boolean).join(' ');

const ALIGN: Record<string, string> = { LEFT: 'left', RIGHT: 'right', CENTER: 'center', JUSTIFY: 'justify' };

/** Classes and style for a `textStyle` (alignment, line height) and an indentation level. */
export function textStyleProps(data: Rec): { className?: string; style?: Style } {
  const textStyle = rec(data.textStyle);
  const align = str(textStyle.textAlignment);
  const indent = int(data.indentation, 0, 4);
  const lineHeight = str(textStyle.lineHeight)?.trim();
  const className = cx(
    align && Object.hasOwn(ALIGN, align) && `rc-text-${ALIGN[align]}`,
    indent ? `rc-indent-${indent}` : undefined,
  );
  const style: Style = {};
  if (lineHeight && /^\d{1,2}(?:\.\d{1,3})?$/.test(lineHeight) && Number(lineHeight) <= 10)
    style.lineHeight = lineHeight;
  return { className: className || undefined, style: Object.keys(style).length ? style : undefined };
}

/** Two paints as one: classes joined, styles merged (the second wins), the innermost known background kept. */
export function mergePaint(a: Paint | undefined, b: Paint | undefined): Paint {
  const style = a?.style || b?.style ? { ...a?.style, ...b?.style } : undefined;
  return { className: cx(a?.className, b?.className) || undefined, style, background: b?.background ?? a?.background };
}

/** The node's own `style`: padding in px, and a background colour with text that reads on it. */
export function nodeStyle(node: Rec): Paint {
  const s = obj(node.style);
  if (!s) return {};
  const style: Style = {};
  for (const key of ['paddingTop', 'paddingBottom'] as const) {
    const v = str(s[key])?.trim();
    if (v && /^\d{1,3}(?:\.\d+)?px$/.test(v)) style[key] = v;
  }
  return mergePaint({ style: Object.keys(style).length ? style : undefined }, backgroundPaint(s.backgroundColor));
}

const WIDTHS: Record<string, string> = { CONTENT: 'content', SMALL: 'small', ORIGINAL: 'original', FULL_WIDTH: 'full' };
const BLOCK_ALIGN: Record<string, string> = { LEFT: 'left', RIGHT: 'right', CENTER: 'center' };

export interface ContainerProps {
  className: string;
  style?: Style;
  tabIndex?: number;
  customWidth?: number;
}

/** Layout of a media or embed block from its `containerData`: width, alignment, text wrap, spoiler. */
export function containerProps(containerData: unknown, base: string): ContainerProps {
  const data = rec(containerData);
  const size = str(get(data, 'width', 'size'));
  const customWidth = int(get(data, 'width', 'custom'), 1, 4000);
  const align = str(data.alignment);
  const spoiler = bool(get(data, 'spoiler', 'enabled')) === true;
  const style: Style = {};
  if (customWidth) style.width = `${customWidth}px`;
  return {
    className: cx(
      'rc-block',
      base,
      size && Object.hasOwn(WIDTHS, size) && `rc-w-${WIDTHS[size]}`,
      customWidth !== undefined && 'rc-w-custom',
      align && Object.hasOwn(BLOCK_ALIGN, align) && `rc-align-${BLOCK_ALIGN[align]}`,
      data.textWrap === true && 'rc-wrap',
      spoiler && 'rc-spoiler-block',
    ),
    style: Object.keys(style).length ? style : undefined,
    tabIndex: spoiler ? 0 : undefined,
    customWidth,
  };
}
