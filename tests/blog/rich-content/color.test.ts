import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  PALETTES,
  composite,
  contrastRatio,
  ensureContrast,
  luminance,
  parseColor,
  readableText,
  toHex,
  type Rgb,
} from '@/components/rich-content/color';

const c = (css: string): Rgb => parseColor(css)!;
const ratio = (a: string, b: string) => contrastRatio(c(a), c(b));

describe('parseColor', () => {
  test.each([
    ['#1F4FD8', { r: 31, g: 79, b: 216, a: 1 }],
    ['#abc', { r: 170, g: 187, b: 204, a: 1 }],
    ['#ff000080', { r: 255, g: 0, b: 0, a: 128 / 255 }],
    ['rgb(10, 20, 30)', { r: 10, g: 20, b: 30, a: 1 }],
    ['rgba(10,20,30,0.5)', { r: 10, g: 20, b: 30, a: 0.5 }],
    ['rgb(100% 0% 50% / 25%)', { r: 255, g: 0, b: 127.5, a: 0.25 }],
    ['rebeccapurple', { r: 102, g: 51, b: 153, a: 1 }],
    ['White', { r: 255, g: 255, b: 255, a: 1 }],
    ['transparent', { r: 0, g: 0, b: 0, a: 0 }],
  ])('%s', (css, expected) => {
    expect(parseColor(css)).toEqual(expected);
  });

  test('hsl() in both syntaxes', () => {
    expect(toHex(c('hsl(0, 100%, 50%)'))).toBe('#ff0000');
    expect(toHex(c('hsl(120 100% 25%)'))).toBe('#008000');
    expect(c('hsla(240, 100%, 50%, 0.5)')).toMatchObject({ b: 255, a: 0.5 });
  });

  test.each(['var(--x)', 'currentcolor', 'banana', '#12', 'rgb(1,2)', 'hsl(1, 2, 3)', 'rgb(a,b,c)'])(
    '%s is not measurable',
    (css) => {
      expect(parseColor(css)).toBeUndefined();
    },
  );
});

describe('contrast', () => {
  test('WCAG reference values', () => {
    expect(ratio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(ratio('#fff', '#fff')).toBe(1);
    expect(ratio('#777', '#fff')).toBeCloseTo(4.48, 2);
    expect(ratio('#767676', '#fff')).toBeCloseTo(4.54, 2);
    expect(luminance(c('#fff'))).toBe(1);
  });

  test('the cases measured in issue 10, before the fix', () => {
    // The pinned checklist's card under the dark scheme's text colour.
    expect(ratio('#FFF4E5', PALETTES.dark.fg)).toBeCloseTo(1.12, 1);
    // "several styles at once" (underlined, #1F4FD8) on the dark page.
    expect(ratio('#1F4FD8', PALETTES.dark.bg)).toBeCloseTo(2.7, 1);
  });

  test('composite lays a translucent colour over an opaque one', () => {
    expect(toHex(composite(c('rgba(0, 0, 0, 0.5)'), c('#ffffff')))).toBe('#808080');
  });
});

describe('ensureContrast', () => {
  const dark = [c(PALETTES.dark.bg), c(PALETTES.dark.surface)];
  const light = [c(PALETTES.light.bg), c(PALETTES.light.surface)];

  test('a colour that already reads is left alone', () => {
    expect(toHex(ensureContrast(c('#1d1f24'), light))).toBe('#1d1f24');
  });

  test('lightens on dark backgrounds and darkens on light ones, just past the threshold, keeping the hue', () => {
    const lighter = ensureContrast(c('#1F4FD8'), dark);
    expect(Math.min(...dark.map((bg) => contrastRatio(lighter, bg)))).toBeGreaterThanOrEqual(4.5);
    expect(Math.min(...dark.map((bg) => contrastRatio(lighter, bg)))).toBeLessThan(4.7);
    expect(lighter.b).toBeGreaterThan(lighter.r);

    const darker = ensureContrast(c('#FFD166'), light);
    expect(Math.min(...light.map((bg) => contrastRatio(darker, bg)))).toBeGreaterThanOrEqual(4.5);
    expect(luminance(darker)).toBeLessThan(luminance(c('#FFD166')));
    expect(darker.r).toBeGreaterThan(darker.b);
  });

  test('any colour can reach AA on the site backgrounds, and 3:1 for graphics', () => {
    for (const css of ['#000000', '#ffffff', '#808080', '#ff0000', '#00ff00', '#0000ff', '#FFF4E5', '#D62828']) {
      for (const bgs of [dark, light]) {
        expect(
          Math.min(...bgs.map((bg) => contrastRatio(ensureContrast(c(css), bgs), bg))),
          css,
        ).toBeGreaterThanOrEqual(4.5);
        expect(
          Math.min(...bgs.map((bg) => contrastRatio(ensureContrast(c(css), bgs, 3), bg))),
          css,
        ).toBeGreaterThanOrEqual(3);
      }
    }
  });
});

describe('readableText', () => {
  test.each([
    '#FFF4E5',
    '#EEF4FF',
    '#1F4FD8',
    '#FFD166',
    '#767676',
    '#777777',
    '#000000',
    '#ffffff',
    '#ff0000',
    '#15171c',
  ])('text on %s reaches AA', (bg) => {
    expect(contrastRatio(readableText(c(bg)), c(bg))).toBeGreaterThanOrEqual(4.5);
  });

  test("prefers the site's own text colours", () => {
    expect(toHex(readableText(c('#FFF4E5')))).toBe(PALETTES.light.fg);
    expect(toHex(readableText(c('#1F4FD8')))).toBe(PALETTES.dark.fg);
  });
});

describe('palettes', () => {
  const css = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
  const block = (source: string, start: string) =>
    source.slice(source.indexOf(start), source.indexOf('}', source.indexOf(start)));
  const value = (source: string, name: string) =>
    new RegExp(`--${name}:\\s*(#[0-9a-f]{3,8})`, 'i').exec(source)?.[1]?.toLowerCase();

  test('PALETTES are the values app/globals.css gives each scheme', () => {
    const globals = css('app/globals.css');
    const light = block(globals, ':root');
    const dark = block(globals, '@media (prefers-color-scheme: dark)');
    for (const key of ['bg', 'fg', 'muted', 'accent', 'surface'] as const) {
      expect(value(light, key), `light ${key}`).toBe(PALETTES.light[key]);
      expect(value(dark, key), `dark ${key}`).toBe(PALETTES.dark[key]);
    }
  });

  test('rc-on-light / rc-on-dark carry the same values as the schemes they stand for', () => {
    const globals = css('app/globals.css');
    const rc = css('components/rich-content/rich-content.css');
    const schemes = { light: block(globals, ':root'), dark: block(globals, '@media (prefers-color-scheme: dark)') };
    for (const scheme of ['light', 'dark'] as const) {
      const onBlock = block(rc, `.rc-on-${scheme} {`);
      expect(onBlock).toContain(`color-scheme: ${scheme}`);
      for (const key of ['surface', 'border', 'accent-fg', 'focus'])
        expect(value(onBlock, key), `${scheme} ${key}`).toBe(value(schemes[scheme], key));
    }
  });
});
