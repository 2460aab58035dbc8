import { describe, expect, it, vi } from 'vitest';
import { excerptOf } from '@/lib/blog/excerpt';
import { paywallSource } from '@/lib/blog/paywall';
import type { BlogSource } from '@/lib/blog/source';
import type { Post } from '@/lib/blog/types';
import { makePost } from '../helpers/posts';

// Issue 42, item 2, as Wix answers: a post's excerpt made by Wix from its text's first characters (its own way of
// joining blocks, cut with "..."), lists and search answering without the rich content. The paywall judges the
// excerpt by the post read once with it, keeps that answer for the post's version, and drops it on the post's event.

const paragraph = (id: string, text: string) => ({
  type: 'PARAGRAPH',
  id,
  nodes: [{ type: 'TEXT', textData: { text, decorations: [] } }],
});
const TEXTS = ['Opening words.', 'Second thought.', 'Third line.', 'Secretword for plan holders.', 'More.'];
const whole = makePost(1, {
  slug: 'paid',
  title: 'Paid',
  // As Wix made it: the blocks joined with nothing between, cut mid-way.
  excerpt: 'Opening words.Second thought.Third line.Secretword for pl...',
  pricingPlanIds: ['plan-gold'],
  contentText: TEXTS.join('\n'),
  richContent: { nodes: TEXTS.map((text, i) => paragraph(`p${i}`, text)) },
  lastPublishedDate: '2026-01-01T00:00:00.000Z',
}) as Post;
const bare = (post: Post): Post => ({ ...post, richContent: undefined, contentText: undefined });

function stubSource(post: Post) {
  let current = post;
  const getPost = vi.fn(async (_id: string, options?: { fieldsets?: string[] }) =>
    options?.fieldsets?.includes('RICH_CONTENT') ? current : bare(current),
  );
  const source = {
    name: 'wix',
    refresh: vi.fn(),
    getPost,
    getPostBySlug: async () => current,
    listPosts: async () => ({ items: [bare(current)], offset: 0, limit: 50, total: 1 }),
    queryPosts: async () => ({ items: [bare(current)], pagingMetadata: {} }),
    // A source that matched the post by its stored excerpt, as the Wix source's search corpus does.
    searchPosts: async () => [{ ...bare(current), contentText: current.excerpt }],
  } as unknown as BlogSource;
  return { source, getPost, set: (next: Post) => (current = next) };
}

describe("a paid post's excerpt made by the platform", () => {
  it('is made again from the preview in a list answered without the rich content, read once per version', async () => {
    const { source, getPost, set } = stubSource(whole);
    const readers = paywallSource(source);
    const list = async () => (await readers.listPosts()).items[0]!;
    expect((await list()).excerpt).toBe(excerptOf('Opening words. Second thought. Third line.'));
    expect((await readers.queryPosts({})).items[0]!.excerpt).toBe('Opening words. Second thought. Third line.');
    expect(getPost).toHaveBeenCalledTimes(1);
    // A new version of the post (the owner moved the paywall) is judged again.
    set({ ...whole, previewBlocks: 4, lastPublishedDate: '2026-01-02T00:00:00.000Z' });
    expect((await list()).excerpt).toBe(whole.excerpt);
    expect(getPost).toHaveBeenCalledTimes(2);
    // An event about the post drops what was judged of it.
    readers.refresh({ postId: whole.id });
    await list();
    expect(getPost).toHaveBeenCalledTimes(3);
    expect(source.refresh).toHaveBeenCalledWith({ postId: whole.id });
  });

  it('search keeps it only where its public words match', async () => {
    const readers = paywallSource(stubSource(whole).source);
    expect(await readers.searchPosts('secretword')).toEqual([]);
    const found = await readers.searchPosts('third line');
    expect(found.map((p) => p.id)).toEqual([whole.id]);
    expect(JSON.stringify(found)).not.toMatch(/secretword/i);
  });

  it('an excerpt the owner wrote stands, even one that opens with the preview', async () => {
    for (const excerpt of ['A story about plans', 'Opening words. And what the owner adds.']) {
      const readers = paywallSource(stubSource({ ...whole, excerpt }).source);
      expect((await readers.getPost(whole.id, { fieldsets: ['RICH_CONTENT'] }))!.excerpt).toBe(excerpt);
      expect((await readers.listPosts()).items[0]!.excerpt).toBe(excerpt);
    }
  });
});
