import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Category, Post, Tag } from '@/lib/blog/types';
import { generateContent, main, parseCli, UsageError } from '@/scripts/generate-content';
import { readJson, readPosts, walk } from './helpers';

const COUNT = 200;
let root: string;
const dir = (name: string) => path.join(root, name);

/** A digest of every file of the content, names included (not the index, which holds each file's mtime). */
function digest(folder: string): string {
  const hash = createHash('sha256');
  const visit = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory() && entry.name === '.index') continue;
      if (entry.isDirectory()) visit(full);
      else hash.update(path.relative(folder, full)).update(readFileSync(full));
    }
  };
  visit(folder);
  return hash.digest('hex');
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'content-gen-'));
  await generateContent({ posts: COUNT, out: dir('a'), seed: 'test-seed' });
  await generateContent({ posts: COUNT, out: dir('b'), seed: 'test-seed', concurrency: 3 });
  await generateContent({ posts: COUNT, out: dir('c'), seed: 'other-seed' });
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('generate-content', () => {
  it('writes the requested number of posts, each valid', () => {
    const files = readPosts(dir('a'));
    expect(files).toHaveLength(COUNT);
    for (const { file, raw } of files) {
      const post = Post.parse(raw);
      expect(file).toBe(`${post.id}.json`);
      expect(post.firstPublishedDate ?? post.status).toBeTruthy();
      expect(post.richContent?.nodes.length).toBeGreaterThan(2);
      expect(post.contentText).toBeTruthy();
    }
    expect(new Set(files.map(({ raw }) => raw.slug)).size).toBe(COUNT);
  });

  it('writes categories, tags and the media the posts reference', () => {
    const categories = readJson<unknown[]>(path.join(dir('a'), 'categories.json')).map((c) => Category.parse(c));
    const tags = readJson<unknown[]>(path.join(dir('a'), 'tags.json')).map((t) => Tag.parse(t));
    const categoryIds = new Set(categories.map((c) => c.id));
    const tagIds = new Set(tags.map((t) => t.id));
    for (const { raw } of readPosts(dir('a'))) {
      const post = Post.parse(raw);
      expect(post.categoryIds.every((id) => categoryIds.has(id))).toBe(true);
      expect(post.tagIds.every((id) => tagIds.has(id))).toBe(true);
      expect(existsSync(path.join(dir('a'), 'media', post.heroImage!.id))).toBe(true);
      walk(raw.richContent.nodes, (node) => {
        const src = (node.imageData as { image?: { src: { id: string } } } | undefined)?.image?.src.id;
        if (src) expect(existsSync(path.join(dir('a'), 'media', src)), src).toBe(true);
      });
    }
  });

  it('varies what a blog varies', () => {
    const posts = readPosts(dir('a')).map(({ raw }) => Post.parse(raw));
    const published = posts.filter((post) => post.status === 'PUBLISHED');
    expect(new Set(published.map((post) => post.firstPublishedDate!.slice(0, 7))).size).toBeGreaterThanOrEqual(18);
    expect(posts.filter((post) => post.pinned)).toHaveLength(2);
    expect(posts.some((post) => post.featured)).toBe(true);
    expect(new Set(posts.map((post) => post.memberId)).size).toBe(3);
    expect(new Set(posts.flatMap((post) => post.hashtags)).size).toBeGreaterThan(5);
    expect(
      new Set(posts.flatMap((post) => post.richContent!.nodes.map((node) => node.type))).size,
    ).toBeGreaterThanOrEqual(8);
    for (const post of published) {
      expect(post.metrics!.views).toBeGreaterThanOrEqual(50);
      expect(post.metrics!.views).toBeLessThanOrEqual(20000);
      expect(post.metrics!.likes).toBeLessThan(post.metrics!.views / 10);
    }
  });

  it('writes the indexes the local source starts from', () => {
    const rows = (name: string) =>
      (JSON.parse(readFileSync(path.join(dir('a'), '.index', `${name}.json`), 'utf8')) as { rows: unknown[] }).rows;
    expect(rows('posts')).toHaveLength(COUNT);
    expect(rows('search')).toHaveLength(COUNT);
  });

  it('is deterministic for a seed, whatever the concurrency, and differs across seeds', () => {
    expect(digest(dir('a'))).toBe(digest(dir('b')));
    expect(digest(dir('a'))).not.toBe(digest(dir('c')));
  });

  it('refuses to mix with existing posts unless forced', async () => {
    await expect(generateContent({ posts: 3, out: dir('a') })).rejects.toThrow(UsageError);
    await generateContent({ posts: 3, out: dir('a'), force: true });
    expect(readPosts(dir('a'))).toHaveLength(3);
  });
});

describe('generate-content options', () => {
  it('parses valid options with defaults', () => {
    expect(parseCli(['--posts', '10', '--out', 'x'])).toMatchObject({
      posts: 10,
      out: 'x',
      seed: 'render-path',
      concurrency: 32,
      force: false,
    });
  });

  it.each([
    [[]],
    [['--out', 'x']],
    [['--posts', '10']],
    [['--posts', '0', '--out', 'x']],
    [['--posts', '-5', '--out', 'x']],
    [['--posts', '1.5', '--out', 'x']],
    [['--posts', 'ten', '--out', 'x']],
    [['--posts', '2000000', '--out', 'x']],
    [['--posts', '10', '--out', 'x', '--concurrency', '0']],
    [['--posts', '10', '--out', 'x', '--seed', '']],
    [['--posts', '10', '--out', 'x', '--colour']],
    [['--posts', '10', '--out', 'x', 'extra']],
  ])('rejects %j with exit code 2', async (argv) => {
    expect(() => parseCli(argv)).toThrow(UsageError);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await main(argv)).toBe(2);
    expect(error.mock.calls[0]?.[0]).toMatch(/^error: [\s\S]+\n\nusage:/);
  });
});
