import { rmSync } from 'node:fs';
import { cacheLife, cacheTag } from 'next/cache';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePosts, writeContentDir } from '../helpers/posts';
import { OUTAGE_LIFE } from '@/lib/core/reads';

vi.mock('next/cache', () => ({ cacheLife: vi.fn(), cacheTag: vi.fn(), revalidateTag: vi.fn() }));

const dir = writeContentDir(makePosts(12));
process.env.BLOG_CONTENT_DIR = dir;
process.env.BLOG_SOURCE = 'local';
const reads = await import('@/lib/blog/reads');
const { CatalogueError } = await import('@/lib/core/errors');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tags = () => vi.mocked(cacheTag).mock.calls.flat();

describe('cached reads tag what they hold', () => {
  beforeEach(() => vi.mocked(cacheTag).mockClear());

  it('a post by slug carries its id, and its metrics when asked', async () => {
    await reads.getPostBySlug('post-3', { fieldsets: ['METRICS'] });
    expect(tags()).toEqual(['post:post-0003', 'metrics:post-0003']);
  });

  it('a missing slug carries `posts`, so the post that takes the slug clears it', async () => {
    expect(await reads.getPostBySlug('not-yet')).toBeNull();
    expect(tags()).toEqual(['posts']);
  });

  it('lists carry `posts` and each post', async () => {
    await reads.listPosts({ paging: { limit: 2 } });
    expect(tags()).toEqual(['posts', 'post:post-0007', 'post:post-0011']);
  });

  it('stats carry `stats` and `posts`; metrics carry the post', async () => {
    await reads.getPostCountStats();
    await reads.getPostMetrics('post-0001');
    expect(tags()).toEqual(['stats', 'posts', 'metrics:post-0001', 'post:post-0001']);
  });

  it('categories and tags carry their lists and every id', async () => {
    await reads.listCategories();
    await reads.listTags();
    expect(tags()).toEqual([
      'categories',
      'category:cat-0',
      'category:cat-1',
      'category:cat-2',
      'tags',
      'tag:tag-0',
      'tag:tag-1',
      'tag:tag-2',
      'tag:tag-3',
      'tag:tag-even',
    ]);
  });

  it('one language’s lists carry that language’s tag, not the all-language one (issue 32)', async () => {
    // The pages of one language read with `language`: an event about another language's post leaves them cached.
    await reads.listPosts({ language: 'es', paging: { limit: 2 } });
    await reads.queryPosts({ filter: { language: { $eq: 'en' } }, cursorPaging: { limit: 1 } });
    await reads.listCategories({ language: 'en' });
    await reads.listTags({ language: 'es' });
    await reads.getTotalPosts({ language: 'es' });
    await reads.listPostRefs({ language: 'en' });
    const listTags = tags().filter((tag) => !/^(post|category|tag):/.test(tag));
    expect(listTags).toEqual(['posts:es', 'posts:en', 'categories:en', 'tags:es', 'stats', 'posts:es', 'posts:en']);
  });

  it('a catalogue error crosses the cache as a CatalogueError and is cached briefly', async () => {
    vi.mocked(cacheLife).mockClear();
    const error = await reads.listPosts({ paging: { limit: 500 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogueError);
    expect(error).toMatchObject({ status: 400, wde: 'WDE0035' });
    expect(vi.mocked(cacheLife).mock.calls.flat()).toContainEqual(OUTAGE_LIFE);
  });
});
