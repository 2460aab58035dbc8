import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Post } from '@/lib/blog/types';
import { CONTENT_DIR, FIXTURE_CONTENT_DIR, readJson, readPosts, walk, type RawNode } from './helpers';

// tests/fixtures/content holds posts that tests add to a copy of content/ (the e2e build copies them into
// .e2e/content/posts): hostile content belongs to the tests, not to the public demo.

const fixtures = readPosts(FIXTURE_CONTENT_DIR);
const demo = readPosts(CONTENT_DIR).map(({ raw }) => raw);
const hostile = fixtures.find(({ raw }) => raw.slug === 'security-test-hostile-content')?.raw;
const ids = (file: string) =>
  new Set(readJson<Array<{ id: string }>>(path.join(CONTENT_DIR, file)).map((item) => item.id));

describe('test fixture posts', () => {
  it('are what scripts/content/fixtures.ts builds (regenerate with npx tsx scripts/content/fixtures.ts)', async () => {
    const { fixturePosts } = await import('@/scripts/content/fixtures');
    const built = new Map(fixturePosts().map((post) => [post.id, JSON.parse(JSON.stringify(post)) as unknown]));
    expect(new Map(fixtures.map(({ raw }) => [raw.id, raw as unknown]))).toEqual(built);
  });

  it('drop into a copy of content/: valid, new, and using only the demo’s categories, tags, authors and media', () => {
    const [categoryIds, tagIds] = [ids('categories.json'), ids('tags.json')];
    const authors = new Set(demo.map((post) => post.memberId));
    expect(fixtures.length).toBeGreaterThan(0);
    for (const { file, raw } of fixtures) {
      const post = Post.parse(raw);
      expect(file).toBe(`${post.id}.json`);
      expect(demo.filter((other) => other.id === post.id || other.slug === post.slug)).toEqual([]);
      expect(
        post.categoryIds.every((id) => categoryIds.has(id)),
        post.slug,
      ).toBe(true);
      expect(
        post.tagIds.every((id) => tagIds.has(id)),
        post.slug,
      ).toBe(true);
      expect(authors.has(post.memberId)).toBe(true);
      expect(post.relatedPostIds).toEqual([]);
      expect(existsSync(path.join(CONTENT_DIR, 'media', post.heroImage!.id))).toBe(true);
    }
  });

  it('include a published, unfeatured post of hostile content', () => {
    expect(hostile).toMatchObject({ status: 'PUBLISHED', featured: false });
    expect(hostile!.excerpt).toContain('<script>window.__pwned = 1</script>');
    expect(JSON.stringify(hostile!.richContent)).toContain('javascript:alert(1)');
    const nodes: RawNode[] = [];
    walk(hostile!.richContent.nodes, (node) => nodes.push(node));
    expect(
      nodes.some(
        (node) =>
          node.type === 'HTML' &&
          (node.htmlData as { html?: string }).html?.includes('<script>window.__pwned = 1</script>'),
      ),
    ).toBe(true);
    expect(
      nodes.some(
        (node) =>
          node.type === 'BUTTON' &&
          (node.buttonData as { link?: { url: string } }).link?.url.startsWith('data:text/html,'),
      ),
    ).toBe(true);
  });

  it('stay out of the listings’ first page of a copy of the demo: older than every demo post', () => {
    const oldest = demo.map((post) => String(post.firstPublishedDate ?? '9999')).sort()[0]!;
    for (const { raw } of fixtures) expect(String(raw.firstPublishedDate) < oldest, raw.slug).toBe(true);
  });
});
