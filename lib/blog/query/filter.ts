import { errors } from '@/lib/errors';
import type { Post } from '../schemas';
import { type FieldKind, QUERY_FIELDS, type QueryField, fieldSpec, isQueryField } from './fields';
import { isRecord } from '../../json';

// The Wix REST filter language: parsed once into a tree (every catalogue check happens here), then
// evaluated against posts by the local source or translated by the Wix source.

export const MAX_LIST_VALUES = 1000;
const MAX_DEPTH = 32;

export type Scalar = string | number | boolean | null;

export type Condition =
  | { op: '$eq' | '$ne'; field: QueryField; value: Scalar }
  | { op: '$gt' | '$gte' | '$lt' | '$lte'; field: QueryField; value: string | number }
  | { op: '$in' | '$hasSome' | '$hasAll'; field: QueryField; value: Scalar[] }
  | { op: '$exists' | '$isEmpty' | '$isNotEmpty'; field: QueryField; value: boolean }
  | { op: '$startsWith' | '$endsWith' | '$contains'; field: QueryField; value: string }
  | { op: '$between'; field: QueryField; value: [string | number, string | number] };

export type FilterNode =
  | { kind: 'and'; nodes: FilterNode[] }
  | { kind: 'or'; nodes: FilterNode[] }
  | { kind: 'not'; node: FilterNode }
  | ({ kind: 'condition' } & Condition);

const COMPARISON = new Set(['$gt', '$gte', '$lt', '$lte']);
const SETS = new Set(['$in', '$hasSome', '$hasAll']);
const FLAGS = new Set(['$exists', '$isEmpty', '$isNotEmpty']);
const STRINGS = new Set(['$startsWith', '$endsWith', '$contains']);
const OPERATORS = new Set(['$eq', '$ne', '$between', ...COMPARISON, ...SETS, ...FLAGS, ...STRINGS]);

const isRegexKeyword = (key: string) => /regex|regularexpression|^\$options$/i.test(key);

/**
 * Objects and arrays the regex scan visits at most. A 64 KiB body holds fewer than 33,000 of them (`[]`
 * is two bytes), so only a filter built in memory can reach this; it is refused as too large.
 */
const MAX_SCANNED_NODES = 100_000;

/**
 * A regex keyword anywhere in the filter is WDE0070, before any other check and at any depth: the walk
 * is iterative (no recursion to overflow), so a regex under 10,000 levels of `$and` is still WDE0070
 * rather than the depth check's WDE0040.
 */
function assertNoRegex(root: object): void {
  const pending: object[] = [root];
  let scanned = 0;
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (++scanned > MAX_SCANNED_NODES)
      throw errors.logicalArity(`filter has more than ${MAX_SCANNED_NODES} objects and lists`);
    for (const [key, child] of Object.entries(node)) {
      if (!Array.isArray(node) && isRegexKeyword(key))
        throw errors.regexNotAllowed(`"${key}" is not allowed: regular expressions are not supported`);
      if (typeof child === 'object' && child !== null) pending.push(child);
    }
  }
}

/** Parses a raw filter; throws a catalogue CatalogueError (WDE0016, 0038-0051, 0068-0070) on bad input. */
export function parseFilter(raw: unknown): FilterNode {
  if (raw === undefined || raw === null) return { kind: 'and', nodes: [] };
  if (!isRecord(raw)) throw errors.filterNotObject('filter must be an object');
  assertNoRegex(raw);
  return parseObject(raw, 0);
}

function parseObject(raw: Record<string, unknown>, depth: number): FilterNode {
  if (depth > MAX_DEPTH) throw errors.logicalArity(`filter is nested deeper than ${MAX_DEPTH} levels`);
  const nodes: FilterNode[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || value.length === 0)
        throw errors.logicalArity(`${key} takes a non-empty array of filters`);
      const children = value.map((child) => {
        if (!isRecord(child)) throw errors.filterNotObject(`every item of ${key} must be an object`);
        return parseObject(child, depth + 1);
      });
      nodes.push({ kind: key === '$and' ? 'and' : 'or', nodes: children });
    } else if (key === '$not') {
      if (!isRecord(value)) throw errors.notArity('$not takes exactly one filter object');
      nodes.push({ kind: 'not', node: parseObject(value, depth + 1) });
    } else if (key.startsWith('$')) {
      throw errors.unknownOperator(`unknown operator "${key}" at the top of a filter`);
    } else {
      nodes.push(...parseField(key, value));
    }
  }
  return nodes.length === 1 ? nodes[0]! : { kind: 'and', nodes };
}

