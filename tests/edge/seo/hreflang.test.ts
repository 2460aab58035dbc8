import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Metadata } from 'next';
import { makePost, scratchContentDirs } from '../../helpers/posts';
import { withSite } from '../../helpers/site';

// Every public page names itself in each language it has, with x-default (issue 47): what a search engine follows to
// find the Spanish pages beside the English ones, not only through posts. A counterpart is a true equivalent (the
// same feed page, the category's translation, the writer's page), named only where it exists; a page with none names
// itself alone, never the other language's home.

const SITE = 'https://blog.example';

// 30 English posts (three pages of the feed, of "rendering" and of #shared) by two writers; 14 Spanish ones (two
// pages) by one of them. English post 0 and Spanish post 100 translate each other.
const english = Array.from({ length: 30 }, (_, i) =>
  makePost(i, {
    language: 'en',
    categoryIds: i < 3 ? ['cat-render', 'cat-notes'] : ['cat-render'],
    tagIds: ['tag-cache'],
    hashtags: i < 2 ? ['shared', 'onlyenglish'] : ['shared'],
    memberId: i % 2 ? 'member-b' : 'member-a',
    ...(i === 0 && { translations: [{ id: 'post-0100', language: 'es' }] }),
  }),
);
const spanish = Array.from({ length: 14 }, (_, i) =>
  makePost(100 + i, {
    language: 'es',
    slug: `articulo-${i}`,
    categoryIds: ['cat-renderizado'],
    tagIds: i === 0 ? ['tag-cache-es', 'tag-solo-es'] : ['tag-cache-es'],
    hashtags: ['shared'],
    memberId: 'member-a',
    ...(i === 0 && { translations: [{ id: 'post-0000', language: 'en' }] }),
  }),
);

const dir = scratchContentDirs()([...english, ...spanish]);
const term = (id: string, slug: string, language: string, translationId: string | null) => ({
  id,
  label: slug,
  slug,
  language,
  translationId,
});
writeFileSync(
  path.join(dir, 'categories.json'),
  JSON.stringify([
    term('cat-render', 'rendering', 'en', 'group-render'),
    term('cat-renderizado', 'renderizado', 'es', 'group-render'),
    term('cat-notes', 'field-notes', 'en', null),
  ]),
);
writeFileSync(
  path.join(dir, 'tags.json'),
  JSON.stringify([
    term('tag-cache', 'caching', 'en', 'group-cache'),
    term('tag-cache-es', 'cache', 'es', 'group-cache'),
    term('tag-solo-es', 'solo-es', 'es', 'group-solo'),
  ]),
);
writeFileSync(
  path.join(dir, 'authors.json'),
  JSON.stringify([
    { id: 'member-a', profile: { nickname: 'Ana', slug: 'ana' } },
    { id: 'member-b', profile: { nickname: 'Ben', slug: 'ben' } },
  ]),
);
withSite({ SITE_URL: SITE }, { content: dir });

const home = await import('@/app/(site)/page');
const feedPage = await import('@/app/(site)/page/[n]/page');
const category = await import('@/app/(site)/categories/[slug]/page');
const categoryPage = await import('@/app/(site)/categories/[slug]/page/[n]/page');
const tag = await import('@/app/(site)/tags/[slug]/page');
const tagPage = await import('@/app/(site)/tags/[slug]/page/[n]/page');
const hashtag = await import('@/app/(site)/hashtags/[hashtag]/page');
const hashtagPage = await import('@/app/(site)/hashtags/[hashtag]/page/[n]/page');
const author = await import('@/app/(site)/authors/[slug]/page');
const authorPage = await import('@/app/(site)/authors/[slug]/page/[n]/page');
const search = await import('@/app/(site)/search/page');
const post = await import('@/app/post/[slug]/page');

type Generate = (props: { params: Promise<never> }) => Promise<Metadata>;

/** A page's hreflang links as `{ hreflang: path }` (the site's origin taken off), in `lang` (none: the main one). */
async function hreflang(generate: Generate, params: Record<string, string>, lang?: string) {
  const metadata = await generate({ params: Promise.resolve({ ...params, ...(lang && { lang }) }) as never });
  const languages = metadata.alternates?.languages as Record<string, string> | undefined;
  return languages && Object.fromEntries(Object.entries(languages).map(([l, url]) => [l, url.replace(SITE, '')]));
}

describe('the feed', () => {
  it('names the home page of every language with posts, from each of them', async () => {
    const links = { en: '/', es: '/es', 'x-default': '/' };
    expect(await hreflang(home.generateMetadata, {})).toEqual(links);
    expect(await hreflang(home.generateMetadata, {}, 'es')).toEqual(links);
  });

  it('names page n in each language whose feed runs that far, and only there', async () => {
    const second = { en: '/page/2', es: '/es/page/2', 'x-default': '/page/2' };
    expect(await hreflang(feedPage.generateMetadata, { n: '2' })).toEqual(second);
    expect(await hreflang(feedPage.generateMetadata, { n: '2' }, 'es')).toEqual(second);
    // Spanish has two pages: English page 3 has no counterpart, and names no Spanish page in its place.
    expect(await hreflang(feedPage.generateMetadata, { n: '3' })).toEqual({ en: '/page/3', 'x-default': '/page/3' });
    // A page past the end is a 404: it names nothing.
    expect(await hreflang(feedPage.generateMetadata, { n: '4' })).toBeUndefined();
    expect(await hreflang(feedPage.generateMetadata, { n: '3' }, 'es')).toBeUndefined();
  });
});

