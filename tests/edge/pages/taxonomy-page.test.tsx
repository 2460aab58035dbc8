import { renderToStaticMarkup } from 'react-dom/server';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { makePost, writeContentDir } from '../../helpers/posts';
import { withSite } from '../../helpers/site';

vi.mock('next/cache', () => ({ cacheLife: vi.fn(), cacheTag: vi.fn(), revalidateTag: vi.fn() }));

// A category's or tag's page says how many posts it holds ("12 posts", the language's plural) under its name, and
// its description where it has one (a category may; Wix's tags have none: @wix/blog Tag) (issue 47).

const posts = [
  ...Array.from({ length: 14 }, (_, i) =>
    makePost(i, { language: 'en', categoryIds: ['cat-a'], tagIds: ['tag-many'] }),
  ),
  makePost(20, { language: 'en', categoryIds: ['cat-b'], tagIds: ['tag-one'] }),
  makePost(21, { language: 'es', categoryIds: ['cat-es'], tagIds: ['tag-es'] }),
  makePost(22, { language: 'es', categoryIds: ['cat-es'], tagIds: ['tag-es'] }),
  makePost(23, { language: 'es', categoryIds: ['cat-es'], tagIds: ['tag-es-one'] }),
];
const dir = writeContentDir(posts, {
  categories: [
    { id: 'cat-a', label: 'Alpha', slug: 'alpha', description: 'Everything <b>alpha</b>.', displayPosition: 0 },
    { id: 'cat-b', label: 'Beta', slug: 'beta', displayPosition: 1 },
    { id: 'cat-empty', label: 'Empty', slug: 'empty', displayPosition: 2 },
    {
      id: 'cat-es',
      label: 'Rendimiento',
      slug: 'rendimiento',
      language: 'es',
      description: 'Todo sobre la velocidad.',
    },
  ],
  tags: [
    { id: 'tag-many', label: 'Many', slug: 'many' },
    { id: 'tag-one', label: 'One', slug: 'one' },
    { id: 'tag-es', label: 'Varias', slug: 'varias', language: 'es' },
    { id: 'tag-es-one', label: 'Una', slug: 'una', language: 'es' },
  ],
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
withSite({}, { content: dir });
const { TaxonomyListing } = await import('@/app/(site)/_listing/taxonomy');

const render = async (taxonomy: 'category' | 'tag', segment: string, language: 'en' | 'es' = 'en', n = '1') =>
  renderToStaticMarkup(await TaxonomyListing({ taxonomy, segment, n, language }));
const header = (html: string) => /<header class="listing-header"[^>]*>([\s\S]*?)<\/header>/.exec(html)![1];

describe('a tag’s page', () => {
  it('says how many posts it holds, on every page of it', async () => {
    expect(header(await render('tag', 'many'))).toBe(
      '<h1>Tagged “Many”</h1><p class="listing-header__count">14 posts</p>',
    );
    expect(header(await render('tag', 'many', 'en', '2'))).toContain('<p class="listing-header__count">14 posts</p>');
  });

  it('says one post in the singular, in each language', async () => {
    expect(header(await render('tag', 'one'))).toContain('<p class="listing-header__count">1 post</p>');
    expect(header(await render('tag', 'una', 'es'))).toContain('<p class="listing-header__count">1 artículo</p>');
    expect(header(await render('tag', 'varias', 'es'))).toContain('<p class="listing-header__count">2 artículos</p>');
  });
});

describe('a category’s page', () => {
  it('shows its description, as text, then how many posts it holds', async () => {
    expect(header(await render('category', 'alpha'))).toBe(
      '<h1>Alpha</h1><p class="listing-header__description">Everything &lt;b&gt;alpha&lt;/b&gt;.</p>' +
        '<p class="listing-header__count">14 posts</p>',
    );
    expect(header(await render('category', 'rendimiento', 'es'))).toContain(
      '<p class="listing-header__description">Todo sobre la velocidad.</p><p class="listing-header__count">3 artículos</p>',
    );
  });

  it('without a description, the count alone; an empty one says it has no posts yet, not “0 posts”', async () => {
    expect(header(await render('category', 'beta'))).toBe('<h1>Beta</h1><p class="listing-header__count">1 post</p>');
    const empty = await render('category', 'empty');
    expect(header(empty)).toBe('<h1>Empty</h1>');
    expect(empty).toContain('No posts here yet.');
  });
});
