// Pure colour arithmetic (WCAG 2 relative luminance and contrast), so author colours can be checked and
// adjusted on the server for both colour schemes.
import { NAMED_COLORS } from './named-colors';

/** sRGB channels 0–255, alpha 0–1. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
  a: number;
}

export type Scheme = 'light' | 'dark';

export interface Palette {
  bg: string;
  fg: string;
  muted: string;
  accent: string;
  surface: string;
}

/** The site's two palettes, as `app/globals.css` defines them (a test keeps the two in step). */
export const PALETTES: Record<Scheme, Palette> = {
  light: { bg: '#fdfcf9', fg: '#1d1f24', muted: '#555b66', accent: '#0b5cad', surface: '#f2f1ec' },
  dark: { bg: '#15171c', fg: '#e8e6e1', muted: '#a5abb5', accent: '#7cb7ff', surface: '#1f2229' },
};

/** WCAG AA for body text; non-text marks (lines, shapes) need 3:1. */
export const TEXT_CONTRAST = 4.5;
export const GRAPHIC_CONTRAST = 3;

const BLACK: Rgb = { r: 0, g: 0, b: 0, a: 1 };
const WHITE: Rgb = { r: 255, g: 255, b: 255, a: 1 };

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

function fromHex(hex: string): Rgb | undefined {
  const h = hex.replace(/^#/, '');
  if (!/^(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(h)) return undefined;
  const full = h.length <= 4 ? [...h].map((c) => c + c).join('') : h;
  const n = (i: number) => parseInt(full.slice(i * 2, i * 2 + 2), 16);
  return { r: n(0), g: n(1), b: n(2), a: full.length === 8 ? n(3) / 255 : 1 };
}

/** One `rgb()`/`hsl()` argument: a number, or a percentage of `full`. */
function channel(arg: string, full: number): number | undefined {
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+))(%?)$/.exec(arg);
  if (!m) return undefined;
  const n = Number(m[1]);
  return m[2] ? (n / 100) * full : n;
}

function hslToRgb(h: number, s: number, l: number, a = 1): Rgb {
  const hue = (((h % 360) + 360) % 360) / 360;
  const k = (n: number) => (n + hue * 12) % 12;
  const c = s * Math.min(l, 1 - l);
  const f = (n: number) => l - c * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return { r: f(0) * 255, g: f(8) * 255, b: f(4) * 255, a };
}

function rgbToHsl({ r, g, b }: Rgb): { h: number; s: number; l: number } {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === R ? ((G - B) / d + 6) % 6 : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return { h: h * 60, s, l };
}

/**
 * Hex, `rgb()`/`rgba()`, `hsl()`/`hsla()` (comma or space syntax) and CSS colour names; anything else is `undefined`.
 */
export function parseColor(value: string): Rgb | undefined {
  const v = value.trim().toLowerCase();
  if (v.startsWith('#')) return fromHex(v);
  if (v === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const named = NAMED_COLORS.get(v);
  if (named) return fromHex(named);
  const fn = /^(rgba?|hsla?)\(([^)]*)\)$/.exec(v);
  if (!fn) return undefined;
  const args = fn[2]!
    .trim()
    .split(/\s*[,/]\s*|\s+/)
    .filter(Boolean);
  if (args.length !== 3 && args.length !== 4) return undefined;
  const alpha = args[3] === undefined ? 1 : channel(args[3], 1);
  if (alpha === undefined) return undefined;
  const a = clamp(alpha, 0, 1);
  if (fn[1]!.startsWith('rgb')) {
    const [r, g, b] = args.slice(0, 3).map((x) => channel(x, 255));
    if (r === undefined || g === undefined || b === undefined) return undefined;
    return { r: clamp(r, 0, 255), g: clamp(g, 0, 255), b: clamp(b, 0, 255), a };
  }
  const h = Number(args[0]);
  const s = channel(args[1]!, 1);
  const l = channel(args[2]!, 1);
  if (!Number.isFinite(h) || s === undefined || l === undefined || !args[1]!.endsWith('%') || !args[2]!.endsWith('%'))
    return undefined;
  return hslToRgb(h, clamp(s, 0, 1), clamp(l, 0, 1), a);
}

/** `#rrggbb`, alpha dropped (composite first when it matters). */
export const toHex = ({ r, g, b }: Rgb): string =>
  `#${[r, g, b]
    .map((c) =>
      Math.round(clamp(c, 0, 255))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** `top` painted over an opaque `bottom`. */
export function composite(top: Rgb, bottom: Rgb): Rgb {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

const linear = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2 relative luminance of an opaque colour, 0 (black) to 1 (white). */
export const luminance = (c: Rgb): number => 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const minContrast = (color: Rgb, backgrounds: readonly Rgb[]) =>
  Math.min(...backgrounds.map((bg) => contrastRatio(color, bg)));

const round = (c: Rgb): Rgb => ({ r: Math.round(c.r), g: Math.round(c.g), b: Math.round(c.b), a: 1 });

/**
 * The colour with its hue and saturation kept and its lightness moved (up on dark backgrounds, down on
 * light ones) just far enough to reach `min` contrast against every background; unchanged when it already does.
 */
export function ensureContrast(color: Rgb, backgrounds: readonly Rgb[], min: number = TEXT_CONTRAST): Rgb {
  const start = round(color);
  if (!backgrounds.length || minContrast(start, backgrounds) >= min) return start;
  const lighten = contrastRatio(WHITE, backgrounds[0]!) >= contrastRatio(BLACK, backgrounds[0]!);
  const { h, s, l } = rgbToHsl(start);
  const at = (t: number) => round(hslToRgb(h, s, lighten ? l + (1 - l) * t : l * (1 - t)));
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (minContrast(at(mid), backgrounds) >= min) hi = mid;
    else lo = mid;
  }
  return at(hi);
}

/**
 * Text for an author background: the site's own text colour of whichever scheme reads best on it, or black
 * or white when neither reaches AA (one of the two always does).
 */
export function readableText(background: Rgb): Rgb {
  const candidates = [PALETTES.light.fg, PALETTES.dark.fg].map((hex) => fromHex(hex)!);
  const best = candidates.reduce((a, b) => (contrastRatio(b, background) > contrastRatio(a, background) ? b : a));
  if (contrastRatio(best, background) >= TEXT_CONTRAST) return best;
  return contrastRatio(BLACK, background) >= contrastRatio(WHITE, background) ? BLACK : WHITE;
}

/** A palette entry as an opaque colour. */
export const paletteColor = (scheme: Scheme, key: keyof Palette): Rgb => fromHex(PALETTES[scheme][key])!;
