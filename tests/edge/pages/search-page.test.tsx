import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { makePost } from '../../helpers/posts';
import { withSite } from '../../helpers/site';

vi.mock('next/cache', () => ({ cacheLife: vi.fn(), cacheTag: vi.fn(), revalidateTag: vi.fn() }));

// The search page as a reader gets it (issue 47): its form named apart from the header's, the label, field and button
// laid out apart, and each result's card showing where its post matched: the text around the first match, the words
// marked, the excerpt where only the title matched; with the post's first category and its writer. All escaped.

const lead = Array.from({ length: 30 }, (_, i) => `filler${i}`).join(' ');
const posts = [
  makePost(1, {
    title: 'Edge caching',
    excerpt: 'An excerpt that says nothing of the word.',
    contentText: `${lead} then the quokka arrived at the edge. ${lead}`,
    categoryIds: ['cat-1'],
    memberId: 'writer-1',
  }),
  makePost(2, {
    title: 'Quokka crossings',
    excerpt: 'Marsupials on the road.',
    contentText: 'Nothing about it in the body.',
    categoryIds: [],
    tagIds: ['tag-2'],
  }),
  makePost(3, {
    title: 'Hostile',
    excerpt: 'Hostile excerpt.',
    contentText: 'Before <script>alert(1)</script> the quokka <img src=x onerror=alert(2)>.',
  }),
  makePost(4, { title: 'Café', excerpt: 'Un café.', contentText: 'Un café crème y un quokka.', language: 'es' }),
];
const site = withSite({}, { content: posts });
writeFileSync(
  path.join(site.contentDir, 'authors.json'),
  JSON.stringify([{ id: 'writer-1', profile: { nickname: 'Ada Writer', slug: 'ada-writer' } }]),
);
const { default: SearchPage } = await import('@/app/(site)/search/page');

async function page(q: string | undefined, lang?: string) {
  const element = await SearchPage({
    params: Promise.resolve(lang ? { lang } : {}),
    searchParams: Promise.resolve(q === undefined ? {} : { q }),
  });
  return renderToStaticMarkup(element);
}

/** Each card's title and what it says of the post (its excerpt paragraph's inner HTML). */
function cards(html: string) {
  return [...html.matchAll(/<article class="[^"]*">([\s\S]*?)<\/article>/g)].map(([, card]) => ({
    title: /class="post-card__title"><a [^>]*>([^<]*)</.exec(card!)?.[1],
    summary: /<p class="post-card__excerpt">([\s\S]*?)<\/p>/.exec(card!)?.[1],
    label: /<p class="post-card__label">([^<]*)<\/p>/.exec(card!)?.[1],
    writer: /<span class="post-card__writer">([^<]*)<\/span>/.exec(card!)?.[1],
  }));
}

describe('the search page', () => {
  it('names its form apart from the header’s, and lays out the label, field and button apart', async () => {
    const html = await page(undefined);
    const form = /<form [^>]*>/.exec(html)![0];
    expect(form).toContain('role="search"');
    expect(form).toContain('aria-label="Search posts"');
    expect(html).toMatch(
      /<label for="search-q" class="search-form__label">Search titles and text<\/label><div class="search-form__row"><input id="search-q"[^>]*\/><button type="submit">Search<\/button><\/div>/,
    );
    expect(await page(undefined, 'es')).toContain('aria-label="Buscar artículos"');
  });

  it('shows each result’s text around its first match with the words marked, else its excerpt', async () => {
    const html = await page('quokka');
    const found = cards(html);
    expect(found.map((c) => c.title)).toEqual(['Quokka crossings', 'Hostile', 'Edge caching']);
    const edge = found.find((c) => c.title === 'Edge caching')!;
    expect(edge.summary).toMatch(/^…filler\d+ .* then the <mark>quokka<\/mark> arrived at the edge\. filler0 .*…$/);
    expect(edge.summary).not.toContain('An excerpt that says nothing');
    // Only its title matched: the excerpt, nothing marked.
    expect(found.find((c) => c.title === 'Quokka crossings')!.summary).toBe('Marsupials on the road.');
  });

  it('gives each card its post’s first category, else its first tag, and its writer', async () => {
    const found = cards(await page('quokka'));
    expect(found.find((c) => c.title === 'Edge caching')).toMatchObject({
      label: 'Category 1',
      writer: 'By Ada Writer',
    });
    expect(found.find((c) => c.title === 'Quokka crossings')).toMatchObject({ label: 'Tag 2', writer: undefined });
  });

  it('escapes the text and the query: markup in a post or a search is shown, never run', async () => {
    const html = await page('quokka');
    const hostile = cards(html).find((c) => c.title === 'Hostile')!;
    expect(hostile.summary).toBe(
      'Before &lt;script&gt;alert(1)&lt;/script&gt; the <mark>quokka</mark> &lt;img src=x onerror=alert(2)&gt;.',
    );
    expect(html).not.toMatch(/<script|<img/);
    const query = await page('<script>alert(1)</script>');
    expect(query).not.toContain('<script>');
    expect(query).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('finds a language’s posts on its page, marked as they are written', async () => {
    const found = cards(await page('creme', 'es'));
    expect(found).toHaveLength(1);
    expect(found[0]!.summary).toBe('Un café <mark>crème</mark> y un quokka.');
  });
});
