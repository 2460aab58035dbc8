import { errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import type { Aggregation, FilterTree, SortKey } from '../backend';
import type { CollectionDeclaration, DataItem } from '../model';
import { dataSchema } from '../validate-query';

// Our items and parsed queries in the Wix Data Items v2 shapes, and back:
// - an item is `{ id, data }`, `data` holding every field, the system ones (`_id`, `_owner`, `_createdDate`,
//   `_updatedDate`) included; the SDK's calls take and answer `data` alone;
// - a Date and Time value travels as `{ "$date": "<ISO>" }` (the system dates, the declared date and datetime fields,
//   and date operands in filters); we hold ISO strings. Items are handed to the SDK with those fields as Date, which
//   its codec sends as `{ $date: toJSON() }` (wix-data-items-common utils/codec.js), the ISO string we would send (a
//   `{ $date }` handed in would go out as it is, but items.insert logs an error for any key starting with '$':
//   WixDataApi.js warnAboutBrokenFields); answers come back with every `{ $date }` it can read as a Date, at any depth;
// - a filter is spelt as the SDK's own filter builder spells it: `{ field: { $op: value } }` joined by `$and`/`$or`,
//   `$not` takes a one-filter list, `isEmpty` is `$eq: null` and `isNotEmpty` `$ne: null`, and `between` is
//   `$gte` with `$lt` (our `$between` includes its start and excludes its end, as that pair does). Date operands are
//   `{ $date }` already, so the filter goes through the SDK's request forms and codec unchanged.

type Json = Record<string, unknown>;

const SYSTEM_DATES = new Set(['_createdDate', '_updatedDate']);

/** Whether Wix holds the field as a Date: the system dates and the declared date and datetime fields. */
export const holdsDate = (collection: CollectionDeclaration, name: string) =>
  SYSTEM_DATES.has(name) || collection.fields[name]?.type === 'date' || collection.fields[name]?.type === 'datetime';

/** A date operand of a filter. */
const toWixDate = (millis: number) => ({ $date: new Date(millis).toISOString() });

/** `{ $date }` back to the ISO string it holds; anything else as it is. */
export const fromWixDate = (value: unknown) =>
  isRecord(value) && typeof value.$date === 'string' && Object.keys(value).length === 1 ? value.$date : value;

const unparseable = (what: string) => errors.upstreamUnparseable(`Wix answered ${what} in a shape not expected`);

/**
 * An item as the SDK takes it: `data`, a date field's parseable text as a Date (a text that does not parse stays). Our
 * backends store the whole item, so a multi-reference field it leaves out is sent empty: a save or an update then drops
 * the references the item no longer holds (sent with `writeReferences`).
 */
export function toWixData(collection: CollectionDeclaration, item: DataItem): DataItem {
  const emptied = multiReferenceFields(collection).filter((name) => item[name] === undefined);
  return Object.fromEntries(
    [...Object.entries(item), ...emptied.map((name) => [name, []] as const)].map(([name, value]) => {
      const millis = typeof value === 'string' && holdsDate(collection, name) ? Date.parse(value) : Number.NaN;
      return [name, Number.isNaN(millis) ? value : new Date(millis)];
    }),
  ) as DataItem;
}

/**
 * A value as the SDK answers it, with our dates: a Date in a date field is its ISO string; a Date anywhere else goes
 * back to the `{ $date }` Wix sent (the SDK decodes every one it can read, in any field, at any depth).
 */
function fromSdkValue(value: unknown, dateField: boolean): unknown {
  if (value instanceof Date) return dateField ? value.toISOString() : { $date: value.toISOString() };
  if (dateField) return fromWixDate(value);
  if (Array.isArray(value)) return value.map((v) => fromSdkValue(v, false));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromSdkValue(v, false)]));
  return value;
}

/** The collection's multi-reference fields: Wix keeps their ids apart from the item's data (see `withReferences`). */
export const multiReferenceFields = (collection: CollectionDeclaration) =>
  Object.entries(collection.fields)
    .filter(([, field]) => field.type === 'multiReference')
    .map(([name]) => name);

/**
 * Most referenced items a read asks for per item and field: the SDK's largest `include` limit (its default is 50), in
 * @wix/wix-data-items-common types/api/WixDataQuery.d.ts `include()`: "The maximum value that can be set is 1000".
 */
export const REFERENCES_PER_ITEM = 1000;

/**
 * A read's options for the collection's multi-reference fields. Wix answers an item without them unless the read
 * names them: "Multiple reference field: returned items do not contain the multiple reference field at all"
 * (WixDataQuery.d.ts `include()`; `includeReferences` of WixDataGetOptions and of the query's request form in
 * api/types.d.ts).
 */
export function readReferences(collection: CollectionDeclaration) {
  const fields = multiReferenceFields(collection);
  return fields.length ? { includeReferences: fields.map((field) => ({ field, limit: REFERENCES_PER_ITEM })) } : {};
}

/**
 * A write's options for the collection's multi-reference fields. Wix stores them only when told to: "To save
 * multi-reference values, specify `saveReferences: true` in the `options` object" (@wix/wix-data-items-sdk
 * data-v2-data-item-items.universal.d.ts, on insert, update, save and their bulk forms).
 */
export const writeReferences = (collection: CollectionDeclaration) =>
  multiReferenceFields(collection).length ? { saveReferences: true } : {};

/** A multi-reference field as Wix answers it when included: the referenced items (or their ids), as their ids. */
function referenceIds(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.flatMap((entry) =>
    typeof entry === 'string' ? [entry] : isRecord(entry) && typeof entry._id === 'string' ? [entry._id] : [],
  );
}

