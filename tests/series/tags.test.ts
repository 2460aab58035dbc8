import { revalidateTag } from 'next/cache';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DataChange, createDataClient } from '@/lib/data/client';
import { series, subscribers } from '@/lib/data/collections';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { clearChangedPages, dataChangeEvent } from '@/lib/data';
import { OWNER } from '@/lib/data/permissions';
import { seriesPostIds } from '@/lib/series';
import { tagsForEvent } from '@/lib/core/cache/event-tags';
import type { DataItem } from '@/lib/data/types';

// A write to the data service reports what it changed (the client's onChange) as Wix Data's item event, through the
// site's one invalidation: a change to a series clears the pages of the posts it held and holds
// (`series-of:{postId}`), a truncate every series read (`series`), another collection nothing.

/** The tags the event of a write clears. */
const seriesChangeTags = (change: DataChange) => {
  const event = dataChangeEvent(change);
  return tagsForEvent(event.type, event);
};

const item = (posts: unknown, fields: Record<string, unknown> = {}): DataItem => ({
  _id: 's',
  _createdDate: '2026-01-01T00:00:00.000Z',
  _updatedDate: '2026-01-01T00:00:00.000Z',
  posts,
  ...fields,
});
const change = (before: DataItem[], after: DataItem[], collectionId = 'series'): DataChange => ({
  collectionId,
  truncated: false,
  before,
  after,
});

describe('the tags a data write clears', () => {
  it('clears every post the series held or holds, each once', () => {
    expect(seriesChangeTags(change([], [item(['a', 'b'])]))).toEqual(['series-of:a', 'series-of:b']);
    expect(seriesChangeTags(change([item(['a', 'b', 'c'])], [item(['b', 'd', 'a'])]))).toEqual([
      'series-of:a',
      'series-of:b',
      'series-of:c',
      'series-of:d',
    ]);
    expect(seriesChangeTags(change([item(['a', 'b']), item(['b'])], []))).toEqual(['series-of:a', 'series-of:b']);
  });

  it('a retitled series clears its posts; one without posts clears nothing', () => {
    const before = item(['a'], { title: 'Old' });
    expect(seriesChangeTags(change([before], [{ ...before, title: 'New' }]))).toEqual(['series-of:a']);
    expect(seriesChangeTags(change([], [item(undefined, { title: 'Empty' })]))).toEqual([]);
  });

  it('ignores what is not a post id, and other collections', () => {
    expect(seriesChangeTags(change([], [item(['a', 7, null, '', { id: 'x' }, 'a'])]))).toEqual(['series-of:a']);
    expect(seriesChangeTags(change([], [item(['a'])], 'subscribers'))).toEqual([]);
  });

  it('a truncate clears every series read', () => {
    expect(seriesChangeTags({ collectionId: 'series', truncated: true, before: [], after: [] })).toEqual(['series']);
    expect(seriesChangeTags({ collectionId: 'subscribers', truncated: true, before: [], after: [] })).toEqual([]);
  });

  it('seriesPostIds keeps the order and the first place of a repeated id', () => {
    expect(seriesPostIds(item(['c', 'a', 'c', 'b']))).toEqual(['c', 'a', 'b']);
    expect(seriesPostIds(item('a'))).toEqual([]);
  });
});

describe('clearChangedPages (the site client onChange)', () => {
  beforeEach(() => vi.mocked(revalidateTag).mockClear());

  it('revalidates each tag at once, as the webhook does', () => {
    clearChangedPages(change([item(['a'])], [item(['a', 'b'])]));
    expect(vi.mocked(revalidateTag).mock.calls).toEqual([
      ['series-of:a', { expire: 0 }],
      ['series-of:b', { expire: 0 }],
    ]);
  });

  it('clears nothing for a subscriber', () => {
    clearChangedPages(change([], [item(undefined, { email: 'a@example.com' })], 'subscribers'));
    expect(revalidateTag).not.toHaveBeenCalled();
  });
});

