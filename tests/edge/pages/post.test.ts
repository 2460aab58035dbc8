import { describe, expect, it, vi } from 'vitest';
import { makePost, makePosts } from '../../helpers/posts';
import { withSite } from '../../helpers/site';

vi.mock('next/cache', () => ({ cacheLife: vi.fn(), cacheTag: vi.fn(), revalidateTag: vi.fn() }));

// A post page's neighbours (previous and next by publication, same language) and related posts (the author's
// picks, else the newest of the same categories). makePost: one day apart, every tenth post in Spanish (i % 10 = 9),
// categories cat-(i % 3).
const posts = [
  ...makePosts(30),
  makePost(40, { relatedPostIds: ['post-0012', 'post-0099', 'post-0002', 'post-0005', 'post-0020'] }),
  makePost(41, { relatedPostIds: ['post-0099'], categoryIds: ['cat-1'] }),
  makePost(42, { categoryIds: [] }),
  makePost(43, { firstPublishedDate: undefined }),
  makePost(99, { status: 'UNPUBLISHED' }),
];
withSite({}, { content: posts });
const { postNeighbours, relatedPosts } = await import('@/lib/edge/pages/post');

const post = (i: number) => posts.find((p) => p.id === `post-${String(i).padStart(4, '0')}`)!;
const ids = (list: { id: string }[]) => list.map((p) => p.id);

describe('postNeighbours', () => {
  it('are the posts published just before and just after, in the same language', async () => {
    const { previous, next } = await postNeighbours(post(12));
    expect([previous?.id, next?.id]).toEqual(['post-0011', 'post-0013']);
    // post-0019 is Spanish: the English post after post-0018 is post-0020.
    const around = await postNeighbours(post(18));
    expect([around.previous?.id, around.next?.id]).toEqual(['post-0017', 'post-0020']);
    const spanish = await postNeighbours(post(19));
    expect([spanish.previous?.id, spanish.next?.id]).toEqual(['post-0009', 'post-0029']);
  });

  it('stop at the first and the newest post, and a post without a date has none', async () => {
    expect((await postNeighbours(post(0))).previous).toBeNull();
    expect((await postNeighbours(post(42))).next).toBeNull();
    expect(await postNeighbours(post(43))).toEqual({ previous: null, next: null });
  });
});

describe('relatedPosts', () => {
  it("are the author's published picks, three at most, in the feed's date order", async () => {
    expect(ids(await relatedPosts(post(40)))).toEqual(['post-0020', 'post-0012', 'post-0005']);
  });

  it('fall back to the newest posts of the same categories, not the post itself, when no pick is published', async () => {
    // post-0041 is in cat-1: the newest others there are 40 (cat-1, 40 % 3) and 28, 25.
    expect(ids(await relatedPosts(post(41)))).toEqual(['post-0040', 'post-0028', 'post-0025']);
    // post-0027 is in cat-0 (so is the unpublished post-0099): the newest others are 24 and 21.
    expect(ids(await relatedPosts(post(27), 2))).toEqual(['post-0024', 'post-0021']);
  });

  it('are none for a post without picks or categories', async () => {
    expect(await relatedPosts(post(42))).toEqual([]);
  });
});
