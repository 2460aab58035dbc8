import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Post } from '@/lib/blog/types';
import { afterAll } from 'vitest';

/** A deterministic post; `i` spreads dates one day apart from 2025-01-01 and varies every field. */
export function makePost(i: number, overrides: Partial<Post> = {}): Post {
  return Post.parse({
    id: `post-${String(i).padStart(4, '0')}`,
    title: `Post number ${i}`,
    slug: `post-${i}`,
    excerpt: `Excerpt ${i}`,
    firstPublishedDate: new Date(Date.UTC(2025, 0, 1 + i, 12)).toISOString(),
    lastPublishedDate: new Date(Date.UTC(2025, 0, 2 + i, 12)).toISOString(),
    featured: i % 5 === 0,
    pinned: i === 7,
    categoryIds: [`cat-${i % 3}`],
    tagIds: i % 2 === 0 ? ['tag-even', `tag-${i % 4}`] : [`tag-${i % 4}`],
    hashtags: i % 3 === 0 ? ['three'] : [],
    memberId: i % 2 === 0 ? 'member-a' : 'member-b',
    minutesToRead: (i % 9) + 1,
    language: i % 10 === 9 ? 'es' : 'en',
    metrics: { views: (i * 37) % 101, likes: i % 13, comments: i % 4 },
    contentText: `Body of post ${i}`,
    richContent: {
      nodes: [
        { type: 'PARAGRAPH', id: 'p1', nodes: [{ type: 'TEXT', textData: { text: `Body ${i}`, decorations: [] } }] },
      ],
    },
    seoData: { tags: [] },
    url: { base: 'http://localhost:3000', path: `/post/post-${i}` },
    ...overrides,
  });
}

export const makePosts = (n: number) => Array.from({ length: n }, (_, i) => makePost(i));

/** Writes a content folder in the local source's layout and returns its path. */
export function writeContentDir(posts: unknown[], extra: { categories?: unknown[]; tags?: unknown[] } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'blog-content-'));
  mkdirSync(path.join(dir, 'posts'));
  for (const post of posts)
    writeFileSync(path.join(dir, 'posts', `${(post as { id: string }).id}.json`), JSON.stringify(post));
  const categories =
    extra.categories ??
    [0, 1, 2].map((i) => ({ id: `cat-${i}`, label: `Category ${i}`, slug: `category-${i}`, displayPosition: i }));
  const tags =
    extra.tags ?? ['even', '0', '1', '2', '3'].map((t) => ({ id: `tag-${t}`, label: `Tag ${t}`, slug: `tag-${t}` }));
  writeFileSync(path.join(dir, 'categories.json'), JSON.stringify(categories));
  writeFileSync(path.join(dir, 'tags.json'), JSON.stringify(tags));
  return dir;
}

/** A maker of content folders (writeContentDir) that are removed once the test file's tests have run. */
export function scratchContentDirs(): (posts: unknown[]) => string {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true, maxRetries: 5 })));
  return (posts) => {
    const dir = writeContentDir(posts);
    dirs.push(dir);
    return dir;
  };
}
