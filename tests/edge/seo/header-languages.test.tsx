import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HeaderLanguages } from '@/components/layout/header-languages';

// The header's languages (issue 47): on every page, a reader (and a crawler) reaches each language's home page in one
// step, named in its own language; the page's own language is marked and is not a link.

/** The links and the marked entry, as `{ text, href, lang, hreflang, current }`. */
function entries(html: string) {
  return [...html.matchAll(/<li>(<(a|span)([^>]*)>([^<]*)<\/\2>)<\/li>/g)].map(([, , tag, attributes, text]) => {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attributes!)?.[1];
    return {
      tag,
      text,
      href: attribute('href'),
      lang: attribute('lang'),
      hreflang: attribute('hrefLang'),
      current: attribute('aria-current'),
    };
  });
}

describe('HeaderLanguages', () => {
  it('on an English page links the Spanish home, named in Spanish, and marks English', () => {
    const html = renderToStaticMarkup(<HeaderLanguages language="en" />);
    expect(html).toMatch(/^<nav class="header-languages" aria-label="Site languages">/);
    expect(entries(html)).toEqual([
      { tag: 'span', text: 'English', href: undefined, lang: 'en', hreflang: undefined, current: 'true' },
      { tag: 'a', text: 'español', href: '/es', lang: 'es', hreflang: 'es', current: undefined },
    ]);
  });

  it('on a Spanish page links the English home at the root, labelled in Spanish', () => {
    const html = renderToStaticMarkup(<HeaderLanguages language="es" />);
    expect(html).toContain('aria-label="Idiomas del sitio"');
    expect(entries(html)).toEqual([
      { tag: 'a', text: 'English', href: '/', lang: 'en', hreflang: 'en', current: undefined },
      { tag: 'span', text: 'español', href: undefined, lang: 'es', hreflang: undefined, current: 'true' },
    ]);
  });
});
