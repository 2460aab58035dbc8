// Colours as the settings take them: `#rrggbb`, their WCAG 2.x contrast, and a dark-background accent derived from
// a light one. Pure, safe in the browser (the settings form shows the contrast as the owner picks).

const HEX = /^#[0-9a-f]{6}$/;

/** `#RGB`, `#rrggbb` in any case, with or without `#`: `#rrggbb`; anything else null. */
export function normalHex(text: string): string | null {
  const t = text.trim().toLowerCase().replace(/^#?/, '#');
  const long = /^#[0-9a-f]{3}$/.test(t) ? `#${[...t.slice(1)].map((c) => c + c).join('')}` : t;
  return HEX.test(long) ? long : null;
}

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** WCAG 2.x relative luminance of `#rrggbb`. */
export function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** AA for text: what links and buttons need. */
export const MIN_CONTRAST = 4.5;

const toHex = (rgb: number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/**
 * The accent for the dark background: `accent` mixed with white in steps until it reads at `MIN_CONTRAST` on `dark`
 * (a blue #0b5cad becomes a light blue), or white.
 */
export function darkAccentOf(accent: string, dark: string): string {
  const rgb = channels(accent);
  for (let step = 0; step <= 20; step++) {
    const mixed = toHex(rgb.map((v) => v + ((255 - v) * step) / 20));
    if (contrast(mixed, dark) >= MIN_CONTRAST) return mixed;
  }
  return '#ffffff';
}

/** The text on an accent-coloured button: white or near-black, whichever reads better on it. */
export const textOn = (accent: string) =>
  contrast(accent, '#ffffff') >= contrast(accent, '#0b1220') ? '#ffffff' : '#0b1220';
