import {
  type Condition as AnyCondition,
  type FilterNode as AnyFilterNode,
  type Scalar,
  parseFilter as parse,
} from '@/lib/core/query/filter';
import type { Post } from '../types';
import { POST_SCHEMA, QUERY_FIELDS, type QueryField } from './fields';

// Post filters: the query language (lib/core/query/filter.ts) over the post fields, and what a filter means for a post
// held in memory (the local source and the engine; the Wix source translates the tree instead, wix/query.ts).

export type { Scalar };
export type Condition = AnyCondition<QueryField>;
export type FilterNode = AnyFilterNode<QueryField>;

/** Parses a raw post filter; throws a catalogue CatalogueError (WDE0016, 0038-0051, 0068-0070) on bad input. */
export const parseFilter = (raw: unknown): FilterNode => parse(raw, POST_SCHEMA);

/** The value a field has on a post, in the form conditions compare against (dates as epoch millis). */
export function fieldValue(post: Post, field: QueryField): unknown {
  const value = QUERY_FIELDS[field].read(post);
  if (QUERY_FIELDS[field].kind === 'date') return typeof value === 'string' ? Date.parse(value) : undefined;
  return value;
}

const fold = (s: string) => s.toLocaleLowerCase('en');

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function matchesCondition(post: Post, c: Condition): boolean {
  const actual = fieldValue(post, c.field);
  const list = Array.isArray(actual) ? (actual as unknown[]) : null;
  switch (c.op) {
    case '$eq':
      if (c.value === null) return isEmpty(actual);
      return list ? list.includes(c.value) : actual === c.value;
    case '$ne':
      if (c.value === null) return !isEmpty(actual);
      return list ? !list.includes(c.value) : actual !== c.value;
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      if (typeof actual !== typeof c.value) return false;
      const cmp = compareScalars(actual as string | number, c.value);
      return c.op === '$gt' ? cmp > 0 : c.op === '$gte' ? cmp >= 0 : c.op === '$lt' ? cmp < 0 : cmp <= 0;
    }
    case '$between': {
      if (typeof actual !== typeof c.value[0]) return false;
      const v = actual as string | number;
      return compareScalars(v, c.value[0]) >= 0 && compareScalars(v, c.value[1]) < 0;
    }
    case '$in':
    case '$hasSome':
      return list ? list.some((v) => c.value.includes(v as Scalar)) : c.value.includes(actual as Scalar);
    case '$hasAll':
      return !!list && c.value.every((v) => list.includes(v));
    case '$exists':
      return (actual !== undefined && actual !== null) === c.value;
    case '$isEmpty':
      return isEmpty(actual) === c.value;
    case '$isNotEmpty':
      return !isEmpty(actual) === c.value;
    case '$startsWith':
      return typeof actual === 'string' && fold(actual).startsWith(fold(c.value));
    case '$endsWith':
      return typeof actual === 'string' && fold(actual).endsWith(fold(c.value));
    case '$contains':
      return typeof actual === 'string' && fold(actual).includes(fold(c.value));
  }
}

const compareScalars = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

export function matches(post: Post, node: FilterNode): boolean {
  switch (node.kind) {
    case 'and':
      return node.nodes.every((n) => matches(post, n));
    case 'or':
      return node.nodes.some((n) => matches(post, n));
    case 'not':
      return !matches(post, node.node);
    case 'condition':
      return matchesCondition(post, node);
  }
}
