import { describe, expect, it } from 'vitest';
import { CatalogueError } from '@/lib/core/errors';
import { matches, parseFilter } from '@/lib/blog/query/filter';
import { makePost, makePosts } from '../helpers/posts';

const posts = makePosts(40);
const ids = (filter: unknown) => posts.filter((p) => matches(p, parseFilter(filter))).map((p) => p.id);
const idsWhere = (test: (p: (typeof posts)[number]) => boolean) => posts.filter(test).map((p) => p.id);

function wde(filter: unknown): string {
  try {
    parseFilter(filter);
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogueError);
    return (error as CatalogueError).wde;
  }
  throw new Error('expected the filter to be rejected');
}

describe('filter operators', () => {
  it('$eq and the bare value form', () => {
    expect(ids({ slug: 'post-3' })).toEqual(['post-0003']);
    expect(ids({ slug: { $eq: 'post-3' } })).toEqual(['post-0003']);
    expect(ids({ featured: true })).toEqual(idsWhere((p) => p.featured));
  });

  it('$ne', () => {
    expect(ids({ memberId: { $ne: 'member-a' } })).toEqual(idsWhere((p) => p.memberId !== 'member-a'));
  });

  it('$gt $gte $lt $lte on numbers', () => {
    expect(ids({ 'metrics.views': { $gt: 50 } })).toEqual(idsWhere((p) => p.metrics!.views > 50));
    expect(ids({ 'metrics.views': { $gte: 50 } })).toEqual(idsWhere((p) => p.metrics!.views >= 50));
    expect(ids({ minutesToRead: { $lt: 3 } })).toEqual(idsWhere((p) => p.minutesToRead < 3));
    expect(ids({ minutesToRead: { $lte: 3 } })).toEqual(idsWhere((p) => p.minutesToRead <= 3));
  });

  it('compares dates as instants, whatever the offset spelling', () => {
    const cut = '2025-01-10T12:00:00.000Z';
    expect(ids({ firstPublishedDate: { $gte: cut } })).toEqual(idsWhere((p) => p.firstPublishedDate! >= cut));
    expect(ids({ firstPublishedDate: { $gte: '2025-01-10T14:00:00+02:00' } })).toEqual(
      ids({ firstPublishedDate: { $gte: cut } }),
    );
    expect(ids({ firstPublishedDate: { $lt: { $date: cut } } })).toEqual(idsWhere((p) => p.firstPublishedDate! < cut));
  });

  it('$between includes the start and excludes the end', () => {
    expect(ids({ 'metrics.likes': { $between: [3, 5] } })).toEqual(
      idsWhere((p) => p.metrics!.likes >= 3 && p.metrics!.likes < 5),
    );
    expect(ids({ firstPublishedDate: { $between: ['2025-01-02T12:00:00Z', '2025-01-04T12:00:00Z'] } })).toEqual([
      'post-0001',
      'post-0002',
    ]);
  });

  it('$in on scalars and on lists', () => {
    expect(ids({ id: { $in: ['post-0001', 'post-0002', 'missing'] } })).toEqual(['post-0001', 'post-0002']);
    expect(ids({ tagIds: { $in: ['tag-1'] } })).toEqual(idsWhere((p) => p.tagIds.includes('tag-1')));
  });

  it('$hasSome on a single-valued field is "one of"', () => {
    expect(ids({ id: { $hasSome: ['post-0001', 'post-0002'] } })).toEqual(['post-0001', 'post-0002']);
    expect(wde({ slug: { $hasAll: ['post-1'] } })).toBe('WDE0046');
  });

  it('$hasSome and $hasAll', () => {
    expect(ids({ tagIds: { $hasSome: ['tag-1', 'tag-2'] } })).toEqual(
      idsWhere((p) => p.tagIds.some((t) => ['tag-1', 'tag-2'].includes(t))),
    );
    expect(ids({ tagIds: { $hasAll: ['tag-even', 'tag-2'] } })).toEqual(
      idsWhere((p) => p.tagIds.includes('tag-even') && p.tagIds.includes('tag-2')),
    );
  });

  it('$exists, $isEmpty and $isNotEmpty on missing fields', () => {
    const sparse = [makePost(1, { memberId: undefined, hashtags: [] }), makePost(2, { hashtags: ['x'] })];
    const pick = (filter: unknown) => sparse.filter((p) => matches(p, parseFilter(filter))).map((p) => p.id);
    expect(pick({ memberId: { $exists: false } })).toEqual(['post-0001']);
    expect(pick({ memberId: { $exists: true } })).toEqual(['post-0002']);
    expect(pick({ hashtags: { $isEmpty: true } })).toEqual(['post-0001']);
    expect(pick({ hashtags: { $isNotEmpty: true } })).toEqual(['post-0002']);
    expect(pick({ memberId: { $eq: 'member-a' } })).toEqual(['post-0002']);
    expect(pick({ memberId: { $ne: 'member-a' } })).toEqual(['post-0001']);
  });

  it('$startsWith, $endsWith and $contains ignore case', () => {
    expect(ids({ title: { $startsWith: 'POST NUMBER 3' } })).toEqual([
      'post-0003',
      ...idsWhere((p) => /^Post number 3\d/.test(p.title)),
    ]);
    expect(ids({ slug: { $endsWith: '-12' } })).toEqual(['post-0012']);
    expect(ids({ title: { $contains: 'BER 2' } })).toEqual(idsWhere((p) => p.title.includes('ber 2')));
  });

  it('nests $and, $or and $not', () => {
    const filter = {
      $or: [{ $and: [{ featured: true }, { memberId: 'member-a' }] }, { $not: { 'metrics.views': { $lt: 90 } } }],
    };
    expect(ids(filter)).toEqual(idsWhere((p) => (p.featured && p.memberId === 'member-a') || !(p.metrics!.views < 90)));
  });

  it('several fields in one object are all required', () => {
    expect(ids({ featured: true, memberId: 'member-b' })).toEqual(
      idsWhere((p) => p.featured && p.memberId === 'member-b'),
    );
  });

  it('$in takes 1000 values and refuses 1001', () => {
    const values = Array.from({ length: 1000 }, (_, i) => `post-${String(i).padStart(4, '0')}`);
    expect(ids({ id: { $in: values } })).toHaveLength(40);
    expect(wde({ id: { $in: [...values, 'one-more'] } })).toBe('WDE0068');
    expect(wde({ hashtags: { $hasSome: Array.from({ length: 1001 }, (_, i) => `h${i}`) } })).toBe('WDE0069');
  });
});

