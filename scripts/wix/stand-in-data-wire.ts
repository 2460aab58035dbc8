import { randomUUID } from 'node:crypto';
import { type http, HttpResponse } from 'msw';
import { type DataBackend, dataSchema } from '@/lib/data/tools';
import type { CollectionDeclaration, DataItem } from '@/lib/data/types';
import { isRecord } from '@/lib/core/json';
import { type FilterNode, parseFilter } from '@/lib/core/query/filter';
import { checkLimit, checkOffset } from '@/lib/core/query/paging';

// The stand-in CMS's wire (stand-in-data.ts): how Wix's Data API takes and answers items, as pure functions. Its
// refusals in the platform's envelope; Date and Time values as `{ $date }`; what a request may name (a field it does
// not document is a 400); multi-reference fields as Wix keeps them (saved with `saveReferences`, answered when a read
// includes them); filters in the SDK's dialect, parsed by our own query parser; paging and bulk outcomes.

export type Json = Record<string, unknown>;

/** A refusal in the platform's envelope: an application error (with a WDE code) or a validation error. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

export const invalid = (message: string) => new Refusal(400, undefined, message);

/** The JSON body a GET carries in `.r` (base64url), as Wix's gateway reads it; undefined without one. */
export function bodyOfGet(url: URL): unknown {
  const encoded = url.searchParams.get('.r');
  if (encoded === null) return undefined;
  try {
    return JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw invalid('.r must be the base64url of a JSON object');
  }
}
export const notFound = (what: string) => new Refusal(404, 'WDE0073', `${what} does not exist`);

export function answerRefusal(error: Refusal) {
  const details = error.code
    ? { applicationError: { code: error.code, description: error.message, data: {} } }
    : // The SDK reads each violation's `field` (sdk-runtime transform-error.js violationsWithRenamedFields): named by
      // the first word of the message, which names the field or parameter at fault.
      { validationError: { fieldViolations: [{ field: error.message.split(' ')[0], description: error.message }] } };
  return HttpResponse.json({ message: error.message, details }, { status: error.status });
}

/** Refuses a field the endpoint does not document (or that this fake does not implement). */
export function only(value: unknown, keys: string[], where: string): Json {
  if (!isRecord(value)) throw invalid(`${where} must be an object`);
  for (const key of Object.keys(value)) if (!keys.includes(key)) throw invalid(`${where} has no field "${key}"`);
  return value;
}

export const isWixDate = (value: unknown): value is { $date: string } =>
  isRecord(value) && typeof value.$date === 'string' && Object.keys(value).length === 1;

export const SYSTEM_DATES = new Set(['_createdDate', '_updatedDate']);
export const holdsDate = (c: CollectionDeclaration, name: string) =>
  SYSTEM_DATES.has(name) || c.fields[name]?.type === 'date' || c.fields[name]?.type === 'datetime';

/** A Date and Time value from the wire: `{ $date }` (or null), else 400. */
export function wireDate(value: unknown, where: string): string | null {
  if (value === null) return null;
  if (!isWixDate(value) || Number.isNaN(Date.parse(value.$date)))
    throw invalid(`${where} is a Date and Time: it takes { "$date": "<ISO date>" }`);
  return new Date(value.$date).toISOString();
}

/** Multi-reference fields a read names in `includeReferences`, with how many referenced items each returns. */
export type Included = Map<string, number>;

/**
 * A read's `includeReferences` (`[{ field, limit? }]`, WixDataGetOptions and the query's request form in
 * @wix/wix-data-items-common types/api/types.d.ts): each a multi-reference field of the collection; `limit` defaults to
 * 50 and is at most 1000 (types/api/WixDataQuery.d.ts `include()`).
 */
export function includedReferences(c: CollectionDeclaration, raw: unknown): Included {
  const included: Included = new Map();
  if (raw === undefined) return included;
  if (!Array.isArray(raw)) throw invalid('includeReferences must be a list');
  for (const [i, entry] of raw.entries()) {
    const { field, limit = 50 } = only(entry, ['field', 'limit'], `includeReferences[${i}]`);
    if (typeof field !== 'string' || c.fields[field]?.type !== 'multiReference')
      throw new Refusal(400, 'WDE0020', `includeReferences[${i}].field is not a multi-reference field`);
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw invalid(`includeReferences[${i}].limit must be 1 to 1000`);
    included.set(field, limit);
  }
  return included;
}

