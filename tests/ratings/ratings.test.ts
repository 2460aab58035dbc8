import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDataClient } from '@/lib/data/client';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { OWNER } from '@/lib/data/permissions';
import { isCatalogueError } from '@/lib/core/errors';
import { checkRating, createRatings, postRatings } from '@/lib/ratings';

// Post ratings (issue 31): one per member and post, changed by rating again; a post's average and count are one
// grouped query over them; anything but a whole number from 1 to 5 is the catalogue's 400 and writes nothing.

const records = createDataClient({ backend: createEmbeddedBackend(), collections: [postRatings] });
const ratings = createRatings(records);

afterAll(() => records.close());
// The embedded database opens in the first test: seconds when the whole suite runs at once.
vi.setConfig({ testTimeout: 30_000 });

describe('post ratings', () => {
  it('averages one rating per member, changed by rating again', async () => {
    await ratings.rate('post-a', 'ada', 5);
    await ratings.rate('post-a', 'bob', '4');
    await ratings.rate('post-a', 'cy', 2);
    expect(await ratings.summaries(['post-a'])).toEqual(new Map([['post-a', { average: 3.7, count: 3 }]]));
    // Ada changes her mind: still three ratings.
    expect(await ratings.rate('post-a', 'ada', 1)).toEqual({ average: 2.3, count: 3 });
    expect(await ratings.mine('post-a', 'ada')).toBe(1);
    expect(await ratings.mine('post-a', 'nobody')).toBeNull();
    await ratings.rate('post-b', 'ada', 3);
    expect(await ratings.summaries(['post-a', 'post-b', 'post-c'])).toEqual(
      new Map([
        ['post-a', { average: 2.3, count: 3 }],
        ['post-b', { average: 3, count: 1 }],
      ]),
    );
  });

  it('refuses anything but a whole number from 1 to 5, and writes nothing', async () => {
    const before = await records.count(postRatings.id, {}, OWNER);
    for (const bad of [0, 6, 2.5, -1, '5 stars', '', null, undefined, '10', [3], { rating: 3 }]) {
      const error = await ratings.rate('post-a', 'dan', bad).catch((e: unknown) => e);
      expect(isCatalogueError(error) && error.status, String(bad)).toBe(400);
    }
    expect(await records.count(postRatings.id, {}, OWNER)).toBe(before);
    expect([checkRating('1'), checkRating(5)]).toEqual([1, 5]);
  });
});
