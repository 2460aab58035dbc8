import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PostRating } from '@/components/post/post-rating';

// A post's rating as five stars (issue 47): still the plain form that posts `rating` (1-5) to the post's rating route
// without JavaScript, each star a native radio button (the arrow keys move through them, `required` as before) named
// "4 stars" for a screen reader, the ★ itself hidden from it; CSS draws the radios as stars, filled up to the one
// checked.

const html = (language?: string) =>
  renderToStaticMarkup(<PostRating postId="post 1" average={4.25} count={3} language={language} />);
const radios = (markup: string) =>
  [...markup.matchAll(/<label class="rating__star">(.*?)<\/label>/g)].map((m) => m[1]!);

describe('the rating’s stars', () => {
  it('are five native radio buttons of one group, each named "n stars", in a form posting to the rating route', () => {
    const markup = html();
    expect(markup).toContain('<form class="rating__form" action="/api/posts/post%201/rating" method="post">');
    const stars = radios(markup);
    expect(stars).toHaveLength(5);
    stars.forEach((star, i) => {
      const n = i + 1;
      expect(star).toBe(
        `<input type="radio" required="" class="rating__input" name="rating" value="${n}"/>` +
          '<span class="rating__glyph" aria-hidden="true">★</span>' +
          `<span class="visually-hidden">${n} star${n === 1 ? '' : 's'}</span>`,
      );
    });
    // The group keeps its legend (who may rate), the form its submit button, the summary its place.
    expect(markup).toContain('<legend class="rating__legend">Your rating (members)</legend>');
    expect(markup).toContain('<button type="submit" class="rating__submit">Rate</button>');
    expect(markup).toContain('<p class="rating__summary" data-testid="rating-summary">4.3 out of 5 from 3 ratings</p>');
    expect(markup).toMatch(/^<section id="rating" class="rating" aria-labelledby="rating-heading">/);
  });

  it('are named in the page’s language', () => {
    const names = radios(html('es')).map((star) => star.match(/<span class="visually-hidden">(.*?)<\/span>/)![1]);
    expect(names).toEqual(['1 estrella', '2 estrellas', '3 estrellas', '4 estrellas', '5 estrellas']);
  });

  it('are drawn by CSS: each radio transparent over its star, the stars filled up to the checked one, a focus ring', () => {
    const css = readFileSync('app/globals.css', 'utf8');
    expect(css).toMatch(/\.rating__input \{[^}]*position: absolute;[^}]*opacity: 0;/);
    expect(css).toContain('.rating__star:has(~ .rating__star input:checked)');
    expect(css).toContain('.rating__star input:focus-visible + .rating__glyph');
    expect(css).toMatch(/@media \(forced-colors: active\) \{\s*\.rating \{/);
  });
});
