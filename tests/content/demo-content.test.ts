import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Category, Post, Tag } from '@/lib/blog/types';
import { postPath } from '@/lib/core/site';
import { CONTENT_DIR, decorationsOf, readJson, readPosts, walk, type RawNode, type RawPost } from './helpers';

const files = readPosts(CONTENT_DIR);
const posts = files.map(({ raw }) => raw);
const published = posts.filter((post) => post.status === 'PUBLISHED');
const categories = readJson<unknown[]>(path.join(CONTENT_DIR, 'categories.json'));
const tags = readJson<unknown[]>(path.join(CONTENT_DIR, 'tags.json'));

// Fields whose schema falls back silently (`.catch`): parsing must keep them, not replace them.
const KEPT_FIELDS = [
  'title',
  'status',
  'firstPublishedDate',
  'lastPublishedDate',
  'categoryIds',
  'tagIds',
  'hashtags',
  'relatedPostIds',
  'minutesToRead',
  'language',
  'translationId',
  'translations',
  'url',
  'heroImage',
  'media',
  'seoData',
  'metrics',
  'contentText',
  'richContent',
];

describe('demo content', () => {
  it('parses with the blog schemas without falling back on any field', () => {
    for (const { file, raw } of files) {
      const parsed = Post.parse(raw) as Record<string, unknown>;
      expect(file).toBe(`${raw.id}.json`);
      for (const field of KEPT_FIELDS) expect(parsed[field], `${raw.slug}: ${field}`).toEqual(raw[field]);
    }
    for (const raw of categories) expect(Category.parse(raw)).toMatchObject(raw as object);
    for (const raw of tags) expect(Tag.parse(raw)).toMatchObject(raw as object);
  });

  it('has the expected amounts', () => {
    expect(posts.length).toBeGreaterThanOrEqual(32);
    expect(published.length).toBeGreaterThanOrEqual(30);
    expect(
      posts
        .filter((post) => post.status !== 'PUBLISHED')
        .map((post) => post.status)
        .sort(),
    ).toEqual(['SCHEDULED', 'UNPUBLISHED', 'UNPUBLISHED']);
    // Five categories and twelve tags in English, each translated once into Spanish.
    const inLanguages = (list: unknown[]) =>
      (list as Array<{ language: string }>).map((item) => item.language).sort((a, b) => a.localeCompare(b));
    expect(inLanguages(categories)).toEqual([...Array<string>(5).fill('en'), ...Array<string>(5).fill('es')]);
    expect(inLanguages(tags)).toEqual([...Array<string>(12).fill('en'), ...Array<string>(12).fill('es')]);
    expect(published.filter((post) => post.pinned)).toHaveLength(2);
    expect(published.filter((post) => post.featured).length).toBeGreaterThanOrEqual(4);
    expect(new Set(posts.map((post) => post.memberId)).size).toBe(3);
  });

  it('spreads publication over the 18 months ending 2026-11-15', () => {
    const dates = published.map((post) => String(post.firstPublishedDate));
    const months = new Set(dates.map((date) => date.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(18);
    for (const date of dates) {
      expect(date >= '2025-05-15' && date <= '2026-11-15T23:59:59Z', date).toBe(true);
    }
    for (const post of published) expect(String(post.lastPublishedDate) >= String(post.firstPublishedDate)).toBe(true);
  });

  it('has unique ids and kebab-case unique slugs', () => {
    expect(new Set(posts.map((post) => post.id)).size).toBe(posts.length);
    expect(new Set(posts.map((post) => post.slug)).size).toBe(posts.length);
    for (const post of posts) expect(post.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    // A category's or tag's slug is unique within its language (Wix looks one up by slug and language).
    for (const list of [categories, tags] as Array<Array<{ id: string; slug: string; language: string }>>) {
      expect(new Set(list.map((item) => item.id)).size).toBe(list.length);
      expect(new Set(list.map((item) => `${item.language}/${item.slug}`)).size).toBe(list.length);
      for (const item of list) expect(item.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it("references only categories, tags and posts that exist, the categories and tags in the post's language", () => {
    const languageOf = new Map(
      [...categories, ...tags].map((item) => [(item as { id: string }).id, (item as { language: string }).language]),
    );
    const categoryIds = new Set((categories as Array<{ id: string }>).map((c) => c.id));
    const tagIds = new Set((tags as Array<{ id: string }>).map((t) => t.id));
    const postIds = new Set(posts.map((post) => post.id));
    for (const post of posts) {
      const ids = post as unknown as { categoryIds: string[]; tagIds: string[]; relatedPostIds: string[] };
      expect(ids.categoryIds.length).toBeGreaterThanOrEqual(1);
      expect(ids.categoryIds.length).toBeLessThanOrEqual(2);
      expect(ids.tagIds.length).toBeGreaterThanOrEqual(1);
      expect(ids.tagIds.length).toBeLessThanOrEqual(4);
      for (const id of ids.categoryIds) expect(categoryIds.has(id), `${post.slug} category ${id}`).toBe(true);
      for (const id of ids.tagIds) expect(tagIds.has(id), `${post.slug} tag ${id}`).toBe(true);
      for (const id of [...ids.categoryIds, ...ids.tagIds])
        expect(languageOf.get(id), `${post.slug} term ${id}`).toBe(post.language);
      for (const id of ids.relatedPostIds)
        expect(postIds.has(id) && id !== post.id, `${post.slug} related ${id}`).toBe(true);
    }
  });

  it('pairs the translations both ways', () => {
    type Translated = RawPost & {
      translationId?: string;
      language: string;
      translations?: Array<{ id: string; language: string; slug: string }>;
    };
    const translated = posts.filter((post) => (post as Translated).translationId) as Translated[];
    const pairs = new Map<string, Translated[]>();
    for (const post of translated)
      pairs.set(String(post.translationId), [...(pairs.get(String(post.translationId)) ?? []), post]);
    // Five English posts, each with one Spanish translation.
    expect(pairs.size).toBe(5);
    for (const pair of pairs.values()) {
      expect(pair.map((post) => post.language).sort()).toEqual(['en', 'es']);
      const [a, b] = pair as [Translated, Translated];
      expect(a.translations).toEqual([expect.objectContaining({ id: b.id, language: b.language, slug: b.slug })]);
      expect(b.translations).toEqual([expect.objectContaining({ id: a.id, language: a.language, slug: a.slug })]);
    }
    // A translation is published after its original and never featured or pinned.
    for (const post of translated.filter((p) => p.language === 'es')) {
      const original = translated.find((p) => p.id === post.translations?.[0]?.id);
      expect(String(post.firstPublishedDate) > String(original?.firstPublishedDate), post.slug).toBe(true);
      expect([post.featured, post.pinned], post.slug).toEqual([false, false]);
    }
  });

  it('pairs each category and tag with its Spanish translation', () => {
    type Term = { id: string; slug: string; language: string; translationId: string; url: { path: string } };
    for (const [list, kind] of [
      [categories, 'categories'],
      [tags, 'tags'],
    ] as Array<[Term[], string]>) {
      const english = list.filter((item) => item.language === 'en');
      const spanish = list.filter((item) => item.language === 'es');
      expect(new Set(list.map((item) => item.translationId)).size).toBe(english.length);
      for (const item of english) {
        const twin = spanish.find((other) => other.translationId === item.translationId);
        expect(twin, item.slug).toBeDefined();
        expect(Object.keys(twin ?? {}), item.slug).toEqual(Object.keys(item));
        expect(item.url.path).toBe(`/${kind}/${item.slug}`);
        expect(twin?.url.path).toBe(`/es/${kind}/${twin?.slug}`);
        if (kind === 'categories')
          expect((twin as unknown as { coverImage: unknown }).coverImage).toEqual(
            (item as unknown as { coverImage: unknown }).coverImage,
          );
      }
    }
  });

  it('references only media files that exist', () => {
    const referenced = new Set<string>();
    const local = (value: unknown) => {
      if (typeof value !== 'string') return;
      if (value.startsWith('/media/')) referenced.add(value.slice('/media/'.length));
      else if (!value.includes(':') && !value.startsWith('/')) referenced.add(value);
    };
    const collect = (value: unknown, key = ''): void => {
      if (Array.isArray(value)) value.forEach((item) => collect(item));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collect(v, k);
      else if (
        ['url', 'imageSrc', 'gif', 'still', 'mp4'].includes(key) ||
        (key === 'id' && typeof value === 'string' && /\.(png|svg|wav|csv)$/.test(value))
      )
        local(value);
    };
    for (const post of posts) collect({ hero: post.heroImage, media: post.media, nodes: post.richContent.nodes });
    collect(categories);
    expect(referenced.size).toBeGreaterThanOrEqual(12);
    for (const file of referenced) expect(existsSync(path.join(CONTENT_DIR, 'media', file)), file).toBe(true);
  });

  it('keeps derived fields consistent with the text', () => {
    for (const post of posts) {
      const text = String(post.contentText);
      const words = text.split(/\s+/).filter(Boolean).length;
      expect(words, post.slug).toBeGreaterThan(50);
      expect(post.minutesToRead, post.slug).toBe(Math.max(1, Math.ceil(words / 200)));
      expect(post.url).toEqual({
        base: 'http://localhost:3000',
        path: postPath(post.slug, post.language as string | undefined),
      });
      expect((post.media as { wixMedia: { image: unknown } }).wixMedia.image).toEqual(post.heroImage);
    }
  });

  it('has realistic metrics on published posts', () => {
    for (const post of published) {
      const { views, likes, comments } = post.metrics as { views: number; likes: number; comments: number };
      expect(views).toBeGreaterThanOrEqual(50);
      expect(views).toBeLessThanOrEqual(20000);
      expect(likes).toBeLessThan(views / 10);
      expect(comments).toBeLessThanOrEqual(likes);
    }
  });

  it('points every anchor at a node of the same post', () => {
    for (const post of posts) {
      const ids = new Set<string>();
      const anchors: string[] = [];
      walk(post.richContent.nodes, (node: RawNode) => {
        if (node.id) ids.add(node.id);
        for (const decoration of decorationsOf(node))
          if (decoration.type === 'ANCHOR') anchors.push((decoration.anchorData as { anchor: string }).anchor);
      });
      for (const anchor of anchors) expect(ids.has(anchor), `${post.slug} #${anchor}`).toBe(true);
    }
  });

  it('gives every block node an id, unique within its post', () => {
    for (const post of posts) {
      const ids: string[] = [];
      walk(post.richContent.nodes, (node) => {
        if (node.type !== 'TEXT') ids.push(String(node.id));
      });
      expect(ids.every(Boolean), post.slug).toBe(true);
      expect(new Set(ids).size, post.slug).toBe(ids.length);
    }
  });
});

describe('demo content sources', () => {
  it('is what scripts/content/demo.ts builds (regenerate with npx tsx scripts/content/demo.ts)', async () => {
    const { demoPosts } = await import('@/scripts/content/demo');
    const built = new Map(demoPosts().map((post) => [post.id, JSON.parse(JSON.stringify(post)) as unknown]));
    expect(new Map(posts.map((post) => [post.id, post as unknown]))).toEqual(built);
  });

  it('has small images whose recorded sizes match the files', async () => {
    const { images } = await import('@/scripts/content/media');
    for (const image of Object.values(images)) {
      const png = readFileSync(path.join(CONTENT_DIR, 'media', image.file));
      expect(png.length, image.file).toBeLessThanOrEqual(40 * 1024);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], image.file).toEqual([image.width, image.height]);
    }
  });
});
