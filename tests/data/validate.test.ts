import { describe, expect, it } from 'vitest';
import {
  checkArgumentCount,
  checkCollectionId,
  checkDataQuery,
  checkFieldName,
  checkIds,
  checkItem,
  checkItemId,
  checkItems,
  checkMultiReferenceField,
  checkOptions,
  checkReferenceTarget,
  checkReferenceTargets,
} from '@/lib/data/validate';
import type { CollectionDeclaration } from '@/lib/data/types';
import { errors, isCatalogueError } from '@/lib/core/errors';

// The seed's validation rules (section 5): each catalogue code the data service's checks raise (section 8), and the
// forms they accept.

const notes = {
  id: 'notes',
  fields: {
    title: { type: 'text' },
    link: { type: 'url' },
    cover: { type: 'image' },
    rating: { type: 'number' },
    due: { type: 'date' },
    at: { type: 'datetime' },
    done: { type: 'boolean' },
    tags: { type: 'array' },
    meta: { type: 'object' },
    body: { type: 'richText' },
    author: { type: 'reference', references: 'members' },
    related: { type: 'multiReference', references: 'notes' },
  },
  permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
} satisfies CollectionDeclaration;

const ids = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`);
const query = (raw: unknown) => checkDataQuery(raw, notes);

/** The catalogue error `run` throws: a validation error (400, WD_VALIDATION_ERROR) with this WDE code. */
function refusedWith(run: () => unknown, wde: string): void {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  if (!isCatalogueError(thrown)) throw new Error(`expected ${wde}, got ${String(thrown ?? 'no error')}`);
  expect({ status: thrown.status, wde: thrown.wde, code: thrown.code }).toEqual({
    status: 400,
    wde,
    code: 'WD_VALIDATION_ERROR',
  });
}

describe('each catalogue row the data service validation raises', () => {
  const rows: [string, string, () => unknown][] = [
    ['WDE0001', 'collection name not a string', () => checkCollectionId(42)],
    ['WDE0002', 'item id not a string', () => checkItemId({ _id: 'a' })],
    ['WDE0003', 'field name not a string', () => checkFieldName(['related'])],
    ['WDE0004', 'item not an object', () => checkItem(['title'], notes)],
    ['WDE0005', 'items not an array of objects', () => checkItems([{ title: 'a' }, 'b'], notes)],
    [
      'WDE0006',
      'more than 1000 items',
      () =>
        checkItems(
          ids(1001).map((_id) => ({ _id })),
          notes,
        ),
    ],
    ['WDE0007', 'updated item without a string _id', () => checkItem({ title: 'a' }, notes, { needsId: true })],
    ['WDE0008', 'wrong number of arguments', () => checkArgumentCount('get', 1, 2)],
    ['WDE0016', 'filter not an object', () => query({ filter: [{ title: 'a' }] })],
    ['WDE0019', 'reference target without an id', () => checkReferenceTarget({ title: 'a' })],
    ['WDE0020', 'not a multi-reference field', () => checkMultiReferenceField(notes, 'author')],
    ['WDE0021', 'invalid reference in an item', () => checkItem({ author: 7 }, notes)],
    ['WDE0032', 'limit not a number', () => query({ limit: '10' })],
    ['WDE0033', 'limit not an integer', () => query({ limit: 2.5 })],
    ['WDE0034', 'limit negative', () => query({ limit: -1 })],
    ['WDE0035', 'limit above the maximum', () => query({ limit: 1001 })],
    ['WDE0036', 'skip not a non-negative integer', () => query({ skip: -5 })],
    ['WDE0037', 'an integer in an item at 2^53', () => checkItem({ rating: 2 ** 53 }, notes)],
    ['WDE0038', '$between without two values', () => query({ filter: { rating: { $between: [1] } } })],
    ['WDE0039', '$hasSome without a list', () => query({ filter: { tags: { $hasSome: 'a' } } })],
    ['WDE0040', '$or without filters', () => query({ filter: { $or: [] } })],
    ['WDE0041', '$not without one filter', () => query({ filter: { $not: [{ done: true }] } })],
    ['WDE0044', 'unknown operator', () => query({ filter: { title: { $like: 'a%' } } })],
    ['WDE0045', 'a field the collection does not declare', () => checkItem({ titel: 'typo' }, notes)],
    ['WDE0046', 'comparison on a wrong-typed value', () => query({ filter: { rating: { $gt: 'high' } } })],
    ['WDE0047', 'string operator on a number field', () => query({ filter: { rating: { $startsWith: '4' } } })],
    ['WDE0048', 'set item neither string, number nor date', () => query({ filter: { title: { $in: [true] } } })],
    ['WDE0049', 'boolean field compared with a string', () => query({ filter: { done: 'yes' } })],
    ['WDE0050', 'sort field not a string', () => query({ sort: [{ fieldName: 3 }] })],
    ['WDE0051', 'sort on a field that does not sort', () => query({ sort: [{ fieldName: 'tags' }] })],
    ['WDE0068', 'more than 1000 ids to remove', () => checkIds(ids(1001))],
    ['WDE0069', 'more than 1000 values for a non-id field', () => query({ filter: { title: { $in: ids(1001) } } })],
    ['WDE0070', 'regex keyword', () => query({ filter: { title: { $regex: '^a' } } })],
    ['WDE0080', 'skip with a cursor', () => query({ cursor: 'c1', skip: 0 })],
    ['WDE0165', 'cursor not a string', () => query({ cursor: 12 })],
  ];

  it.each(rows)('%s: %s', (wde, _meaning, run) => refusedWith(run, wde));

  it('the paging factories the client raises: no previous page WDE0159, no next page WDE0165', () => {
    refusedWith(() => {
      throw errors.noPreviousPage('no previous page');
    }, 'WDE0159');
    refusedWith(() => {
      throw errors.noNextPage('no next page');
    }, 'WDE0165');
  });
});

describe('the other forms each code covers', () => {
  it('names and ids: any non-string, and the empty string', () => {
    for (const value of [undefined, null, '', 1, {}]) {
      refusedWith(() => checkCollectionId(value), 'WDE0001');
      refusedWith(() => checkItemId(value), 'WDE0002');
      refusedWith(() => checkFieldName(value), 'WDE0003');
    }
    refusedWith(() => checkIds('id-1'), 'WDE0002');
    refusedWith(() => checkIds(['id-1', 2]), 'WDE0002');
    refusedWith(() => checkItem({ _id: 5 }, notes), 'WDE0002');
  });

  it('items: a Date or null is no item; an update with a non-string _id needs one', () => {
    refusedWith(() => checkItem(new Date(), notes), 'WDE0004');
    refusedWith(() => checkItem(null, notes), 'WDE0004');
    refusedWith(() => checkItems({ 0: { title: 'a' } }, notes), 'WDE0005');
    refusedWith(() => checkItem({ _id: 5 }, notes, { needsId: true }), 'WDE0007');
  });

  it('system fields other than the stamped ones are refused', () => {
    refusedWith(() => checkItem({ _secret: 1 }, notes), 'WDE0045');
  });

  it('numbers at any depth: below 2^53 in magnitude, finite', () => {
    refusedWith(() => checkItem({ meta: { nested: [1, -(2 ** 53)] } }, notes), 'WDE0037');
    refusedWith(() => checkItem({ title: Number.NaN }, notes), 'WDE0046');
    refusedWith(() => checkItem({ rating: Infinity }, notes), 'WDE0046');
    refusedWith(() => query({ filter: { rating: 2 ** 53 } }), 'WDE0037');
    refusedWith(() => query({ skip: 2 ** 53 }), 'WDE0037');
  });

  it('references: every list entry an id or an item; targets one or a non-empty list', () => {
    refusedWith(() => checkItem({ related: ['a', { _id: 1 }] }, notes), 'WDE0021');
    refusedWith(() => checkItem({ related: 'a' }, notes), 'WDE0021');
    refusedWith(() => checkReferenceTarget(''), 'WDE0019');
    refusedWith(() => checkReferenceTargets([]), 'WDE0019');
    refusedWith(() => checkReferenceTargets(ids(1001)), 'WDE0068');
    refusedWith(() => checkMultiReferenceField(notes, 'missing'), 'WDE0020');
    refusedWith(() => checkMultiReferenceField(notes, 7), 'WDE0003');
  });

  it('options: an object of the five flags and a language (WDE0046 for any fault)', () => {
    refusedWith(() => checkOptions('suppressAuth'), 'WDE0046');
    refusedWith(() => checkOptions({ suppressAuth: 'yes' }), 'WDE0046');
    refusedWith(() => checkOptions({ language: '' }), 'WDE0046');
    refusedWith(() => checkOptions({ supressAuth: true }), 'WDE0046');
  });

  it('queries: not an object, an unknown key, filters on fields that do not filter', () => {
    refusedWith(() => query('title'), 'WDE0016');
    refusedWith(() => query([{ filter: {} }]), 'WDE0016');
    refusedWith(() => query({ fitler: {} }), 'WDE0046');
    refusedWith(() => query({ filter: { body: { $exists: true } } }), 'WDE0045');
    refusedWith(() => query({ filter: { _secret: 'a' } }), 'WDE0045');
    refusedWith(() => query({ sort: [{ fieldName: 'meta' }] }), 'WDE0051');
    refusedWith(() => query({ sort: [{ fieldName: 'title', order: 'UP' }] }), 'WDE0051');
    refusedWith(() => query({ limit: 0 }), 'WDE0035');
    refusedWith(() => query({ filter: { _id: { $in: ids(1001) } } }), 'WDE0068');
    refusedWith(() => query({ filter: { related: { $hasSome: ids(1001) } } }), 'WDE0068');
    refusedWith(() => query({ filter: { _createdDate: { $gt: 'yesterday' } } }), 'WDE0046');
  });

  it('argument counts: too few and too many', () => {
    refusedWith(() => checkArgumentCount('insertReference', 5, 3, 4), 'WDE0008');
    refusedWith(() => checkArgumentCount('insertReference', 2, 3, 4), 'WDE0008');
  });
});

describe('accepted forms', () => {
  it('names, ids and id lists', () => {
    expect(checkCollectionId('notes')).toBe('notes');
    expect(checkItemId('n-1')).toBe('n-1');
    expect(checkFieldName('related')).toBe('related');
    expect(checkIds(ids(1000))).toHaveLength(1000);
    expect(checkIds([])).toEqual([]);
    expect(() => checkArgumentCount('get', 2, 2)).not.toThrow();
    expect(() => checkArgumentCount('insertReference', 4, 3, 4)).not.toThrow();
  });

  it('an item: references stored as ids, stamped system fields dropped, values of other types kept', () => {
    const item = checkItem(
      {
        _id: 'n-1',
        _owner: 'someone-else',
        _createdDate: '2020-01-01T00:00:00.000Z',
        _updatedDate: '2020-01-01T00:00:00.000Z',
        title: 42,
        rating: -(2 ** 53 - 1),
        due: null,
        meta: { deep: [{ n: 2 ** 52 }] },
        author: { _id: 'm-1', name: 'Ann' },
        related: ['n-2', { _id: 'n-3' }, { id: 'n-4' }],
      },
      notes,
      { needsId: true },
    );
    expect(item).toEqual({
      _id: 'n-1',
      title: 42,
      rating: -(2 ** 53 - 1),
      due: null,
      meta: { deep: [{ n: 2 ** 52 }] },
      author: 'm-1',
      related: ['n-2', 'n-3', 'n-4'],
    });
  });

  it('an item without _id on insert, and one that refers to itself', () => {
    const meta: Record<string, unknown> = { n: 1 };
    meta.self = meta;
    expect(checkItem({ title: 'a', _id: null, meta }, notes)).toEqual({ title: 'a', meta });
  });

  it('bulk items: up to 1000, checked against the collection when given', () => {
    expect(
      checkItems(
        ids(1000).map((_id) => ({ _id })),
        notes,
      ),
    ).toHaveLength(1000);
    expect(checkItems([{ author: 'm-1', extra: 1 }])).toEqual([{ author: 'm-1', extra: 1 }]);
    expect(checkItems([{ author: { _id: 'm-1' } }], notes)).toEqual([{ author: 'm-1' }]);
  });

  it('reference targets: an id, an item with _id or id, a list', () => {
    expect(checkReferenceTarget('n-1')).toBe('n-1');
    expect(checkReferenceTarget({ _id: 'n-2', title: 'x' })).toBe('n-2');
    expect(checkReferenceTarget({ id: 'n-3' })).toBe('n-3');
    expect(checkReferenceTargets(['n-1', { _id: 'n-2' }])).toEqual(['n-1', 'n-2']);
    expect(checkReferenceTargets({ _id: 'n-2' })).toEqual(['n-2']);
    expect(checkMultiReferenceField(notes, 'related')).toBe('related');
  });

  it('options', () => {
    expect(checkOptions(undefined)).toEqual({});
    expect(checkOptions(null)).toEqual({});
    const all = {
      suppressAuth: true,
      suppressHooks: false,
      showDrafts: true,
      consistentRead: true,
      overrideExisting: false,
      language: 'en',
    };
    expect(checkOptions(all)).toEqual(all);
    expect(checkOptions({ language: undefined, suppressAuth: true })).toEqual({ suppressAuth: true });
  });

  it('a query: defaults', () => {
    for (const raw of [undefined, null, {}])
      expect(query(raw)).toEqual({ filter: { kind: 'and', nodes: [] }, sort: [], limit: 50, skip: 0 });
  });

  it('a query: filters on every queryable kind and the system fields, sort, paging', () => {
    const parsed = query({
      filter: {
        title: { $contains: 'plan' },
        link: { $startsWith: 'https://' },
        rating: { $between: [1, 5] },
        due: { $gte: '2024-01-01' },
        done: false,
        tags: { $hasAll: ['a', 'b'] },
        author: { $in: ['m-1', 'm-2'] },
        related: { $hasSome: ['n-1'] },
        _id: { $ne: 'n-9' },
        _owner: { $exists: true },
        $or: [{ _createdDate: { $lt: { $date: '2025-01-01T00:00:00Z' } } }, { _updatedDate: null }],
      },
      sort: [{ fieldName: '_createdDate', order: 'DESC' }, { fieldName: 'title' }],
      limit: 1000,
      skip: 20,
    });
    expect(parsed.limit).toBe(1000);
    expect(parsed.skip).toBe(20);
    expect(parsed.sort).toEqual([
      { fieldName: '_createdDate', order: 'DESC' },
      { fieldName: 'title', order: 'ASC' },
    ]);
    expect(parsed.filter.kind).toBe('and');
    const nodes = parsed.filter.kind === 'and' ? parsed.filter.nodes : [];
    expect(nodes).toHaveLength(11);
    expect(nodes).toContainEqual({ kind: 'condition', op: '$gte', field: 'due', value: Date.parse('2024-01-01') });
    expect(nodes).toContainEqual({ kind: 'condition', op: '$eq', field: 'done', value: false });
    expect(nodes).toContainEqual({ kind: 'condition', op: '$hasAll', field: 'tags', value: ['a', 'b'] });
  });

  it('a query with a cursor (and skip left out or null)', () => {
    expect(query({ cursor: 'c1' }).cursor).toBe('c1');
    expect(query({ cursor: 'c1', skip: null, limit: 10 })).toMatchObject({ cursor: 'c1', skip: 0, limit: 10 });
    expect(query({ cursor: null })).not.toHaveProperty('cursor');
  });
});
