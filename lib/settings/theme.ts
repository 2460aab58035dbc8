import { textOn } from './colour';
import { FONT_PAIRINGS, type SiteSettings } from './types';

// The settings' look as CSS custom properties over app/globals.css's: a few lines in the document's <head>, no script,
// the same bytes for every visitor of a page.

/** A value safe inside a <style> element: nothing that ends it or starts a comment or a new rule. */
const safe = (value: string) => value.replace(/[<>{};\\]/g, '');

export function themeCss(settings: Pick<SiteSettings, 'accent' | 'accentDark' | 'fonts'>): string {
  const fonts = FONT_PAIRINGS[settings.fonts] ?? FONT_PAIRINGS.classic;
  return [
    `:root{--accent:${safe(settings.accent)};--accent-fg:${textOn(settings.accent)};`,
    `--font-body:${safe(fonts.body)};--font-ui:${safe(fonts.ui)}}`,
    `@media (prefers-color-scheme: dark){:root{--accent:${safe(settings.accentDark)};--accent-fg:${textOn(settings.accentDark)}}}`,
  ].join('');
}
