import { errors } from '@/lib/core/errors';
import { QUERY_FIELDS, type QueryField } from '../query/fields';
import type { Condition, FilterNode, Scalar } from '../query/filter';
import type { SortSpec } from '../query/sort';
import { isRecord } from '@/lib/core/json';

// Our query language (parsed and validated by parseFilter) to the subset Wix's Query Posts accepts.
// What each field supports, from Wix's "Posts: Supported Filters and Sorting" table; what Wix lacks is
// rewritten in terms of what it has ($between -> $gte + $lt, $in -> $hasSome, ...) or refused with a 400.

type WixOp =
  | '$eq'
  | '$ne'
  | '$gt'
  | '$gte'
  | '$lt'
  | '$lte'
  | '$in'
  | '$hasSome'
  | '$hasAll'
  | '$exists'
  | '$startsWith'
  | '$endsWith'
  | '$contains';

const RANGE: WixOp[] = ['$eq', '$ne', '$lt', '$lte', '$gt', '$gte', '$in'];
const LIST: WixOp[] = ['$hasSome', '$hasAll'];

const SUPPORTED: Record<QueryField, WixOp[]> = {
  id: ['$eq', '$ne', '$hasSome'],
  // PostQuerySpec (@wix/auto_sdk_blog_posts build/es/index.typings.d.mts) lists these for `title`: no $contains or
  // $endsWith (a search for words is the local source's, or Wix's own search).
  title: ['$eq', '$ne', '$startsWith', '$hasSome', '$lt', '$lte', '$gt', '$gte', '$exists', '$in'],
  slug: LIST,
  firstPublishedDate: RANGE,
  lastPublishedDate: RANGE,
  featured: ['$eq', '$ne'],
  pinned: ['$eq', '$ne'],
  categoryIds: LIST,
  tagIds: LIST,
  hashtags: LIST,
  memberId: ['$eq', '$ne', '$hasSome'],
  minutesToRead: RANGE,
  language: ['$eq', '$ne', '$hasSome', '$exists', '$in'],
  'metrics.views': RANGE,
  'metrics.likes': RANGE,
  'metrics.comments': RANGE,
};

const SORTABLE = new Set<QueryField>([
  'id',
  'title',
  'slug',
  'firstPublishedDate',
  'lastPublishedDate',
  'featured',
  'pinned',
  'metrics.views',
  'metrics.likes',
  'metrics.comments',
]);

/** Wix accepts at most three sort fields. */
const MAX_SORT = 3;

export type WixFilter = Record<string, unknown>;

const has = (field: QueryField, ...ops: WixOp[]) => ops.every((op) => SUPPORTED[field].includes(op));

const refuse = (field: QueryField, op: string, note = '') =>
  errors.unknownOperator(
    `the Wix source cannot filter "${field}" with ${op}${note}; Wix supports ${SUPPORTED[field].join(', ')} on "${field}"`,
  );

/** Filter values: our parser turns dates into epoch millis, Wix wants ISO strings. */
const wixValue = (field: QueryField, value: Scalar) =>
  QUERY_FIELDS[field].kind === 'date' && typeof value === 'number' ? new Date(value).toISOString() : value;

const on = (field: QueryField, ops: Record<string, unknown>): WixFilter => ({ [field]: ops });

function isEmptyFilter(field: QueryField, empty: boolean): WixFilter {
  if (!has(field, '$exists', '$eq', '$ne')) throw refuse(field, empty ? '$isEmpty' : '$isNotEmpty');
  return empty
    ? { $or: [on(field, { $exists: false }), on(field, { $eq: '' })] }
    : { $and: [on(field, { $exists: true }), on(field, { $ne: '' })] };
}

function equality(field: QueryField, value: Scalar, negate: boolean): WixFilter {
  const op = negate ? '$ne' : '$eq';
  if (value === null) {
    if (!has(field, '$exists')) throw refuse(field, `${op} null`);
    return on(field, { $exists: negate });
  }
  if (has(field, op)) return on(field, { [op]: wixValue(field, value) });
  if (!has(field, '$hasSome')) throw refuse(field, op);
  const some = on(field, { $hasSome: [wixValue(field, value)] });
  return negate ? { $not: some } : some;
}

function condition(c: Condition): WixFilter {
  const { field } = c;
  switch (c.op) {
    case '$eq':
    case '$ne':
      return equality(field, c.value, c.op === '$ne');
    case '$between':
      if (!has(field, '$gte', '$lt')) throw refuse(field, '$between');
      return on(field, { $gte: wixValue(field, c.value[0]), $lt: wixValue(field, c.value[1]) });
    case '$in': {
      const values = c.value.map((v) => wixValue(field, v));
      if (has(field, '$in')) return on(field, { $in: values });
      if (has(field, '$hasSome')) return on(field, { $hasSome: values });
      throw refuse(field, '$in');
    }
    case '$isEmpty':
    case '$isNotEmpty':
      return isEmptyFilter(field, c.op === '$isEmpty' ? c.value : !c.value);
    default: {
      if (!has(field, c.op)) throw refuse(field, c.op);
      const value = Array.isArray(c.value)
        ? c.value.map((v) => wixValue(field, v))
        : wixValue(field, c.value as Scalar);
      return on(field, { [c.op]: value });
    }
  }
}

/** Joins filters into one object when their keys do not collide, else into an `$and`. */
function conjunction(parts: WixFilter[]): WixFilter {
  const merged: WixFilter = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const existing = merged[key];
      if (existing === undefined) merged[key] = value;
      else if (
        !key.startsWith('$') &&
        isRecord(existing) &&
        isRecord(value) &&
        !Object.keys(value).some((op) => op in existing)
      ) {
        merged[key] = { ...existing, ...value };
      } else return { $and: parts };
    }
  }
  return merged;
}

export function toWixFilter(node: FilterNode): WixFilter {
  switch (node.kind) {
    case 'and':
      return conjunction(node.nodes.map(toWixFilter));
    case 'or':
      return { $or: node.nodes.map(toWixFilter) };
    case 'not':
      return { $not: toWixFilter(node.node) };
    case 'condition':
      return condition(node);
  }
}

export function toWixSort(sort: SortSpec[]): SortSpec[] {
  if (sort.length > MAX_SORT) throw errors.sortNotSortable(`the Wix source sorts by at most ${MAX_SORT} fields`);
  for (const s of sort) {
    if (!SORTABLE.has(s.fieldName)) throw errors.sortNotSortable(`the Wix source cannot sort by "${s.fieldName}"`);
  }
  return sort;
}
