import { errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import type { Field, FieldSchema } from './schema';

// The Wix REST filter language, for any schema: parsed once into a tree (every catalogue check happens here), then
// evaluated or translated by each service (lib/blog/query/filter.ts for posts, lib/data's backends for items).

export const MAX_LIST_VALUES = 1000;
const MAX_DEPTH = 32;

export type Scalar = string | number | boolean | null;

/** One condition on one field; dates are epoch milliseconds. */
export type Condition<F extends string = string> =
  | { op: '$eq' | '$ne'; field: F; value: Scalar }
  | { op: '$gt' | '$gte' | '$lt' | '$lte'; field: F; value: string | number }
  | { op: '$in' | '$hasSome' | '$hasAll'; field: F; value: Scalar[] }
  | { op: '$exists' | '$isEmpty' | '$isNotEmpty'; field: F; value: boolean }
  | { op: '$startsWith' | '$endsWith' | '$contains'; field: F; value: string }
  | { op: '$between'; field: F; value: [string | number, string | number] };

export type FilterNode<F extends string = string> =
  | { kind: 'and'; nodes: FilterNode<F>[] }
  | { kind: 'or'; nodes: FilterNode<F>[] }
  | { kind: 'not'; node: FilterNode<F> }
  | ({ kind: 'condition' } & Condition<F>);

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

/**
 * Parses a raw filter over the fields of `schema`; throws a CatalogueError (WDE0016, 0038-0051, 0068-0070) on bad
 * input. No filter is an empty AND, which everything passes.
 */
export function parseFilter<F extends string>(raw: unknown, schema: FieldSchema<F>): FilterNode<F> {
  if (raw === undefined || raw === null) return { kind: 'and', nodes: [] };
  if (!isRecord(raw)) throw errors.filterNotObject('filter must be an object');
  assertNoRegex(raw);
  return parseObject(raw, schema, 0);
}

function parseObject<F extends string>(
  raw: Record<string, unknown>,
  schema: FieldSchema<F>,
  depth: number,
): FilterNode<F> {
  if (depth > MAX_DEPTH) throw errors.logicalArity(`filter is nested deeper than ${MAX_DEPTH} levels`);
  const nodes: FilterNode<F>[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || value.length === 0)
        throw errors.logicalArity(`${key} takes a non-empty array of filters`);
      const children = value.map((child) => {
        if (!isRecord(child)) throw errors.filterNotObject(`every item of ${key} must be an object`);
        return parseObject(child, schema, depth + 1);
      });
      nodes.push({ kind: key === '$and' ? 'and' : 'or', nodes: children });
    } else if (key === '$not') {
      if (!isRecord(value)) throw errors.notArity('$not takes exactly one filter object');
      nodes.push({ kind: 'not', node: parseObject(value, schema, depth + 1) });
    } else if (key.startsWith('$')) {
      throw errors.unknownOperator(`unknown operator "${key}" at the top of a filter`);
    } else {
      nodes.push(...parseField(schema, key, value));
    }
  }
  return nodes.length === 1 ? nodes[0]! : { kind: 'and', nodes };
}

function parseField<F extends string>(schema: FieldSchema<F>, name: string, value: unknown): FilterNode<F>[] {
  const field = schema.field(name);
  if (!field) throw errors.unknownField(`"${name}" is not a filterable field`);
  if (!isRecord(value)) return [{ kind: 'condition', ...condition(field, '$eq', value) }];
  const ops = Object.entries(value);
  if (ops.length === 0) throw errors.unknownOperator(`"${name}" has an empty condition`);
  return ops.map(([op, operand]) => ({ kind: 'condition', ...condition(field, op, operand) }));
}

function condition<F extends string>(f: Field<F>, op: string, operand: unknown): Condition<F> {
  const field = f.name;
  if (!OPERATORS.has(op)) throw errors.unknownOperator(`unknown operator "${op}" on "${field}"`);
  if (op === '$eq' || op === '$ne') return { op, field, value: scalar(f, op, operand) };
  if (COMPARISON.has(op)) return { op: op as '$gt', field, value: ordered(f, op, operand) };
  if (op === '$between') {
    if (!Array.isArray(operand) || operand.length !== 2)
      throw errors.betweenArity(`$between on "${field}" takes exactly two values`);
    const [from, to] = operand.map((v) => ordered(f, op, v)) as [string | number, string | number];
    if (typeof from !== typeof to)
      throw errors.comparisonOperand(`$between on "${field}" needs two values of the same type`);
    return { op, field, value: [from, to] };
  }
  if (SETS.has(op)) {
    if (!Array.isArray(operand)) throw errors.setArity(`${op} on "${field}" takes an array of values`);
    if (operand.length > MAX_LIST_VALUES) {
      const tooMany = f.ids ? errors.tooManyIds : errors.tooManyValues;
      throw tooMany(`${op} on "${field}" takes at most ${MAX_LIST_VALUES} values, got ${operand.length}`);
    }
    if (op === '$hasAll' && f.kind !== 'stringArray')
      throw errors.comparisonOperand(`$hasAll applies to list fields; "${field}" is not one`);
    const values = operand.map((v) => {
      if (!(typeof v === 'string' || typeof v === 'number' || isDateOperand(v)))
        throw errors.setItem(`${op} on "${field}" accepts only strings, numbers or dates`);
      return scalar(f, op, v);
    });
    return { op: op as '$in', field, value: values };
  }
  if (FLAGS.has(op)) {
    if (typeof operand !== 'boolean') throw errors.booleanOperand(`${op} on "${field}" takes true or false`);
    return { op: op as '$exists', field, value: operand };
  }
  if (typeof operand !== 'string') throw errors.stringOperand(`${op} on "${field}" takes a string`);
  if (f.kind !== 'string') throw errors.stringOperand(`${op} applies to text fields; "${field}" is not one`);
  return { op: op as '$contains', field, value: operand };
}

const isDateOperand = (v: unknown): v is { $date: string } => isRecord(v) && typeof v.$date === 'string';

function scalar({ name, kind }: Field, op: string, operand: unknown): Scalar {
  if (operand === null) return null;
  if (kind === 'date') return dateMillis(name, op, operand);
  if (kind === 'boolean') {
    if (typeof operand !== 'boolean') throw errors.booleanOperand(`${op} on "${name}" takes true or false`);
    return operand;
  }
  if (kind === 'number') {
    if (typeof operand !== 'number' || !Number.isFinite(operand))
      throw errors.comparisonOperand(`${op} on "${name}" takes a number`);
    if (Math.abs(operand) >= 2 ** 53) throw errors.numberTooLarge(`${op} on "${name}": numbers must be below 2^53`);
    return operand;
  }
  if (typeof operand !== 'string') throw errors.comparisonOperand(`${op} on "${name}" takes a string`);
  return operand;
}

function ordered(field: Field, op: string, operand: unknown): string | number {
  if (field.kind === 'boolean' || field.kind === 'stringArray')
    throw errors.comparisonOperand(`${op} does not apply to "${field.name}"`);
  const value = scalar(field, op, operand);
  if (value === null || typeof value === 'boolean')
    throw errors.comparisonOperand(`${op} on "${field.name}" needs a string, number or date`);
  return value;
}

function dateMillis(field: string, op: string, operand: unknown): number {
  const text = isDateOperand(operand) ? operand.$date : operand;
  const millis = typeof text === 'string' && /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(millis)) throw errors.comparisonOperand(`${op} on "${field}" takes an ISO date`);
  return millis;
}
