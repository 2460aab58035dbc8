import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect } from 'vitest';
import { RichContent } from '@/components/rich-content/rich-content';
import { ContentFolder, type RawPost, type RawTerm } from '@/lib/blog/tools';
import { dateOf } from '@/lib/transfer/export-posts';
import { mediaFilesOf } from '@/lib/blog/ricos-media';
import type { RicosNode } from '@/lib/core/ricos/types';

// What tests/transfer/round-trip.test.ts compares of a post and its imported copy: what its page shows besides the
// body (its fields, terms, cover and translations), its body's nodes with the media step's folder taken out of their
// addresses, the page as rendered, and the media files.

export interface Site {
  dir: string;
  posts: RawPost[];
  categories: RawTerm[];
  tags: RawTerm[];
  /** What the import printed. */
  output: string;
}

export const read = async (dir: string, output = ''): Promise<Site> => {
  const folder = new ContentFolder(dir);
  const [posts, categories, tags] = [await folder.posts(), await folder.terms('category'), await folder.terms('tag')];
  return { dir, posts, categories, tags, output };
};

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export const nodesOf = (post: RawPost) => ((post as Data).richContent?.nodes ?? []) as RicosNode[];
export const language = (post: RawPost) => post.language ?? 'en';
export const html = (nodes: RicosNode[]) => renderToStaticMarkup(createElement(RichContent, { content: { nodes } }));

/** The imported post of the original's slug and language. */
export function twin(site: Site, post: RawPost): RawPost {
  const found = site.posts.filter((p) => p.slug === post.slug && language(p) === language(post));
  expect(found, `${post.slug} (${language(post)})`).toHaveLength(1);
  return found[0]!;
}

/**
 * A value with the media step's folder out of its addresses: `/media/imported/<source>/x.png` as the original's
 * `/media/x.png`, or its `x.png` in an `id` (a node's `src.id`, a cover's).
 */
export function unmoved<T>(value: T, from: string): T {
  const folder = `imported/${from}/`;
  const moved = (item: string, key: string) =>
    item.startsWith(`/media/${folder}`) || (key === 'id' && item.startsWith(folder));
  const visit = (item: unknown, key: string): unknown =>
    Array.isArray(item)
      ? item.map((each) => visit(each, key))
      : item && typeof item === 'object'
        ? Object.fromEntries(Object.entries(item).map(([k, v]) => [k, visit(v, k)]))
        : typeof item === 'string' && moved(item, key)
          ? (key === 'id' ? '' : '/media/') + item.slice(item.indexOf(folder) + folder.length)
          : item;
  return visit(value, '') as T;
}

/** The terms a post names: each one's slug and language. */
const termsOf = (ids: string[] | undefined, terms: RawTerm[]) =>
  (ids ?? [])
    .map((id) => terms.find((term) => term.id === id))
    .map((term) => (term ? `${term.slug} (${term.language ?? 'en'})` : 'missing'))
    .sort();

/** The other posts of its translation group, as it lists them: each one's slug, language and path, found in the
 * site by its id and of the post's group. */
function translationsOf(post: RawPost, site: Site) {
  const listed = ((post as Data).translations ?? []) as Array<{ id: string; language: string; slug: string } & Data>;
  return listed
    .map((entry) => {
      const member = site.posts.find((p) => p.id === entry.id);
      expect(member && [member.slug, language(member), member.translationId], post.slug).toEqual([
        entry.slug,
        entry.language,
        post.translationId,
      ]);
      return { slug: entry.slug, language: entry.language, path: entry.url?.path };
    })
    .sort((a, b) => a.slug.localeCompare(b.slug));
}

/**
 * What a post's page says of it besides its body: its title, excerpt, status, language; its date (when it went out
 * (`firstPublishedDate`), goes out (a scheduled post's time) or was written (a draft's content's), as the export
 * writes it) and its publication dates (a draft's too, when it went out before); its terms in their language, pinned,
 * featured, its cover (the file, alt text and size) and its translations. `from`: the import's media folder.
 */
export function fields(post: RawPost, site: Site, from = '') {
  const raw = post as Data;
  const image = (value: Data | undefined) =>
    value &&
    unmoved({ id: value.id, url: value.url, width: value.width, height: value.height, alt: value.altText }, from);
  return {
    title: post.title,
    excerpt: raw.excerpt,
    status: post.status ?? 'PUBLISHED',
    language: language(post),
    date: dateOf(post),
    updated: post.lastPublishedDate ?? raw.richContent?.metadata?.updatedTimestamp,
    firstPublishedDate: post.firstPublishedDate,
    lastPublishedDate: post.lastPublishedDate,
    categories: termsOf(post.categoryIds, site.categories),
    tags: termsOf(post.tagIds, site.tags),
    pinned: raw.pinned === true,
    featured: raw.featured === true,
    cover: image(raw.media?.wixMedia?.image),
    heroImage: image(raw.heroImage),
    translations: translationsOf(post, site),
  };
}

/** Which posts share a translation group: for each post with translations, the slugs of its group, sorted. */
export function groups(site: Site) {
  const byId = new Map<string, string[]>();
  for (const post of site.posts)
    if (post.translationId) byId.set(post.translationId, [...(byId.get(post.translationId) ?? []), post.slug]);
  return [...byId.values()].map((slugs) => slugs.sort().join(' + ')).sort();
}

/** Every post's twin, by language: each language's posts come back in it. */
export function languages(site: Site, original: Site) {
  const count = (posts: RawPost[]) =>
    posts.reduce<Record<string, number>>((all, p) => ({ ...all, [language(p)]: (all[language(p)] ?? 0) + 1 }), {});
  expect(count(site.posts)).toEqual(count(original.posts));
  expect(count(original.posts)).toEqual({ en: 37, es: 5 });
  for (const post of original.posts) twin(site, post);
}

/** The media files the originals use are in the imported folder, the same bytes, where its posts name them. */
export function mediaCopied(site: Site, from: string, original: Site) {
  const wanted = new Set(original.posts.flatMap((post) => [...mediaFilesOf(nodesOf(post))]));
  expect(wanted.size).toBeGreaterThan(15);
  const named = new Set<string>();
  for (const post of site.posts)
    for (const file of mediaFilesOf(nodesOf(post))) {
      expect(existsSync(path.join(site.dir, 'media', file)), `${post.slug}: media/${file}`).toBe(true);
      named.add(file);
    }
  for (const file of wanted) {
    expect(named, file).toContain(`imported/${from}/${file}`);
    expect(readFileSync(path.join(site.dir, 'media', 'imported', from, file))).toEqual(
      readFileSync(path.join(original.dir, 'media', file)),
    );
  }
}