/** A distinct value as the SDK answers it, with our dates. */
export const fromWixValue = (collection: CollectionDeclaration, field: string, value: unknown) =>
  fromSdkValue(value, holdsDate(collection, field));

/**
 * An item as the SDK answers it (Wix's `dataItem.data`), with our ISO dates and a multi-reference field's ids. A
 * multi-reference field that refers to nothing is left out, as the embedded backend answers an item stored without it
 * (writes send every such field, empty when the item has none: `toWixData`).
 */
export function fromWixItem(collection: CollectionDeclaration, raw: unknown, what: string): DataItem {
  if (!isRecord(raw)) throw unparseable(what);
  const referring = (name: string, value: unknown) =>
    collection.fields[name]?.type !== 'multiReference' || !Array.isArray(value) || value.length > 0;
  const data = Object.fromEntries(
    Object.entries(raw)
      .filter(([name, value]) => referring(name, value))
      .map(([name, value]) => [
        name,
        collection.fields[name]?.type === 'multiReference'
          ? referenceIds(value)
          : fromSdkValue(value, holdsDate(collection, name)),
      ]),
  );
  if (typeof data._id !== 'string') throw unparseable(what);
  return data as DataItem;
}

/** A list of JSON objects from an answer (`dataItems`, `results`), or WDE0055. */
export function records(value: unknown, what: string): Json[] {
  if (!Array.isArray(value) || !value.every(isRecord)) throw unparseable(what);
  return value;
}

type Condition = Extract<FilterTree, { kind: 'condition' }>;

/** The parsed filter (lib/core/query) in the platform's filter JSON; `{}` matches everything. */
export function toWixFilter(collection: CollectionDeclaration, filter: FilterTree): Json {
  const schema = dataSchema(collection);
  // The parser hands date operands over as epoch milliseconds.
  const operand = (field: string, value: unknown) =>
    schema.field(field)?.kind === 'date' && typeof value === 'number' ? toWixDate(value) : value;

  function condition(node: Condition): Json {
    const on = (op: string, value: unknown) => ({ [node.field]: { [op]: value } });
    switch (node.op) {
      case '$isEmpty':
        return on(node.value ? '$eq' : '$ne', null);
      case '$isNotEmpty':
        return on(node.value ? '$ne' : '$eq', null);
      case '$between':
        return {
          $and: [on('$gte', operand(node.field, node.value[0])), on('$lt', operand(node.field, node.value[1]))],
        };
      case '$in':
      case '$hasSome':
      case '$hasAll':
        return on(
          node.op,
          node.value.map((value) => operand(node.field, value)),
        );
      default:
        return on(node.op, operand(node.field, node.value));
    }
  }

  function walk(node: FilterTree): Json {
    switch (node.kind) {
      case 'and': {
        const parts = node.nodes.map(walk).filter((part) => Object.keys(part).length > 0);
        return parts.length === 0 ? {} : parts.length === 1 ? parts[0]! : { $and: parts };
      }
      case 'or':
        // The parser never makes an empty `$or`; should one come, it matches nothing, as in the embedded backend.
        return node.nodes.length ? { $or: node.nodes.map(walk) } : { _id: { $in: [] } };
      case 'not':
        return { $not: [walk(node.node)] };
      case 'condition':
        return condition(node);
    }
  }
  return walk(filter);
}

/** The sort, ending with `_id` so every order is total and offset pages are stable (as the embedded backend's). */
export const toWixSort = (sort: SortKey[]) =>
  sort.some((key) => key.fieldName === '_id') ? sort : [...sort, { fieldName: '_id', order: 'ASC' as const }];

const OPERATIONS = { sum: 'sum', avg: 'average', min: 'min', max: 'max' } as const;

/** Our aggregation as `aggregation: { groupingFields, operations: [{ resultFieldName, <op>: { itemFieldName } }] }`. */
export const toWixAggregation = (aggregation: Aggregation) => ({
  groupingFields: aggregation.groupBy,
  operations: Object.entries(aggregation.operations).map(([name, { op, field }]) =>
    op === 'count'
      ? { resultFieldName: name, itemCount: {} }
      : { resultFieldName: name, [OPERATIONS[op]]: { itemFieldName: field } },
  ),
});

/**
 * One result row of Wix's aggregation as ours: the group's values come in `_id` (`{ field: value }`, a field with no
 * value left out; a bare value when grouping by one field, as Wix's older service answers), each operation's under
 * its result name. Date values back to ISO strings.
 */
export function fromWixAggregateRow(collection: CollectionDeclaration, aggregation: Aggregation, row: Json) {
  const id = row._id;
  const group = (field: string) => {
    const value = isRecord(id) ? id[field] : aggregation.groupBy.length === 1 ? id : undefined;
    return [field, holdsDate(collection, field) ? fromWixDate(value ?? null) : (value ?? null)];
  };
  const result = (name: string, { op, field }: Aggregation['operations'][string]) => {
    const value = row[name] ?? null;
    return [name, op !== 'count' && field !== undefined && holdsDate(collection, field) ? fromWixDate(value) : value];
  };
  return {
    ...Object.fromEntries(aggregation.groupBy.map(group)),
    ...Object.fromEntries(Object.entries(aggregation.operations).map(([name, spec]) => result(name, spec))),
  };
}

/** Ascending, nulls last; values of one kind compare as JavaScript does (text by code unit, as Postgres's C order). */
export function compareValues(a: unknown, b: unknown): number {
  const aMissing = a === null || a === undefined;
  const bMissing = b === null || b === undefined;
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (typeof a !== typeof b) return typeof a < typeof b ? -1 : 1;
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}