describe('categories and tags', () => {
  it('name their translation, on every page both have', async () => {
    const first = {
      en: '/categories/rendering',
      es: '/es/categories/renderizado',
      'x-default': '/categories/rendering',
    };
    expect(await hreflang(category.generateMetadata, { slug: 'rendering' })).toEqual(first);
    expect(await hreflang(category.generateMetadata, { slug: 'renderizado' }, 'es')).toEqual(first);
    const second = {
      en: '/categories/rendering/page/2',
      es: '/es/categories/renderizado/page/2',
      'x-default': '/categories/rendering/page/2',
    };
    expect(await hreflang(categoryPage.generateMetadata, { slug: 'rendering', n: '2' })).toEqual(second);
    expect(await hreflang(categoryPage.generateMetadata, { slug: 'renderizado', n: '2' }, 'es')).toEqual(second);
    expect(await hreflang(categoryPage.generateMetadata, { slug: 'rendering', n: '3' })).toEqual({
      en: '/categories/rendering/page/3',
      'x-default': '/categories/rendering/page/3',
    });
    expect(await hreflang(tag.generateMetadata, { slug: 'cache' }, 'es')).toEqual({
      en: '/tags/caching',
      es: '/es/tags/cache',
      'x-default': '/tags/caching',
    });
    expect(await hreflang(tagPage.generateMetadata, { slug: 'caching', n: '2' })).toEqual({
      en: '/tags/caching/page/2',
      es: '/es/tags/cache/page/2',
      'x-default': '/tags/caching/page/2',
    });
  });

  it('without a translation name only themselves, never the other language’s home', async () => {
    expect(await hreflang(category.generateMetadata, { slug: 'field-notes' })).toEqual({
      en: '/categories/field-notes',
      'x-default': '/categories/field-notes',
    });
    expect(await hreflang(tag.generateMetadata, { slug: 'solo-es' }, 'es')).toEqual({
      es: '/es/tags/solo-es',
      'x-default': '/es/tags/solo-es',
    });
  });
});

describe('hashtags and writers', () => {
  it('name the same hashtag’s page in each language whose posts carry it', async () => {
    const shared = { en: '/hashtags/shared', es: '/es/hashtags/shared', 'x-default': '/hashtags/shared' };
    expect(await hreflang(hashtag.generateMetadata, { hashtag: 'shared' })).toEqual(shared);
    expect(await hreflang(hashtag.generateMetadata, { hashtag: 'shared' }, 'es')).toEqual(shared);
    expect(await hreflang(hashtagPage.generateMetadata, { hashtag: 'shared', n: '2' }, 'es')).toEqual({
      en: '/hashtags/shared/page/2',
      es: '/es/hashtags/shared/page/2',
      'x-default': '/hashtags/shared/page/2',
    });
    expect(await hreflang(hashtag.generateMetadata, { hashtag: 'onlyenglish' })).toEqual({
      en: '/hashtags/onlyenglish',
      'x-default': '/hashtags/onlyenglish',
    });
  });

  it('name a writer’s page in each language they wrote in, page by page', async () => {
    // Ana wrote 15 English posts (two pages) and 14 Spanish ones (two pages); Ben only English ones.
    const ana = { en: '/authors/ana', es: '/es/authors/ana', 'x-default': '/authors/ana' };
    expect(await hreflang(author.generateMetadata, { slug: 'ana' })).toEqual(ana);
    expect(await hreflang(author.generateMetadata, { slug: 'ana' }, 'es')).toEqual(ana);
    expect(await hreflang(authorPage.generateMetadata, { slug: 'ana', n: '2' }, 'es')).toEqual({
      en: '/authors/ana/page/2',
      es: '/es/authors/ana/page/2',
      'x-default': '/authors/ana/page/2',
    });
    expect(await hreflang(author.generateMetadata, { slug: 'ben' })).toEqual({
      en: '/authors/ben',
      'x-default': '/authors/ben',
    });
  });
});

describe('search and posts', () => {
  it('search names the search of every language', async () => {
    const links = { en: '/search', es: '/es/search', 'x-default': '/search' };
    expect(await hreflang(search.generateMetadata, {})).toEqual(links);
    expect(await hreflang(search.generateMetadata, {}, 'es')).toEqual(links);
  });

  it('a post names its translation; one without names itself alone', async () => {
    const pair = { en: '/post/post-0', es: '/es/post/articulo-0', 'x-default': '/post/post-0' };
    expect(await hreflang(post.generateMetadata, { slug: 'post-0' })).toEqual(pair);
    expect(await hreflang(post.generateMetadata, { slug: 'articulo-0' }, 'es')).toEqual(pair);
    expect(await hreflang(post.generateMetadata, { slug: 'post-5' })).toEqual({
      en: '/post/post-5',
      'x-default': '/post/post-5',
    });
  });
});