function parseField(field: string, value: unknown): FilterNode[] {
  if (!isQueryField(field)) throw errors.unknownField(`"${field}" is not a filterable field`);
  const kind = QUERY_FIELDS[field].kind;
  if (!isRecord(value)) return [{ kind: 'condition', ...condition(field, kind, '$eq', value) }];
  const ops = Object.entries(value);
  if (ops.length === 0) throw errors.unknownOperator(`"${field}" has an empty condition`);
  return ops.map(([op, operand]) => ({ kind: 'condition', ...condition(field, kind, op, operand) }) as FilterNode);
}

function condition(field: QueryField, kind: FieldKind, op: string, operand: unknown): Condition {
  if (!OPERATORS.has(op)) throw errors.unknownOperator(`unknown operator "${op}" on "${field}"`);
  if (op === '$eq' || op === '$ne') return { op, field, value: scalar(field, kind, op, operand) };
  if (COMPARISON.has(op)) return { op: op as '$gt', field, value: ordered(field, kind, op, operand) };
  if (op === '$between') {
    if (!Array.isArray(operand) || operand.length !== 2)
      throw errors.betweenArity(`$between on "${field}" takes exactly two values`);
    const [from, to] = operand.map((v) => ordered(field, kind, op, v)) as [string | number, string | number];
    if (typeof from !== typeof to)
      throw errors.comparisonOperand(`$between on "${field}" needs two values of the same type`);
    return { op, field, value: [from, to] };
  }
  if (SETS.has(op)) {
    if (!Array.isArray(operand)) throw errors.setArity(`${op} on "${field}" takes an array of values`);
    if (operand.length > MAX_LIST_VALUES) {
      const tooMany = fieldSpec(field).ids ? errors.tooManyIds : errors.tooManyValues;
      throw tooMany(`${op} on "${field}" takes at most ${MAX_LIST_VALUES} values, got ${operand.length}`);
    }
    if (op === '$hasAll' && kind !== 'stringArray')
      throw errors.comparisonOperand(`$hasAll applies to list fields; "${field}" is not one`);
    const values = operand.map((v) => {
      if (!(typeof v === 'string' || typeof v === 'number' || isDateOperand(v)))
        throw errors.setItem(`${op} on "${field}" accepts only strings, numbers or dates`);
      return scalar(field, kind, op, v);
    });
    return { op: op as '$in', field, value: values };
  }
  if (FLAGS.has(op)) {
    if (typeof operand !== 'boolean') throw errors.booleanOperand(`${op} on "${field}" takes true or false`);
    return { op: op as '$exists', field, value: operand };
  }
  if (typeof operand !== 'string') throw errors.stringOperand(`${op} on "${field}" takes a string`);
  if (kind !== 'string') throw errors.stringOperand(`${op} applies to text fields; "${field}" is not one`);
  return { op: op as '$contains', field, value: operand };
}

const isDateOperand = (v: unknown): v is { $date: string } => isRecord(v) && typeof v.$date === 'string';

function scalar(field: QueryField, kind: FieldKind, op: string, operand: unknown): Scalar {
  if (operand === null) return null;
  if (kind === 'date') return dateMillis(field, op, operand);
  if (kind === 'boolean') {
    if (typeof operand !== 'boolean') throw errors.booleanOperand(`${op} on "${field}" takes true or false`);
    return operand;
  }
  if (kind === 'number') {
    if (typeof operand !== 'number' || !Number.isFinite(operand))
      throw errors.comparisonOperand(`${op} on "${field}" takes a number`);
    if (Math.abs(operand) >= 2 ** 53) throw errors.numberTooLarge(`${op} on "${field}": numbers must be below 2^53`);
    return operand;
  }
  if (typeof operand !== 'string') throw errors.comparisonOperand(`${op} on "${field}" takes a string`);
  return operand;
}

function ordered(field: QueryField, kind: FieldKind, op: string, operand: unknown): string | number {
  if (kind === 'boolean' || kind === 'stringArray')
    throw errors.comparisonOperand(`${op} does not apply to "${field}"`);
  const value = scalar(field, kind, op, operand);
  if (value === null || typeof value === 'boolean')
    throw errors.comparisonOperand(`${op} on "${field}" needs a string, number or date`);
  return value;
}

function dateMillis(field: string, op: string, operand: unknown): number {
  const text = isDateOperand(operand) ? operand.$date : operand;
  const millis = typeof text === 'string' && /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(millis)) throw errors.comparisonOperand(`${op} on "${field}" takes an ISO date`);
  return millis;
}

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
