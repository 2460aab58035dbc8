import { cacheTag } from 'next/cache';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePost, makePosts } from '../helpers/posts';
import { withSite } from '../helpers/site';

vi.mock('next/cache', () => ({ cacheLife: vi.fn(), cacheTag: vi.fn(), revalidateTag: vi.fn() }));

// The series a post is in, as its page shows them: read from the data service (embedded, in a temporary DATA_DIR),
// the parts from the blog (published only, in the series' order), tagged so that a series write, a truncate or a
// part's own post event clears the read.

const posts = [...makePosts(6), makePost(9, { status: 'UNPUBLISHED' })];
withSite({}, { content: posts });
const { dataClient } = await import('@/lib/data');
const { OWNER } = await import('@/lib/data/permissions');
const { getSeriesOfPost } = await import('@/lib/series/reads');
const { postSeries, seriesViews } = await import('@/lib/edge/pages/post');
const { CatalogueError } = await import('@/lib/core/errors');

const post = (i: number) => posts.find((p) => p.id === `post-${String(i).padStart(4, '0')}`)!;
const tags = () => vi.mocked(cacheTag).mock.calls.flat();

beforeAll(async () => {
  await dataClient().bulkInsert(
    'series',
    [
      { _id: 'basics', title: 'Basics', posts: ['post-0001', 'post-0002'] },
      // Part order is the list's, not the posts' dates; post-0009 is a draft and `ghost` no post at all.
      { _id: 'speed', title: 'Speed', posts: ['post-0003', 'post-0001', 'post-0009', 'ghost', 'post-0004'] },
      { _id: 'untitled', posts: ['post-0005'] },
    ],
    OWNER,
  );
}, 60_000);
beforeEach(() => vi.mocked(cacheTag).mockClear());

describe('getSeriesOfPost', () => {
  it("gives each series the post is in, with the published parts in the series' order", async () => {
    // Oldest series first (these were inserted together: then by id).
    expect(await getSeriesOfPost('post-0001')).toEqual([
      {
        id: 'basics',
        title: 'Basics',
        parts: [
          { id: 'post-0001', title: 'Post number 1', slug: 'post-1', language: 'en' },
          { id: 'post-0002', title: 'Post number 2', slug: 'post-2', language: 'en' },
        ],
      },
      {
        id: 'speed',
        title: 'Speed',
        parts: [
          { id: 'post-0003', title: 'Post number 3', slug: 'post-3', language: 'en' },
          { id: 'post-0001', title: 'Post number 1', slug: 'post-1', language: 'en' },
          { id: 'post-0004', title: 'Post number 4', slug: 'post-4', language: 'en' },
        ],
      },
    ]);
    expect(await getSeriesOfPost('post-0000')).toEqual([]);
  });

  // And `site-setup`: where the platform lacks the collection the read answers none, until "Check again" clears it.
  it('is tagged with the post, the collection, and every post a series names, shown or not', async () => {
    await getSeriesOfPost('post-0004');
    expect(tags()).toEqual([
      'series',
      'series-of:post-0004',
      'site-setup',
      'post:post-0003',
      'post:post-0001',
      'post:post-0009',
      'post:ghost',
      'post:post-0004',
    ]);
  });

  it('a post in no series is tagged too, so the series that takes it in clears the read', async () => {
    await getSeriesOfPost('post-0000');
    expect(tags()).toEqual(['series', 'series-of:post-0000', 'site-setup']);
  });
});

describe('the post page view-model', () => {
  it('says which part the post is, of how many, and marks it current', async () => {
    const [basics, speed] = await postSeries(post(1));
    expect(speed).toMatchObject({ title: 'Speed', part: 2 });
    expect(speed!.parts.map((p) => [p.slug, p.current])).toEqual([
      ['post-3', false],
      ['post-1', true],
      ['post-4', false],
    ]);
    expect(basics).toMatchObject({ title: 'Basics', part: 1 });
    expect(basics!.parts).toHaveLength(2);
  });

  it('names an untitled series, and shows none for a post in none', async () => {
    expect(await postSeries(post(5))).toMatchObject([
      { title: 'Untitled series', part: 1, parts: [{ current: true }] },
    ]);
    expect(await postSeries(post(0))).toEqual([]);
  });

  it('leaves out a series that does not show the post', () => {
    const parts = [{ id: 'a', title: 'A', slug: 'a' }];
    expect(seriesViews('b', [{ id: 's', title: 'S', parts }])).toEqual([]);
  });

  it('shows the post without its series while the data service fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(dataClient(), 'query').mockRejectedValueOnce(new CatalogueError(500, 'WDE0053', 'data down'));
    expect(await postSeries(post(2))).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(await postSeries(post(2))).toMatchObject([{ title: 'Basics', part: 2 }]);
  });
});