/**
 * An item as the platform answers it. A multi-reference field is left out unless the read included it, and then holds
 * the referenced items, at most `limit` of them ("Multiple reference field: returned items do not contain the multiple
 * reference field at all", WixDataQuery.d.ts `include()`). The fake holds no referenced collection (the site's series
 * name Wix Blog's posts): a referenced item is answered as `{ _id }`, the one field every item has.
 */
export const toWire = (
  c: CollectionDeclaration,
  item: DataItem,
  fields?: string[],
  included: Included = new Map(),
) => ({
  id: item._id,
  dataCollectionId: c.id,
  data: Object.fromEntries(
    Object.entries(item)
      .filter(([name]) => !fields?.length || name === '_id' || fields.includes(name))
      .filter(([name]) => c.fields[name]?.type !== 'multiReference' || included.has(name))
      .map(([name, value]) => [
        name,
        c.fields[name]?.type === 'multiReference'
          ? (Array.isArray(value) ? value : []).slice(0, included.get(name)).map((id) => ({ _id: id }))
          : holdsDate(c, name) && typeof value === 'string'
            ? { $date: value }
            : value,
      ]),
  ),
});

/**
 * The item to store from a write: its multi-reference fields are stored only with `saveReferences: true` ("To save
 * multi-reference values, specify `saveReferences: true` in the `options` object", @wix/wix-data-items-sdk
 * data-v2-data-item-items.universal.d.ts); without it the stored item keeps the references it had (none when new).
 */
export function withSavedReferences(
  c: CollectionDeclaration,
  item: DataItem,
  save: unknown,
  existing: DataItem | null,
) {
  if (save === true) return item;
  const kept = { ...item };
  for (const [name, field] of Object.entries(c.fields)) {
    if (field.type !== 'multiReference') continue;
    if (existing?.[name] !== undefined) kept[name] = existing[name];
    else delete kept[name];
  }
  return kept;
}

/** A request's `dataItem` (`{ id?, dataCollectionId?, data }`) as the item to store. */
export function fromWire(c: CollectionDeclaration, raw: unknown, where: string): DataItem {
  const dataItem = only(raw, ['id', 'dataCollectionId', 'data'], where);
  if (dataItem.dataCollectionId !== undefined && dataItem.dataCollectionId !== c.id)
    throw invalid(`${where}.dataCollectionId is not the request's collection`);
  const data = dataItem.data ?? {};
  if (!isRecord(data)) throw invalid(`${where}.data must be an object`);
  const ids = [dataItem.id, data._id].filter((id) => id !== undefined);
  if (ids.some((id) => typeof id !== 'string' || id !== ids[0])) throw invalid(`${where} names more than one id`);
  const fields = Object.fromEntries(
    Object.entries(data).map(([name, value]) => [
      name,
      holdsDate(c, name) ? wireDate(value, `${where}.data.${name}`) : value,
    ]),
  );
  const now = new Date().toISOString();
  return {
    ...fields,
    _id: (ids[0] as string | undefined) ?? randomUUID(),
    _createdDate: (fields._createdDate as string | null) ?? now,
    _updatedDate: (fields._updatedDate as string | null) ?? now,
  } as DataItem;
}

/** `$between`, `$isEmpty` and `$isNotEmpty` are our query language's, not what the SDK's filter builder sends. */
export const NOT_WIX = new Set(['$between', '$isEmpty', '$isNotEmpty']);

