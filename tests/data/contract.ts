import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DataBackend } from '@/lib/data/backend';
import { type DataClient, createDataClient } from '@/lib/data/client';
import { defineCollection } from '@/lib/data/collections';
import { OWNER, VISITOR } from '@/lib/data/permissions';
import type { Caller, DataItem } from '@/lib/data/types';

// The contract every backend keeps, run through the client: the same tests for the embedded database and for Wix
// Data (through msw). A backend passes by behaving as the platform does, whatever it stores underneath.

export const notes = defineCollection({
  id: 'notes',
  fields: {
    title: { type: 'text', indexed: true },
    views: { type: 'number', indexed: true },
    tags: { type: 'array' },
    published: { type: 'datetime' },
    done: { type: 'boolean' },
    links: { type: 'multiReference', references: 'notes' },
  },
  permissions: { read: 'ANYONE', insert: 'SITE_MEMBER', update: 'SITE_MEMBER_AUTHOR', remove: 'SITE_MEMBER_AUTHOR' },
});

export const secrets = defineCollection({
  id: 'secrets',
  fields: { email: { type: 'text' } },
  permissions: { read: 'ADMIN', insert: 'ANYONE', update: 'ADMIN', remove: 'ADMIN' },
});

export const diaries = defineCollection({
  id: 'diaries',
  fields: { text: { type: 'text' } },
  permissions: {
    read: 'SITE_MEMBER_AUTHOR',
    insert: 'SITE_MEMBER',
    update: 'SITE_MEMBER_AUTHOR',
    remove: 'SITE_MEMBER_AUTHOR',
  },
});

export const member = (id: string): Caller => ({ roles: new Set(['ANYONE', 'SITE_MEMBER']), memberId: id });

const code = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    const e = error as { status?: number; wde?: string };
    return `${e.status} ${e.wde}`;
  }
  return 'no error';
};

