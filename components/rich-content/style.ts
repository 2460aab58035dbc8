import type { CSSProperties } from 'react';
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

export const cx = (...names: (string | false | null | undefined)[]): string => names.filter(Boolean).join(' ');

const ALIGN: Record<string, string> = { LEFT: 'left', RIGHT: 'right', CENTER: 'center', JUSTIFY: 'justify' };

/** Classes and style for a `textStyle` (alignment, line height) and an indentation level. */
export function textStyleProps(data: Rec): { className?: string; style?: Style } {
  const textStyle = rec(data.textStyle);
  const align = str(textStyle.textAlignment);
  const indent = int(data.indentation, 0, 4);
  const lineHeight = str(textStyle.lineHeight)?.trim();
  const className = cx(align && Object.hasOwn(ALIGN, align) && `rc-text-${ALIGN[align]}`, indent ? `rc-indent-${indent}` : undefined);
  const style: Style = {};
  if (lineHeight && /^\d{1,2}(?:\.\d{1,3})?$/.test(lineHeight) && Number(lineHeight) <= 10) style.lineHeight = lineHeight;
  return { className: className || undefined, style: Object.keys(style).length ? style : undefined };
}

/** The node's own `style` (padding in px, background colour). */
export function nodeStyle(node: Rec): Style | undefined {
  const s = obj(node.style);
  if (!s) return undefined;
  const style: Style = {};
  for (const key of ['paddingTop', 'paddingBottom'] as const) {
    const v = str(s[key])?.trim();
    if (v && /^\d{1,3}(?:\.\d+)?px$/.test(v)) style[key] = v;
  }
  const bg = safeColor(s.backgroundColor, 'surface');
  if (bg) style.backgroundColor = bg;
  return Object.keys(style).length ? style : undefined;
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
  const customHeight = int(get(data, 'height', 'custom'), 1, 4000);
  const align = str(data.alignment);
  const spoiler = bool(get(data, 'spoiler', 'enabled')) === true;
  const style: Style = {};
  if (customWidth) style.width = `${customWidth}px`;
  if (customHeight) style['--rc-height'] = `${customHeight}px`;
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

/** Explicit pixel size for an iframe: the container's custom size, else the given defaults. */
export function frameSize(containerData: unknown, width?: unknown, height?: unknown): { width: number; height: number } {
  const data = rec(containerData);
  return {
    width: int(get(data, 'width', 'custom'), 1, 4000) ?? int(width, 1, 4000) ?? 640,
    height: int(get(data, 'height', 'custom'), 1, 4000) ?? int(height, 1, 4000) ?? 400,
  };
}