/** A filter from the wire, in our parser's dialect (`$not` one filter, not a list of one), parsed by lib/core/query. */
export function wixFilter(c: CollectionDeclaration, raw: unknown): FilterNode {
  const schema = dataSchema(c);
  const dateOperand = (op: string, operand: unknown, where: string) => {
    if (op === '$exists') return;
    if (Array.isArray(operand)) operand.forEach((o) => wireDate(o, where));
    else if (operand !== null || (op !== '$eq' && op !== '$ne')) wireDate(operand, where);
  };
  const normal = (node: unknown): Json => {
    if (!isRecord(node)) throw invalid('a filter must be an object');
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (key === '$and' || key === '$or') return [key, Array.isArray(value) ? value.map(normal) : value];
        if (key === '$not') {
          if (!Array.isArray(value) || value.length !== 1) throw invalid('$not takes a list of one filter');
          return [key, normal(value[0])];
        }
        if (key.startsWith('$')) return [key, value];
        const conditions = isRecord(value) && !isWixDate(value) ? value : { $eq: value };
        for (const [op, operand] of Object.entries(conditions)) {
          if (NOT_WIX.has(op)) throw new Refusal(400, 'WDE0044', `${op} is not an operator of the REST filter`);
          if (schema.field(key)?.kind === 'date') dateOperand(op, operand, `filter ${key}.${op}`);
        }
        return [key, conditions];
      }),
    );
  };
  return parseFilter(raw === undefined || raw === null ? {} : normal(raw), schema);
}

export function paging(raw: unknown) {
  const page = only(raw ?? {}, ['limit', 'offset'], 'paging');
  return { limit: checkLimit(page.limit, 50, 1000), offset: checkOffset(page.offset) };
}

export function stringList(value: unknown, where: string, max = 1000): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > max || !value.every((v) => typeof v === 'string'))
    throw invalid(`${where} must be a list of 1 to ${max} strings`);
  return value;
}

export const pagingMetadata = (count: number, offset: number, total: number, withTotal: unknown) => ({
  count,
  offset,
  ...(withTotal === true && { total, tooManyToCount: false }),
  hasNext: offset + count < total,
});

export const DESCRIPTIONS: Record<string, string> = {
  WDE0020: 'the field is not a multi-reference field',
  WDE0073: 'the item does not exist',
  WDE0074: 'an item with this id exists',
};

export const OPS = { average: 'avg', min: 'min', max: 'max', sum: 'sum', itemCount: 'count' } as const;

/** A bulk call: each item on its own, its outcome in `results[].itemMetadata`, the tally beside. */
export async function bulk<T>(
  list: T[],
  action: string,
  run: (entry: T) => Promise<{ id?: string; code?: string; dataItem?: unknown; action?: string }>,
  returnEntity: unknown,
  key = 'itemMetadata',
) {
  const results: Json[] = [];
  let failures = 0;
  for (const [originalIndex, entry] of list.entries()) {
    const { id, code, dataItem, action: own } = await run(entry);
    if (code) failures++;
    const metadata = {
      ...(id !== undefined && { id }),
      originalIndex,
      success: !code,
      ...(code && { error: { code, description: DESCRIPTIONS[code] ?? code } }),
    };
    results.push({
      action: own ?? action,
      [key]: metadata,
      ...(returnEntity === true && !code && dataItem !== undefined ? { dataItem } : {}),
    });
  }
  return { results, bulkActionMetadata: { totalSuccesses: results.length - failures, totalFailures: failures } };
}

export const ITEM_BODY = ['dataCollectionId', 'dataItem', 'saveReferences'];
export const BULK_BODY = ['dataCollectionId', 'dataItems', 'returnEntity', 'saveReferences'];
export const READ = ['consistentRead', 'language'];

export const items = (body: Json, c: CollectionDeclaration) => {
  if (!Array.isArray(body.dataItems) || body.dataItems.length === 0 || body.dataItems.length > 1000)
    throw invalid('dataItems must be a list of 1 to 1000 items');
  return body.dataItems.map((raw, i) => fromWire(c, raw, `dataItems[${i}]`));
};

/** What the stand-in CMS's handlers share (stand-in-data.ts makes it): its store, a route, a collection by id. */
export interface CmsContext {
  store: DataBackend;
  /** A handler as an msw resolver: authenticated, its body read, a refusal answered in Wix's envelope. */
  route: (handler: Handler) => Parameters<typeof http.post>[1];
  collectionOf: (id: unknown) => CollectionDeclaration;
  /** A GET without `.r`: the collection its query string names, any other parameter a 400. */
  searchCollection: (search: URLSearchParams, allowed: string[]) => CollectionDeclaration;
  now: () => string;
}

export type Handler = (input: { body: Json; params: Record<string, string>; search: URLSearchParams }) => Promise<Json>;

/** Any origin: the stand-in is reached at http://wix.test in process and at 127.0.0.1 on loopback. */
export const API = '*/wix-data/v2';