export function dataContract(name: string, makeBackend: () => Promise<DataBackend> | DataBackend) {
  describe(`the data client on the ${name} backend`, () => {
    let backend: DataBackend;
    let client: DataClient;
    const calls: string[] = [];
    let clock = Date.UTC(2026, 10, 1);

    beforeAll(async () => {
      backend = await makeBackend();
      client = createDataClient({
        backend,
        collections: [notes, secrets, diaries],
        now: () => new Date((clock += 1000)),
        hooks: {
          secrets: {
            beforeInsert: (item) => ({ ...item, email: String(item.email).trim().toLowerCase() }),
            afterInsert: (item) => void calls.push(`inserted ${item.email}`),
          },
        },
      });
    }, 60_000);
    afterAll(() => backend.close());
    beforeEach(async () => {
      calls.length = 0;
      for (const id of ['notes', 'secrets', 'diaries']) await client.truncate(id, OWNER);
    });

    const ann = member('ann');
    const bob = member('bob');
    const seed = async () => {
      const items = [
        { _id: 'n1', title: 'Alpha', views: 10, tags: ['a', 'b'], published: '2026-01-05T00:00:00.000Z', done: true },
        { _id: 'n2', title: 'beta', views: 20, tags: ['b'], published: '2026-02-05T00:00:00.000Z', done: false },
        // Written as a date with an offset: stored in UTC, so it compares with the others.
        { _id: 'n3', title: 'Gamma', views: 30, tags: [], published: '2026-03-05T00:30:00+01:00' },
        { _id: 'n4', title: 'alphabet', views: 40, tags: ['c'], published: '2026-04-05T00:00:00.000Z', done: false },
      ];
      await client.bulkInsert('notes', items, ann);
    };
    const ids = (items: DataItem[]) => items.map((i) => i._id);

    it('inserts an item with its system fields and gets it back', async () => {
      const inserted = await client.insert('notes', { title: 'Hello', views: 1, _owner: 'forged' }, ann);
      expect(inserted).toMatchObject({ title: 'Hello', views: 1, _owner: 'ann' });
      expect(inserted._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(inserted._createdDate).toBe(inserted._updatedDate);
      expect(await client.get('notes', inserted._id, VISITOR)).toEqual(inserted);
    });

    it('refuses an id that exists, and a bulk insert holding one stores none of its items', async () => {
      await client.insert('notes', { _id: 'same', title: 'first' }, ann);
      expect(await code(client.insert('notes', { _id: 'same', title: 'second' }, ann))).toBe('409 WDE0074');
      const batch = [
        { _id: 'fresh', title: 'new' },
        { _id: 'same', title: 'again' },
      ];
      expect(await code(client.bulkInsert('notes', batch, ann))).toBe('409 WDE0074');
      expect(await client.get('notes', 'fresh', VISITOR)).toBeNull();
      const twice = [
        { _id: 'twin', title: 'one' },
        { _id: 'twin', title: 'two' },
      ];
      expect(await code(client.bulkInsert('notes', twice, ann))).toBe('409 WDE0074');
      expect(await client.get('notes', 'twin', VISITOR)).toBeNull();
      expect((await client.get('notes', 'same', VISITOR))?.title).toBe('first');
    });

    it('saves (insert or replace), updates (replace, keeping owner and creation) and tolerates unknown ids', async () => {
      const saved = await client.save('notes', { _id: 's', title: 'one', views: 1 }, ann);
      const replaced = await client.save('notes', { _id: 's', title: 'two' }, ann);
      expect(replaced).toMatchObject({ _id: 's', title: 'two' });
      expect((await client.get('notes', 's', VISITOR))?.views).toBeUndefined();
      const updated = await client.update('notes', { _id: 's', title: 'three', done: true }, ann);
      expect(updated).toMatchObject({ title: 'three', done: true, _owner: 'ann', _createdDate: saved._createdDate });
      expect(updated._updatedDate > saved._updatedDate).toBe(true);
      expect(await code(client.update('notes', { _id: 'nope', title: 'x' }, ann))).toBe('404 WDE0073');
      expect(await client.get('notes', 'nope', VISITOR)).toBeNull();
      expect(await client.remove('notes', 'nope', ann)).toBeNull();
      expect((await client.remove('notes', 's', ann))?.title).toBe('three');
      expect(await client.get('notes', 's', VISITOR)).toBeNull();
    });

    it('queries with the filter operators, sort, skip and limit', async () => {
      await seed();
      const q = async (query: object) => ids((await client.query('notes', query, VISITOR)).items);
      expect(await q({ filter: { title: { $eq: 'beta' } } })).toEqual(['n2']);
      expect(
        await q({ filter: { views: { $gt: 15, $lte: 30 } }, sort: [{ fieldName: 'views', order: 'ASC' }] }),
      ).toEqual(['n2', 'n3']);
      expect(
        await q({ filter: { title: { $startsWith: 'ALPHA' } }, sort: [{ fieldName: 'title', order: 'ASC' }] }),
      ).toEqual(['n1', 'n4']);
      expect(await q({ filter: { title: { $contains: 'mm' } } })).toEqual(['n3']);
      expect(
        await q({ filter: { tags: { $hasSome: ['c', 'a'] } }, sort: [{ fieldName: 'views', order: 'ASC' }] }),
      ).toEqual(['n1', 'n4']);
      expect(await q({ filter: { tags: { $hasAll: ['a', 'b'] } } })).toEqual(['n1']);
      expect(await q({ filter: { tags: { $isEmpty: true } } })).toEqual(['n3']);
      expect(await q({ filter: { done: { $eq: false } }, sort: [{ fieldName: 'views', order: 'DESC' }] })).toEqual([
        'n4',
        'n2',
      ]);
      expect(
        await q({ filter: { published: { $between: ['2026-02-01T00:00:00.000Z', '2026-04-05T00:00:00.000Z'] } } }),
      ).toEqual(['n2', 'n3']);
      // n3's date is 23:30 on 4 March in UTC: an ISO string compared as written would put it after 5 March.
      expect(
        await q({
          filter: { published: { $lt: '2026-03-05T00:00:00.000Z' } },
          sort: [{ fieldName: 'views', order: 'ASC' }],
        }),
      ).toEqual(['n1', 'n2', 'n3']);
      expect(
        await q({
          filter: { $or: [{ views: { $lt: 15 } }, { views: { $gt: 35 } }] },
          sort: [{ fieldName: 'views', order: 'ASC' }],
        }),
      ).toEqual(['n1', 'n4']);
      expect(await q({ filter: { $not: { views: { $gte: 20 } } } })).toEqual(['n1']);
      expect(await q({ filter: { views: { $in: [20, 40] } }, sort: [{ fieldName: 'views', order: 'ASC' }] })).toEqual([
        'n2',
        'n4',
      ]);
      const page = await client.query(
        'notes',
        { sort: [{ fieldName: 'views', order: 'DESC' }], limit: 2, skip: 1 },
        VISITOR,
      );
      expect([ids(page.items), page.totalCount, page.hasNext]).toEqual([['n3', 'n2'], 4, true]);
      expect(await code(client.count('notes', { filter: { views: { $ge: 20 } } }, VISITOR))).toBe('400 WDE0044');
      expect(await client.count('notes', { filter: { views: { $gte: 20 } } }, VISITOR)).toBe(3);
    });

    it('enforces each collection permission against the caller', async () => {
      expect(await code(client.insert('notes', { title: 'x' }, VISITOR))).toBe('403 WDE0027');
      expect(await code(client.get('secrets', 'x', VISITOR))).toBe('403 WDE0027');
      expect(await code(client.query('secrets', {}, bob))).toBe('403 WDE0027');
      const kept = await client.insert('secrets', { email: '  Reader@Example.com ' }, VISITOR);
      expect(calls).toEqual(['inserted reader@example.com']);
      expect((await client.get('secrets', kept._id, OWNER))?.email).toBe('reader@example.com');
      expect((await client.query('secrets', {}, VISITOR, { suppressAuth: true })).totalCount).toBe(1);
      expect(await code(client.truncate('secrets', bob))).toBe('403 WDE0027');
    });

    it('lets a member touch only their own items where the collection says SITE_MEMBER_AUTHOR', async () => {
      const note = await client.insert('notes', { title: "ann's" }, ann);
      expect(await code(client.update('notes', { _id: note._id, title: 'taken' }, bob))).toBe('404 WDE0073');
      expect(await client.remove('notes', note._id, bob)).toBeNull();
      expect((await client.bulkRemove('notes', [note._id], bob)).removedItemIds).toEqual([]);
      expect((await client.update('notes', { _id: note._id, title: 'edited' }, ann)).title).toBe('edited');
      expect((await client.update('notes', { _id: note._id, title: 'by owner' }, OWNER)).title).toBe('by owner');
      await client.insert('diaries', { text: 'mine' }, ann);
      await client.insert('diaries', { text: 'his' }, bob);
      expect((await client.query('diaries', {}, ann)).items.map((i) => i.text)).toEqual(['mine']);
      expect(await client.count('diaries', {}, bob)).toBe(1);
      expect(await client.count('diaries', {}, OWNER)).toBe(2);
      expect(await code(client.query('diaries', {}, VISITOR))).toBe('403 WDE0027');
    });

    it('runs hooks unless suppressHooks, and names an unknown collection', async () => {
      await client.insert('secrets', { email: ' A@B.C ' }, VISITOR, { suppressHooks: true });
      expect(calls).toEqual([]);
      expect((await client.query('secrets', {}, OWNER)).items[0]?.email).toBe(' A@B.C ');
      expect(await code(client.query('nowhere', {}, OWNER))).toBe('404 WDE0025');
    });

    it('pages forwards and back through a query, and refuses to go past either end', async () => {
      await seed();
      const first = await client.query('notes', { sort: [{ fieldName: 'views', order: 'ASC' }], limit: 3 }, VISITOR);
      expect([ids(first.items), first.hasPrev, first.hasNext]).toEqual([['n1', 'n2', 'n3'], false, true]);
      const second = await first.next();
      expect([ids(second.items), second.hasPrev, second.hasNext]).toEqual([['n4'], true, false]);
      expect(await code(second.next())).toBe('400 WDE0165');
      expect(ids((await second.prev()).items)).toEqual(['n1', 'n2', 'n3']);
      expect(await code(first.prev())).toBe('400 WDE0159');
    });

    it('pages by cursor, refusing a cursor that was altered, is for another query or comes with a skip', async () => {
      await seed();
      const sort = [{ fieldName: 'views', order: 'DESC' }];
      const first = await client.query('notes', { filter: { views: { $gt: 10 } }, sort, limit: 2 }, VISITOR);
      expect([ids(first.items), first.cursors.prev]).toEqual([['n4', 'n3'], null]);
      // The cursor carries the query: sent alone, it gives the next page of the same query.
      const second = await client.query('notes', { cursor: first.cursors.next }, VISITOR);
      expect([ids(second.items), second.hasNext, second.cursors.next]).toEqual([['n2'], false, null]);
      const back = await client.query('notes', { cursor: second.cursors.prev }, VISITOR);
      expect(ids(back.items)).toEqual(['n4', 'n3']);
      const wider = await client.query('notes', { cursor: first.cursors.next, limit: 3, sort }, VISITOR);
      expect(ids(wider.items)).toEqual(['n2']);
      const cursor = first.cursors.next!;
      const altered = `${cursor.slice(0, 5)}${cursor[5] === 'x' ? 'y' : 'x'}${cursor.slice(6)}`;
      expect(await code(client.query('notes', { cursor: altered }, VISITOR))).toBe('400 WDE0165');
      expect(await code(client.query('notes', { cursor, filter: { views: { $gt: 0 } } }, VISITOR))).toBe('400 WDE0165');
      expect(await code(client.query('diaries', { cursor }, OWNER))).toBe('400 WDE0165');
      expect(await code(client.query('notes', { cursor, skip: 1 }, VISITOR))).toBe('400 WDE0080');
    });

    it('answers distinct values and aggregations over what the filter matches', async () => {
      await seed();
      expect(await client.distinct('notes', 'tags', {}, VISITOR)).toEqual(['a', 'b', 'c']);
      expect(await client.distinct('notes', 'done', { filter: { views: { $gte: 20 } } }, VISITOR)).toEqual([false]);
      expect(await client.distinct('notes', 'views', { filter: { views: { $lt: 25 } } }, VISITOR)).toEqual([10, 20]);
      const byDone = await client.aggregate(
        'notes',
        {
          groupBy: ['done'],
          operations: { n: { op: 'count' }, total: { op: 'sum', field: 'views' }, top: { op: 'max', field: 'views' } },
        },
        VISITOR,
      );
      expect(byDone).toEqual([
        { done: false, n: 2, total: 60, top: 40 },
        { done: true, n: 1, total: 10, top: 10 },
        { done: null, n: 1, total: 30, top: 30 },
      ]);
      const all = await client.aggregate(
        'notes',
        {
          filter: { views: { $gt: 10 } },
          operations: { mean: { op: 'avg', field: 'views' }, first: { op: 'min', field: 'title' } },
        },
        VISITOR,
      );
      expect(all).toEqual([{ mean: 30, first: 'Gamma' }]);
      expect(await code(client.distinct('notes', 'nope', {}, VISITOR))).toBe('400 WDE0045');
      expect(await code(client.distinct('notes', 7, {}, VISITOR))).toBe('400 WDE0003');
      const badSum = { operations: { s: { op: 'sum', field: 'title' } } };
      expect(await code(client.aggregate('notes', badSum, VISITOR))).toBe('400 WDE0046');
      expect(await code(client.aggregate('secrets', { operations: { n: { op: 'count' } } }, VISITOR))).toBe(
        '403 WDE0027',
      );
    });

    it('inserts, removes and replaces references, in order and each once', async () => {
      await seed();
      const refs = () => client.queryReferenced('notes', 'n1', 'links', VISITOR);
      await client.changeReferences('insert', 'notes', 'links', 'n1', ['n2', 'n3'], ann);
      await client.changeReferences('insert', 'notes', 'links', { _id: 'n1' }, ['n3', { _id: 'n4' }, 'n2'], ann);
      expect(await refs()).toEqual(['n2', 'n3', 'n4']);
      expect(await client.isReferenced('notes', 'links', 'n1', 'n3', VISITOR)).toBe(true);
      await client.changeReferences('remove', 'notes', 'links', 'n1', 'n3', ann);
      expect(await refs()).toEqual(['n2', 'n4']);
      expect(await client.isReferenced('notes', 'links', 'n1', { _id: 'n3' }, VISITOR)).toBe(false);
      await client.changeReferences('replace', 'notes', 'links', 'n1', ['n4', 'n1'], ann);
      expect(await refs()).toEqual(['n4', 'n1']);
      expect(await code(client.changeReferences('insert', 'notes', 'title', 'n1', 'n2', ann))).toBe('400 WDE0020');
      expect(await code(client.changeReferences('insert', 'notes', 'links', 'n1', { id: 7 }, ann))).toBe('400 WDE0019');
      expect(await code(client.changeReferences('insert', 'notes', 'links', 'gone', 'n2', ann))).toBe('404 WDE0073');
      expect(await code(client.changeReferences('insert', 'notes', 'links', 'n1', 'n2', bob))).toBe('404 WDE0073');
      // Ten writers at once lose nothing: each statement reads and writes the list in one go.
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => client.changeReferences('insert', 'notes', 'links', 'n2', `t${i}`, ann)),
      );
      expect((await client.queryReferenced('notes', 'n2', 'links', VISITOR)).sort()).toEqual(
        Array.from({ length: 10 }, (_, i) => `t${i}`).sort(),
      );
    });

    it("bulk saves all or none, and bulk updates what is stored and the member's own", async () => {
      await seed();
      const saved = await client.bulkSave(
        'notes',
        [
          { _id: 'n1', title: 'Alpha 2' },
          { _id: 'n9', title: 'New' },
        ],
        ann,
      );
      expect(saved.savedItemIds).toEqual(['n1', 'n9']);
      expect((await client.get('notes', 'n1', VISITOR))?.title).toBe('Alpha 2');
      await client.insert('notes', { _id: 'bobs', title: "bob's" }, bob);
      const updates = [
        { _id: 'n2', title: 'Beta 2' },
        { _id: 'missing', title: 'x' },
        { _id: 'bobs', title: 'taken' },
      ];
      const result = await client.bulkUpdate('notes', updates, ann);
      expect([result.items.map((i) => i._id), result.failedItemIds]).toEqual([['n2'], ['missing', 'bobs']]);
      expect((await client.get('notes', 'bobs', VISITOR))?.title).toBe("bob's");
      expect(await code(client.bulkUpdate('notes', [{ title: 'no id' }], ann))).toBe('400 WDE0007');
      const tooMany = Array.from({ length: 1001 }, (_, i) => ({ _id: `x${i}` }));
      expect(await code(client.bulkSave('notes', tooMany, ann))).toBe('400 WDE0006');
    });

    it('bulk removes by id, reporting what it removed', async () => {
      await seed();
      expect(await client.bulkRemove('notes', ['n1', 'n3', 'missing'], OWNER)).toEqual({
        removedItemIds: ['n1', 'n3'],
      });
      expect(await client.count('notes', {}, VISITOR)).toBe(2);
    });
  });
}
