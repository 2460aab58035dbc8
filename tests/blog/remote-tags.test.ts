import { describe, expect, it } from 'vitest';
import { postsOfTags } from '@/lib/blog/remote-tags';

// Another instance's invalidation names what this instance's source reads again.
describe('postsOfTags', () => {
  it('names the posts of post: and metrics: tags, once each', () => {
    expect(postsOfTags(['posts', 'post:p1', 'stats', 'metrics:p1', 'metrics:p2'])).toEqual(['p1', 'p2']);
  });
  it('names every post for a list-wide change, and none for a change outside the blog', () => {
    expect(postsOfTags(['categories', 'category:c1'])).toBeNull();
    expect(postsOfTags(['authors', 'author:m1'])).toEqual([]);
    expect(postsOfTags(['comments:p1'])).toEqual([]);
  });
});
