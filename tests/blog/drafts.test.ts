import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalSource } from '@/lib/blog/local';
import { makePost, makePosts, writeContentDir } from '../helpers/posts';

const published = makePosts(5);
const drafts = [
  makePost(10, { status: 'UNPUBLISHED', slug: 'draft-a' }),
  makePost(11, { status: 'SCHEDULED', slug: 'draft-b' }),
  makePost(12, { status: 'UNPUBLISHED', slug: 'draft-c', firstPublishedDate: undefined }),
];
const dir = writeContentDir([...published, ...drafts]);
const source = createLocalSource(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('local source: drafts', () => {
  it('lists every post whose status is not PUBLISHED, newest first, without rich content', async () => {
    const page = await source.listDrafts();
    expect(page.items.map((d) => d.slug)).toEqual(['draft-b', 'draft-a', 'draft-c']);
    expect(page.items.every((d) => d.status !== 'PUBLISHED')).toBe(true);
    expect(page.items[0]).not.toHaveProperty('richContent');
    expect(page.hasNext).toBe(false);
  });

  it('pages by cursor', async () => {
    const first = await source.listDrafts({ limit: 2 });
    expect(first.items.map((d) => d.slug)).toEqual(['draft-b', 'draft-a']);
    expect(first.hasNext).toBe(true);
    const second = await source.listDrafts({ cursor: first.cursors.next });
    expect(second.items.map((d) => d.slug)).toEqual(['draft-c']);
    expect(second.hasNext).toBe(false);
  });

  it('gets one draft with its rich content, and never a published post', async () => {
    const draft = await source.getDraft(drafts[0]!.id);
    expect(draft?.title).toBe(drafts[0]!.title);
    expect(draft?.richContent?.nodes).toHaveLength(1);
    await expect(source.getDraft(published[0]!.id)).resolves.toBeNull();
    await expect(source.getDraft('nope')).resolves.toBeNull();
  });

  it('keeps drafts out of every public read', async () => {
    await expect(source.getPost(drafts[0]!.id)).resolves.toBeNull();
    await expect(source.getPostBySlug('draft-a')).resolves.toBeNull();
    expect((await source.listPosts()).items.map((p) => p.slug)).not.toContain('draft-a');
  });
});
