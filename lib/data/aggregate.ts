import { errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import type { AggregateOp, Aggregation } from './backend';
import type { CollectionDeclaration } from './model';
import { checkDataQuery, checkFieldName, dataSchema } from './validate';

// The checks of distinct and aggregate: every field named is one the collection can be queried by (WDE0003 not a
// string, WDE0045 unknown), sums and averages take number fields, and results are named by plain identifiers.

const OPS = new Set<AggregateOp>(['count', 'sum', 'avg', 'min', 'max']);
const RESULT_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const MAX_GROUP_FIELDS = 10;

/** A field the collection can be filtered and grouped by. */
export function queryableField(collection: CollectionDeclaration, raw: unknown): string {
  const name = checkFieldName(raw);
  if (!dataSchema(collection).field(name)) throw errors.unknownField(`"${name}" is not a field of ${collection.id}`);
  return name;
}

export function checkAggregation(raw: unknown, collection: CollectionDeclaration): Aggregation {
  if (!isRecord(raw)) throw errors.filterNotObject('an aggregation must be an object { filter, groupBy, operations }');
  const { filter } = checkDataQuery(raw.filter === undefined ? {} : { filter: raw.filter }, collection);
  const rawGroups = raw.groupBy ?? [];
  if (!Array.isArray(rawGroups) || rawGroups.length > MAX_GROUP_FIELDS) {
    throw errors.badValue(`groupBy must be a list of at most ${MAX_GROUP_FIELDS} field names`);
  }
  const groupBy = rawGroups.map((field) => queryableField(collection, field));
  if (!isRecord(raw.operations) || Object.keys(raw.operations).length === 0) {
    throw errors.badValue('operations must name at least one { op, field } (op: count, sum, avg, min, max)');
  }
  const operations: Aggregation['operations'] = {};
  for (const [name, spec] of Object.entries(raw.operations)) {
    if (!RESULT_NAME.test(name) || groupBy.includes(name)) {
      throw errors.badValue(`"${name.slice(0, 64)}" cannot name a result: a plain name, not a grouped field`);
    }
    if (!isRecord(spec) || !OPS.has(spec.op as AggregateOp)) {
      throw errors.badValue(`operation "${name}" must be { op: count | sum | avg | min | max, field }`);
    }
    const op = spec.op as AggregateOp;
    if (op === 'count') {
      operations[name] = { op };
      continue;
    }
    const field = queryableField(collection, spec.field);
    const kind = dataSchema(collection).field(field)!.kind;
    if ((op === 'sum' || op === 'avg') && kind !== 'number') {
      throw errors.badValue(`${op} takes a number field; "${field}" is not one`);
    }
    if (kind === 'stringArray' || kind === 'boolean') throw errors.badValue(`${op} cannot take "${field}"`);
    operations[name] = { op, field };
  }
  return { filter, groupBy, operations };
}
