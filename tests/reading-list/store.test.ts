import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DataClient, createDataClient } from '@/lib/data/client';
import { readingList } from '@/lib/data/collections';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { OWNER, VISITOR, memberCaller } from '@/lib/data/permissions';
import {
  READING_LIST_MAX,
  type ReadingListStore,
  isReadingListItemId,
  readingListItemId,
  readingListStore,
} from '@/lib/reading-list';

// Members' reading lists on the data service (the readingList collection, SITE_MEMBER_AUTHOR): each member sees and
// removes only their own items, saving twice keeps one, and the catalogue's errors say why something is refused.

const code = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    const e = error as { status?: number; wde?: string };
    return `${e.status} ${e.wde}`;
  }
  return 'no error';
};

let client: DataClient;
let store: ReadingListStore;
let clock = Date.UTC(2026, 10, 1);

beforeAll(() => {
  client = createDataClient({
    backend: createEmbeddedBackend(),
    collections: [readingList],
    now: () => new Date((clock += 1000)),
  });
  store = readingListStore(client);
}, 60_000);
afterAll(() => client.close());
beforeEach(() => client.truncate(readingList.id, OWNER));

const posts = (list: { postId: string }[]) => list.map((e) => e.postId);

describe('the reading list store', () => {
  it('lists a member their own saved posts only, the latest saved first', async () => {
    expect(await store.save('ann', 'post-1')).toBe('saved');
    expect(await store.save('bob', 'post-2')).toBe('saved');
    expect(await store.save('ann', 'post-3')).toBe('saved');
    expect(posts(await store.list('ann'))).toEqual(['post-3', 'post-1']);
    expect(posts(await store.list('bob'))).toEqual(['post-2']);
    expect(await store.list('cid')).toEqual([]);
    const [latest] = await store.list('ann');
    expect(latest).toEqual({
      itemId: readingListItemId('ann', 'post-3'),
      postId: 'post-3',
      savedDate: expect.stringMatching(/^2026-11-01T00:00:\d\d\.000Z$/) as unknown as string,
    });
    expect(isReadingListItemId(latest!.itemId)).toBe(true);
  });

  it('keeps one item when a post is saved twice, in turn or at once, with the date of the first save', async () => {
    expect(await store.save('ann', 'post-1')).toBe('saved');
    const [first] = await store.list('ann');
    expect(await store.save('ann', 'post-1')).toBe('already-saved');
    const racing = await Promise.all([store.save('ann', 'post-2'), store.save('ann', 'post-2')]);
    expect(racing.sort()).toEqual(['already-saved', 'saved']);
    const list = await store.list('ann');
    expect(posts(list)).toEqual(['post-2', 'post-1']);
    expect(list[1]).toEqual(first);
    expect(await client.count(readingList.id, {}, OWNER)).toBe(2);
  });

  it('removes a member’s own item; removing it again finds nothing', async () => {
    await store.save('ann', 'post-1');
    await store.save('ann', 'post-2');
    expect(await store.remove('ann', readingListItemId('ann', 'post-1'))).toBe(true);
    expect(posts(await store.list('ann'))).toEqual(['post-2']);
    expect(await store.remove('ann', readingListItemId('ann', 'post-1'))).toBe(false);
  });

  it('refuses another member’s item with the catalogue’s permission error, and leaves it', async () => {
    await store.save('ann', 'post-1');
    const anns = readingListItemId('ann', 'post-1');
    expect(await code(store.remove('bob', anns))).toBe('403 WDE0027');
    // The data service itself: a member's remove and bulk remove leave another member's item alone.
    expect(await client.remove(readingList.id, anns, memberCaller('bob'))).toBeNull();
    expect((await client.bulkRemove(readingList.id, [anns], memberCaller('bob'))).removedItemIds).toEqual([]);
    expect(await client.get(readingList.id, anns, memberCaller('bob'))).toBeNull();
    expect(posts(await store.list('ann'))).toEqual(['post-1']);
    // Ann's own bulk remove works.
    expect((await client.bulkRemove(readingList.id, [anns], memberCaller('ann'))).removedItemIds).toEqual([anns]);
  });

  it('is closed to visitors (403 WDE0027) and open to the owner', async () => {
    await store.save('ann', 'post-1');
    expect(await code(client.query(readingList.id, {}, VISITOR))).toBe('403 WDE0027');
    expect(await code(client.insert(readingList.id, { post: 'post-1' }, VISITOR))).toBe('403 WDE0027');
    expect((await client.query(readingList.id, {}, OWNER)).items.map((i) => i._owner)).toEqual(['ann']);
  });

  it(`holds at most ${READING_LIST_MAX} posts per member`, async () => {
    const items = Array.from({ length: READING_LIST_MAX }, (_, i) => ({
      _id: readingListItemId('ann', `post-${i}`),
      post: `post-${i}`,
    }));
    await client.bulkInsert(readingList.id, items, memberCaller('ann'));
    expect(await store.save('ann', 'one-more')).toBe('full');
    expect(await store.save('ann', 'post-7')).toBe('already-saved');
    expect(await store.save('bob', 'one-more')).toBe('saved');
    expect(await store.list('ann')).toHaveLength(READING_LIST_MAX);
  });
});