describe('filter validation', () => {
  it.each([
    ['a string', 'featured = true', 'WDE0016'],
    ['an array', [{ featured: true }], 'WDE0016'],
    ['$regex', { title: { $regex: '^a' } }, 'WDE0070'],
    ['a nested regex', { $and: [{ title: { $regularExpression: 'x' } }] }, 'WDE0070'],
    ['$between with one value', { minutesToRead: { $between: [1] } }, 'WDE0038'],
    ['$in without a list', { id: { $in: 'post-1' } }, 'WDE0039'],
    ['an empty $and', { $and: [] }, 'WDE0040'],
    ['$not with a list', { $not: [{ featured: true }] }, 'WDE0041'],
    ['an unknown operator', { title: { $like: 'a' } }, 'WDE0044'],
    ['an unknown field', { password: 'x' }, 'WDE0045'],
    ['a string compared with a number field', { minutesToRead: { $gt: 'five' } }, 'WDE0046'],
    ['a number where text is needed', { title: { $contains: 5 } }, 'WDE0047'],
    ['an object in a set', { id: { $in: [{}] } }, 'WDE0048'],
    ['$exists with a string', { memberId: { $exists: 'yes' } }, 'WDE0049'],
    ['a number not below 2^53', { minutesToRead: { $eq: 2 ** 53 } }, 'WDE0037'],
    ['a date that is not a date', { firstPublishedDate: { $gt: 'yesterday' } }, 'WDE0046'],
  ])('rejects %s', (_name, filter, code) => {
    expect(wde(filter)).toBe(code);
  });
});

describe('a regex keyword at any depth', () => {
  const nest = (levels: number, leaf: Record<string, unknown>) => {
    let filter: Record<string, unknown> = leaf;
    for (let i = 0; i < levels; i++) filter = { $and: [filter] };
    return filter;
  };

  it.each([1, 32, 33, 34, 40, 200])('is WDE0070 under %i levels of $and', (levels) => {
    expect(wde(nest(levels, { title: { $regex: '^a' } }))).toBe('WDE0070');
  });

  it('is WDE0070 ten thousand levels down, without overflowing the stack', () => {
    expect(wde(nest(10_000, { title: { $regex: '^a' } }))).toBe('WDE0070');
    let deep: unknown = { $regex: 'x' };
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(wde({ id: { $in: deep } })).toBe('WDE0070');
  });

  it('is WDE0070 even after other mistakes earlier in the filter', () => {
    expect(wde({ $and: [{ password: 'x' }, nest(50, { title: { $options: 'i' } })] })).toBe('WDE0070');
  });

  it('leaves a filter too deep without a regex to WDE0040', () => {
    expect(wde(nest(40, { featured: true }))).toBe('WDE0040');
    expect(wde(nest(10_000, { featured: true }))).toBe('WDE0040');
  });
});