describe('the client reports every write that changed items', () => {
  const changes: DataChange[] = [];
  const client = createDataClient({
    backend: createEmbeddedBackend(),
    collections: [series, subscribers],
    onChange: (c) => void changes.push(c),
  });
  /** The changes since the last call, as [collection, before ids → posts, after ids → posts]. */
  const reported = () => {
    const shape = (items: DataItem[]) => items.map((i) => [i._id, i.posts]);
    const out = changes.map((c) => (c.truncated ? ['truncated', c.collectionId] : [shape(c.before), shape(c.after)]));
    changes.length = 0;
    return out;
  };

  beforeAll(async () => {
    // Opens the database and prepares the collections (a count writes nothing).
    await client.count('series', {}, OWNER);
    await client.count('subscribers', {}, OWNER);
  }, 60_000);
  afterAll(() => client.close());

  it('insert and bulk insert: nothing before, the new items after', async () => {
    await client.insert('series', { _id: 's1', title: 'One', posts: ['a'] }, OWNER);
    await client.bulkInsert(
      'series',
      [
        { _id: 's2', posts: ['b'] },
        { _id: 's3', posts: ['c'] },
      ],
      OWNER,
    );
    expect(reported()).toEqual([
      [[], [['s1', ['a']]]],
      [
        [],
        [
          ['s2', ['b']],
          ['s3', ['c']],
        ],
      ],
    ]);
  });

  it('save and bulk save: the replaced items before, the saved ones after', async () => {
    await client.save('series', { _id: 's1', posts: ['a', 'b'] }, OWNER);
    await client.save('series', { _id: 's4', posts: ['d'] }, OWNER);
    await client.bulkSave(
      'series',
      [
        { _id: 's4', posts: [] },
        { _id: 's5', posts: ['e'] },
      ],
      OWNER,
    );
    expect(reported()).toEqual([
      [[['s1', ['a']]], [['s1', ['a', 'b']]]],
      [[], [['s4', ['d']]]],
      [
        [['s4', ['d']]],
        [
          ['s4', []],
          ['s5', ['e']],
        ],
      ],
    ]);
  });

  it('update and bulk update: the stored items before, the written ones after (not the failed)', async () => {
    await client.update('series', { _id: 's2', posts: ['b', 'x'] }, OWNER);
    const bulk = await client.bulkUpdate(
      'series',
      [
        { _id: 's3', posts: ['y'] },
        { _id: 'missing', posts: ['z'] },
      ],
      OWNER,
    );
    expect(bulk.failedItemIds).toEqual(['missing']);
    expect(reported()).toEqual([
      [[['s2', ['b']]], [['s2', ['b', 'x']]]],
      [[['s3', ['c']]], [['s3', ['y']]]],
    ]);
  });

  it('reference changes: the item before and after', async () => {
    await client.changeReferences('insert', 'series', 'posts', 's2', ['c'], OWNER);
    await client.changeReferences('remove', 'series', 'posts', 's2', ['b'], OWNER);
    await client.changeReferences('replace', 'series', 'posts', 's2', ['q'], OWNER);
    expect(reported()).toEqual([
      [[['s2', ['b', 'x']]], [['s2', ['b', 'x', 'c']]]],
      [[['s2', ['b', 'x', 'c']]], [['s2', ['x', 'c']]]],
      [[['s2', ['x', 'c']]], [['s2', ['q']]]],
    ]);
  });

  it('remove and bulk remove: the removed items before; removing nothing reports nothing', async () => {
    await client.remove('series', 's5', OWNER);
    await client.remove('series', 's5', OWNER);
    await client.bulkRemove('series', ['s4', 'nope'], OWNER);
    await client.bulkRemove('series', ['nope'], OWNER);
    await client.bulkInsert('series', [], OWNER);
    expect(reported()).toEqual([
      [[['s5', ['e']]], []],
      [[['s4', []]], []],
    ]);
  });

  it('truncate: a flag, not the items', async () => {
    await client.truncate('series', OWNER);
    expect(reported()).toEqual([['truncated', 'series']]);
  });

  it('reports writes whose hooks are suppressed, and no failed write', async () => {
    await client.insert('series', { _id: 'h1', posts: ['a'] }, OWNER, { suppressHooks: true });
    await expect(client.insert('series', { _id: 'h1', posts: ['a'] }, OWNER)).rejects.toMatchObject({
      wde: 'WDE0074',
    });
    await expect(client.update('series', { _id: 'gone', posts: [] }, OWNER)).rejects.toMatchObject({
      wde: 'WDE0073',
    });
    expect(reported()).toEqual([[[], [['h1', ['a']]]]]);
  });
});

describe('an onChange that fails', () => {
  it('fails no write, and logs one line without the item', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createDataClient({
      backend: createEmbeddedBackend(),
      collections: [subscribers],
      onChange: () => {
        throw new Error('cache unavailable');
      },
    });
    try {
      const stored = await client.insert('subscribers', { email: 'private@example.com' }, OWNER);
      expect(await client.get('subscribers', stored._id, OWNER)).toEqual(stored);
      expect(log).toHaveBeenCalledTimes(1);
      const line = String(log.mock.calls[0]![0]);
      expect(JSON.parse(line)).toMatchObject({ collection: 'subscribers', error: 'cache unavailable' });
      expect(line).not.toContain('private@example.com');
      expect(line).not.toContain(stored._id);
    } finally {
      await client.close();
    }
  }, 60_000);
});
