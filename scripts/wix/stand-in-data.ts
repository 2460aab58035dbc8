import { randomUUID } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import {
  type Aggregation,
  type DataBackend,
  ItemExistsError,
  createEmbeddedBackend,
  dataSchema,
} from '@/lib/data/tools';
import type { CollectionDeclaration, DataItem, FieldType } from '@/lib/data/types';
import { isCatalogueError } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import { type FilterNode, parseFilter } from '@/lib/core/query/filter';
import { checkLimit, checkOffset } from '@/lib/core/query/paging';
import { parseSort } from '@/lib/core/query/sort';

// The stand-in's CMS: the Data Collections API and the Data Items REST API v2 under /wix-data/v2, as msw request
// handlers (scripts/wix/stand-in.ts answers with them, in process or on loopback). A bare site's CMS holds only Wix's
// own collections (an item call on another is 404 WDE0025, as Wix answers) until one is created (`npm run blog -- wix
// setup`, or the stand-in's `collections`). It takes and answers the platform's shapes (`{ dataCollectionId, dataItem:
// { id, data } }`, `query: { filter, sort, paging }`, `{ dataItems, pagingMetadata }`, bulk `results[].itemMetadata`,
// the `{ message, details: { applicationError: { code } } }` error envelope, Date and Time values as `{ "$date": ISO
// }`), and is strict: a request without the API key and site id headers is 401, a body field the endpoint does not
// document is 400, a date operand or date field value that is not `{ $date }` is 400.
//
// It serves the routes `items` of @wix/data sends to (its data-items-api-client.js binds each RPC to one):
// UpdateDataItem is POST /items/update and RemoveDataItem POST /items/remove (the REST reference's PUT and DELETE
// /items/{id} are not sent, so not served); GetDataItem is GET /items/{id} with every request field in the query
// string, the path's `dataItemId` too (the SDK's GET form, rest-modules toURLSearchParams); and QueryDataItems is GET
// /items/query?.r=<base64url of the JSON body> while that URL is at most 2048 characters, POST /items/query beyond
// (wix-data-items-common api/ApiClient.js apiRequestInterceptor: Wix's gateway maps the `.r` of a GET to the body).
//
// What it does not re-implement, it borrows: filters, sorts, distinct values and aggregations are evaluated by the
// embedded backend (PGlite, a scratch folder) underneath, after the filter JSON is parsed by our own query parser
// (lib/core/query). So its query semantics are the embedded backend's by construction; what its tests check is the
// wire: the REST paths, the bodies, the dates, the paging, the per-item bulk outcomes and the error codes.
//
// Where it keeps to what it is given rather than to the platform: it stores the system fields the request carries
// (`_owner`, `_createdDate`, `_updatedDate`; Wix sets the dates itself and `_owner` to the caller), it fills only
// those missing, and lets a reference name an id no item has. Multi-reference fields are kept as Wix keeps them:
// stored only by a write with `saveReferences` ("To save multi-reference values, specify `saveReferences: true` in the
// `options` object": @wix/wix-data-items-sdk data-v2-data-item-items.universal.d.ts), answered only to a read that
// includes them ("Multiple reference field: returned items do not contain the multiple reference field at all",
// wix-data-items-common WixDataQuery.d.ts `include()`), as `{ _id }` items (it holds no referenced collection), never
// in a write's or a remove's answer. Filters take the operators the SDK's filter builder sends (no `$between`,
// `$isEmpty`, `$isNotEmpty`) and `$not` as the SDK spells it, a list of one filter.

/** Any origin: the stand-in is reached at http://wix.test in process and at 127.0.0.1 on loopback. */
const API = '*/wix-data/v2';

/** The CMS collections a Wix site with a Blog has of its own (the Blog's, read only). */
const WIX_APP_COLLECTIONS = ['Blog/Posts', 'Blog/Categories', 'Blog/Tags'].map((id) => ({
  id,
  collectionType: 'WIX_APP',
  fields: [],
  permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
}));

/** The CMS's field types as ours (`Type` of @wix/auto_sdk_data_collections; the reverse of lib/data/wix). */
const FIELD_TYPES: Record<string, FieldType> = {
  TEXT: 'text',
  NUMBER: 'number',
  DATE: 'date',
  DATETIME: 'datetime',
  IMAGE: 'image',
  BOOLEAN: 'boolean',
  REFERENCE: 'reference',
  MULTI_REFERENCE: 'multiReference',
  RICH_TEXT: 'richText',
  URL: 'url',
  ARRAY: 'array',
  OBJECT: 'object',
};

/** A collection as Create Data Collection takes it, as the items' rules read it: its fields' types and references. */
function declarationOf(collection: Json): CollectionDeclaration {
  const fields = Array.isArray(collection.fields) ? (collection.fields as Json[]) : [];
  return {
    id: String(collection.id ?? collection._id),
    fields: Object.fromEntries(
      fields.map((field) => {
        const meta = (field.typeMetadata ?? {}) as Json;
        const referenced = ((meta.reference ?? meta.multiReference ?? {}) as Json).referencedCollectionId;
        return [
          String(field.key),
          {
            type: FIELD_TYPES[String(field.type)] ?? 'object',
            ...(typeof referenced === 'string' && { references: referenced }),
          },
        ];
      }),
    ),
    permissions: (collection.permissions ?? {}) as CollectionDeclaration['permissions'],
  } as CollectionDeclaration;
}

type Json = Record<string, unknown>;

/** A refusal in the platform's envelope: an application error (with a WDE code) or a validation error. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new Refusal(400, undefined, message);

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
const notFound = (what: string) => new Refusal(404, 'WDE0073', `${what} does not exist`);

function answerRefusal(error: Refusal) {
  const details = error.code
    ? { applicationError: { code: error.code, description: error.message, data: {} } }
    : // The SDK reads each violation's `field` (sdk-runtime transform-error.js violationsWithRenamedFields): named by
      // the first word of the message, which names the field or parameter at fault.
      { validationError: { fieldViolations: [{ field: error.message.split(' ')[0], description: error.message }] } };
  return HttpResponse.json({ message: error.message, details }, { status: error.status });
}

/** Refuses a field the endpoint does not document (or that this fake does not implement). */
function only(value: unknown, keys: string[], where: string): Json {
  if (!isRecord(value)) throw invalid(`${where} must be an object`);
  for (const key of Object.keys(value)) if (!keys.includes(key)) throw invalid(`${where} has no field "${key}"`);
  return value;
}

const isWixDate = (value: unknown): value is { $date: string } =>
  isRecord(value) && typeof value.$date === 'string' && Object.keys(value).length === 1;

const SYSTEM_DATES = new Set(['_createdDate', '_updatedDate']);
const holdsDate = (c: CollectionDeclaration, name: string) =>
  SYSTEM_DATES.has(name) || c.fields[name]?.type === 'date' || c.fields[name]?.type === 'datetime';

/** A Date and Time value from the wire: `{ $date }` (or null), else 400. */
function wireDate(value: unknown, where: string): string | null {
  if (value === null) return null;
  if (!isWixDate(value) || Number.isNaN(Date.parse(value.$date)))
    throw invalid(`${where} is a Date and Time: it takes { "$date": "<ISO date>" }`);
  return new Date(value.$date).toISOString();
}

/** Multi-reference fields a read names in `includeReferences`, with how many referenced items each returns. */
type Included = Map<string, number>;

/**
 * A read's `includeReferences` (`[{ field, limit? }]`, WixDataGetOptions and the query's request form in
 * @wix/wix-data-items-common types/api/types.d.ts): each a multi-reference field of the collection; `limit` defaults to
 * 50 and is at most 1000 (types/api/WixDataQuery.d.ts `include()`).
 */
function includedReferences(c: CollectionDeclaration, raw: unknown): Included {
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
const toWire = (c: CollectionDeclaration, item: DataItem, fields?: string[], included: Included = new Map()) => ({
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
function withSavedReferences(c: CollectionDeclaration, item: DataItem, save: unknown, existing: DataItem | null) {
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
function fromWire(c: CollectionDeclaration, raw: unknown, where: string): DataItem {
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
const NOT_WIX = new Set(['$between', '$isEmpty', '$isNotEmpty']);

/** A filter from the wire, in our parser's dialect (`$not` one filter, not a list of one), parsed by lib/core/query. */
function wixFilter(c: CollectionDeclaration, raw: unknown): FilterNode {
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

function paging(raw: unknown) {
  const page = only(raw ?? {}, ['limit', 'offset'], 'paging');
  return { limit: checkLimit(page.limit, 50, 1000), offset: checkOffset(page.offset) };
}

function stringList(value: unknown, where: string, max = 1000): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > max || !value.every((v) => typeof v === 'string'))
    throw invalid(`${where} must be a list of 1 to ${max} strings`);
  return value;
}

const pagingMetadata = (count: number, offset: number, total: number, withTotal: unknown) => ({
  count,
  offset,
  ...(withTotal === true && { total, tooManyToCount: false }),
  hasNext: offset + count < total,
});

const DESCRIPTIONS: Record<string, string> = {
  WDE0020: 'the field is not a multi-reference field',
  WDE0073: 'the item does not exist',
  WDE0074: 'an item with this id exists',
};

const OPS = { average: 'avg', min: 'min', max: 'max', sum: 'sum', itemCount: 'count' } as const;

/**
 * The site's CMS: `initial` its collections besides Wix's own (Wix's shape, as Create Data Collection takes them);
 * `auth` the API key and site id it takes (any when unset). Its answers are msw request handlers (the stand-in runs
 * them with msw's `getResponse`); `ready` resolves once the initial collections are open.
 */
export function createCms(initial: Json[], auth: { apiKey?: string; siteId?: string } = {}) {
  const store: DataBackend = createEmbeddedBackend();
  /** Each collection as Wix lists it, and as the items' rules read it. */
  const listed = new Map<string, Json>(WIX_APP_COLLECTIONS.map((c) => [c.id, c]));
  const byId = new Map<string, CollectionDeclaration>();
  /** Errors the stand-in itself hit (a bug here or a request it cannot take): each test expects none. */
  const faults: unknown[] = [];
  async function add(collection: Json) {
    const declaration = declarationOf(collection);
    await store.prepare(declaration);
    listed.set(declaration.id, { ...collection, id: declaration.id, collectionType: 'NATIVE' });
    byId.set(declaration.id, declaration);
  }
  const ready = (async () => {
    for (const collection of initial) await add(collection);
  })();

  // Each request is handled alone, one after another: every call is atomic, as each one is on the platform.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run);
    queue = next.catch(() => {});
    return next;
  };

  const collectionOf = (id: unknown) => {
    if (typeof id !== 'string') throw invalid('dataCollectionId must be a string');
    const collection = byId.get(id);
    if (!collection) {
      throw new Refusal(
        404,
        'WDE0025',
        `The ${id} collection does not exist. You cannot work with a collection that does not exist in the Data Editor.`,
      );
    }
    return collection;
  };
  const now = () => new Date().toISOString();

  type Handler = (input: { body: Json; params: Record<string, string>; search: URLSearchParams }) => Promise<Json>;

  /** Authenticates, reads the JSON body (POST, PUT) and answers the platform's envelope for a refusal. */
  const route = (handler: Handler) =>
    (async ({ request, params }: { request: Request; params: Record<string, string | readonly string[]> }) =>
      serial(async () => {
        try {
          await ready;
          const key = request.headers.get('authorization');
          const site = request.headers.get('wix-site-id');
          if (
            !key ||
            (auth.apiKey !== undefined && key !== auth.apiKey) ||
            (auth.siteId !== undefined && site !== auth.siteId)
          )
            throw new Refusal(401, undefined, 'UNAUTHENTICATED: missing or wrong API key or site id');
          let body: Json = {};
          const url = new URL(request.url);
          if (request.method === 'POST') {
            if (!request.headers.get('content-type')?.startsWith('application/json'))
              throw invalid('the body must be application/json');
            const parsed: unknown = JSON.parse(await request.text());
            if (!isRecord(parsed)) throw invalid('the body must be a JSON object');
            body = parsed;
          } else if (url.searchParams.has('.r')) {
            const parsed = bodyOfGet(url);
            if (!isRecord(parsed) || url.searchParams.size !== 1) throw invalid('.r must be the only parameter');
            body = parsed;
          }
          const search = url.searchParams;
          return HttpResponse.json(await handler({ body, params: params as Record<string, string>, search }));
        } catch (error) {
          if (error instanceof Refusal) return answerRefusal(error);
          if (isCatalogueError(error)) return answerRefusal(new Refusal(error.status, error.wde, error.message));
          faults.push(error);
          return HttpResponse.json({ message: 'internal error' }, { status: 500 });
        }
      })) as Parameters<typeof http.post>[1];

  /** A GET without `.r` carries `dataCollectionId` (and a few documented options) in the query string. */
  const searchCollection = (search: URLSearchParams, allowed: string[]) => {
    for (const key of search.keys()) if (!allowed.includes(key)) throw invalid(`unknown query parameter "${key}"`);
    return collectionOf(search.get('dataCollectionId') ?? undefined);
  };

  /** A bulk call: each item on its own, its outcome in `results[].itemMetadata`, the tally beside. */
  async function bulk<T>(
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

  const ITEM_BODY = ['dataCollectionId', 'dataItem', 'saveReferences'];
  const BULK_BODY = ['dataCollectionId', 'dataItems', 'returnEntity', 'saveReferences'];
  const READ = ['consistentRead', 'language'];

  const items = (body: Json, c: CollectionDeclaration) => {
    if (!Array.isArray(body.dataItems) || body.dataItems.length === 0 || body.dataItems.length > 1000)
      throw invalid('dataItems must be a list of 1 to 1000 items');
    return body.dataItems.map((raw, i) => fromWire(c, raw, `dataItems[${i}]`));
  };

  /** A bulk write of items: the body checked, each item written by `write`, its outcome in the answer. */
  const bulkItems = (
    action: string,
    write: (
      c: CollectionDeclaration,
      given: DataItem,
      saveReferences: unknown,
    ) => Promise<{ id?: string; code?: string; dataItem?: unknown; action?: string }>,
  ) =>
    route(async ({ body }) => {
      only(body, BULK_BODY, 'body');
      const c = collectionOf(body.dataCollectionId);
      return bulk(items(body, c), action, (given) => write(c, given, body.saveReferences), body.returnEntity);
    });

  const referenceChange = (mode: 'insert' | 'remove', action: string) =>
    route(async ({ body }) => {
      only(body, ['dataCollectionId', 'dataItemReferences', ...(mode === 'insert' ? ['returnEntity'] : [])], 'body');
      const c = collectionOf(body.dataCollectionId);
      const references = body.dataItemReferences;
      if (!Array.isArray(references) || references.length === 0 || references.length > 1000)
        throw invalid('dataItemReferences must be a list of 1 to 1000 references');
      const checked = references.map((raw, i) => {
        const where = `dataItemReferences[${i}]`;
        const r = only(raw, ['referringItemFieldName', 'referringItemId', 'referencedItemId'], where);
        if (![r.referringItemFieldName, r.referringItemId, r.referencedItemId].every((v) => typeof v === 'string'))
          throw invalid(`${where} needs referringItemFieldName, referringItemId and referencedItemId`);
        return r as Record<'referringItemFieldName' | 'referringItemId' | 'referencedItemId', string>;
      });
      return bulk(
        checked,
        action,
        async (r) => {
          if (c.fields[r.referringItemFieldName]?.type !== 'multiReference') return { code: 'WDE0020' };
          const change = { mode, targets: [r.referencedItemId], updatedDate: now() };
          const item = await store.references(c.id, r.referringItemId, r.referringItemFieldName, change);
          return item ? {} : { code: 'WDE0073' };
        },
        false,
        'referenceMetadata',
      );
    });

  const queryItems = route(async ({ body }) => {
    only(body, ['dataCollectionId', 'query', 'returnTotalCount', 'includeReferences', ...READ], 'body');
    const c = collectionOf(body.dataCollectionId);
    const included = includedReferences(c, body.includeReferences);
    const query = only(body.query ?? {}, ['filter', 'sort', 'paging', 'fields'], 'query');
    const { limit, offset } = paging(query.paging);
    // The SDK's query builder sends `fields: []` when the query names none (wix-data-items-common WixDataApi.js, the
    // query's `fields: params.projectedFields`): every field.
    const fields =
      query.fields === undefined || (Array.isArray(query.fields) && query.fields.length === 0)
        ? undefined
        : stringList(query.fields, 'query.fields', 100);
    const filter = wixFilter(c, query.filter);
    const sort = parseSort(query.sort, dataSchema(c));
    const { items, totalCount } = await store.query(c.id, { filter, sort, limit, skip: offset });
    return {
      dataItems: items.map((item) => toWire(c, item, fields, included)),
      pagingMetadata: pagingMetadata(items.length, offset, totalCount, body.returnTotalCount),
    };
  });

  // The Data Collections API (`collections` of @wix/data: ListDataCollections, GetDataCollection,
  // CreateDataCollection): a page of `paging.limit` (default 50) from `paging.offset`, with the total.
  const collectionRoute = (handler: Handler) => route(handler);
  const handlers = [
    http.get(
      `${API}/collections`,
      collectionRoute(async ({ search }) => {
        const offset = Number(search.get('paging.offset') ?? 0);
        const limit = Number(search.get('paging.limit') ?? 50);
        const all = [...listed.values()];
        const page = all.slice(offset, offset + limit);
        return { collections: page, pagingMetadata: { count: page.length, offset, total: all.length } };
      }),
    ),
    http.get(
      `${API}/collections/:id`,
      collectionRoute(async ({ params }) => {
        const collection = listed.get(params.id!);
        if (!collection) collectionOf(params.id);
        return { collection: collection! };
      }),
    ),
    http.post(
      `${API}/collections`,
      collectionRoute(async ({ body }) => {
        const collection = (body.collection ?? {}) as Json;
        if (typeof collection.id !== 'string' || !collection.id) throw invalid('collection.id must be a string');
        if (listed.has(collection.id))
          throw new Refusal(409, 'WDE0074', `A collection with ID ${collection.id} already exists`);
        await add(collection);
        return { collection: listed.get(collection.id)! };
      }),
    ),
    http.post(
      `${API}/items`,
      route(async ({ body }) => {
        only(body, ITEM_BODY, 'body');
        const c = collectionOf(body.dataCollectionId);
        const item = withSavedReferences(c, fromWire(c, body.dataItem, 'dataItem'), body.saveReferences, null);
        try {
          await store.insert(c.id, [item]);
        } catch (error) {
          if (error instanceof ItemExistsError) throw new Refusal(409, 'WDE0074', `item ${item._id} already exists`);
          throw error;
        }
        return { dataItem: toWire(c, item) };
      }),
    ),
    http.post(
      `${API}/items/save`,
      route(async ({ body }) => {
        only(body, ITEM_BODY, 'body');
        const c = collectionOf(body.dataCollectionId);
        const given = fromWire(c, body.dataItem, 'dataItem');
        const existed = await store.get(c.id, given._id);
        const item = withSavedReferences(c, given, body.saveReferences, existed);
        await store.save(c.id, [item]);
        return { action: existed ? 'UPDATED' : 'INSERTED', dataItem: toWire(c, item) };
      }),
    ),
    http.post(
      `${API}/items/update`,
      route(async ({ body }) => {
        only(body, ITEM_BODY, 'body');
        const c = collectionOf(body.dataCollectionId);
        const given = fromWire(c, body.dataItem, 'dataItem');
        const item = withSavedReferences(c, given, body.saveReferences, await store.get(c.id, given._id));
        if ((await store.update(c.id, [item])).length) throw notFound(`item ${item._id}`);
        return { dataItem: toWire(c, (await store.get(c.id, item._id))!) };
      }),
    ),
    http.post(
      `${API}/items/remove`,
      route(async ({ body }) => {
        only(body, ['dataCollectionId', 'dataItemId'], 'body');
        const c = collectionOf(body.dataCollectionId);
        if (typeof body.dataItemId !== 'string') throw invalid('dataItemId must be a string');
        const [removed] = await store.remove(c.id, [body.dataItemId]);
        if (!removed) throw notFound(`item ${body.dataItemId}`);
        return { dataItem: toWire(c, removed) };
      }),
    ),
    http.post(
      `${API}/items/truncate`,
      route(async ({ body }) => {
        only(body, ['dataCollectionId'], 'body');
        await store.truncate(collectionOf(body.dataCollectionId).id);
        return {};
      }),
    ),
    http.post(`${API}/items/query`, queryItems),
    // The GET form of the query (`.r`), routed before GET /items/{id}, whose pattern it would match.
    http.get(`${API}/items/query`, queryItems),
    http.get(
      `${API}/items/:dataItemId`,
      route(async ({ body, params, search }) => {
        const id = params.dataItemId!;
        // A request with `includeReferences` (a list of objects) comes whole in `.r`: the SDK's GET form sends a
        // request it cannot spell as parameters that way (@wix/sdk-runtime rest-modules toURLSearchParams).
        const keys = ['dataCollectionId', 'dataItemId', 'fields', ...READ];
        const fromBody = search.has('.r');
        if (fromBody) only(body, [...keys, 'includeReferences'], '.r');
        const c = fromBody ? collectionOf(body.dataCollectionId) : searchCollection(search, keys);
        const named = fromBody ? body.dataItemId : search.get('dataItemId');
        if (named !== undefined && named !== null && named !== id)
          throw invalid('the request names another dataItemId than the path');
        const item = await store.get(c.id, id);
        if (!item) throw notFound(`item ${id}`);
        return { dataItem: toWire(c, item, undefined, includedReferences(c, body.includeReferences)) };
      }),
    ),
    http.post(
      `${API}/items/count`,
      route(async ({ body }) => {
        only(body, ['dataCollectionId', 'filter', ...READ], 'body');
        const c = collectionOf(body.dataCollectionId);
        return { totalCount: await store.count(c.id, wixFilter(c, body.filter)) };
      }),
    ),
    http.post(
      `${API}/items/query-distinct-values`,
      route(async ({ body }) => {
        const keys = ['dataCollectionId', 'fieldName', 'filter', 'order', 'paging', 'returnTotalCount', ...READ];
        only(body, keys, 'body');
        const c = collectionOf(body.dataCollectionId);
        const field = typeof body.fieldName === 'string' ? dataSchema(c).field(body.fieldName) : undefined;
        if (!field) throw new Refusal(400, 'WDE0045', 'fieldName must name a field of the collection');
        if (body.order !== undefined && body.order !== 'ASC' && body.order !== 'DESC')
          throw invalid('order must be ASC or DESC');
        const { limit, offset } = paging(body.paging);
        const values = await store.distinct(c.id, field.name, wixFilter(c, body.filter));
        if (body.order === 'DESC') values.reverse();
        const page = values.slice(offset, offset + limit);
        return {
          distinctValues: page.map((v) => (field.kind === 'date' && typeof v === 'string' ? { $date: v } : v)),
          pagingMetadata: pagingMetadata(page.length, offset, values.length, body.returnTotalCount),
        };
      }),
    ),
    http.post(
      `${API}/items/aggregate`,
      route(async ({ body }) => {
        const keys = ['dataCollectionId', 'initialFilter', 'aggregation', 'paging', 'returnTotalCount', ...READ];
        only(body, keys, 'body');
        const c = collectionOf(body.dataCollectionId);
        const schema = dataSchema(c);
        const spec = only(body.aggregation ?? {}, ['groupingFields', 'operations'], 'aggregation');
        const groupBy = spec.groupingFields ?? [];
        if (!Array.isArray(groupBy) || !groupBy.every((g) => typeof g === 'string' && schema.field(g)))
          throw new Refusal(400, 'WDE0045', 'groupingFields must name fields of the collection');
        if (!Array.isArray(spec.operations) || spec.operations.length === 0)
          throw invalid('aggregation.operations must list at least one operation');
        const operations: Aggregation['operations'] = {};
        for (const [i, raw] of spec.operations.entries()) {
          const operation = only(raw, ['resultFieldName', ...Object.keys(OPS)], `aggregation.operations[${i}]`);
          const kinds = Object.keys(operation).filter((k) => k in OPS) as (keyof typeof OPS)[];
          if (typeof operation.resultFieldName !== 'string' || kinds.length !== 1)
            throw invalid(`aggregation.operations[${i}] needs a resultFieldName and exactly one operation`);
          const kind = kinds[0]!;
          const inner = only(operation[kind], kind === 'itemCount' ? [] : ['itemFieldName'], `${kind}`);
          if (kind !== 'itemCount' && !(typeof inner.itemFieldName === 'string' && schema.field(inner.itemFieldName)))
            throw new Refusal(400, 'WDE0045', `${kind}.itemFieldName must name a field of the collection`);
          operations[operation.resultFieldName] =
            kind === 'itemCount' ? { op: 'count' } : { op: OPS[kind], field: inner.itemFieldName as string };
        }
        const { limit, offset } = paging(body.paging);
        const filter = wixFilter(c, body.initialFilter);
        const rows = await store.aggregate(c.id, { filter, groupBy: groupBy as string[], operations });
        const page = rows.slice(offset, offset + limit);
        const wire = (field: string | undefined, v: unknown) =>
          field !== undefined && holdsDate(c, field) && typeof v === 'string' ? { $date: v } : v;
        return {
          // As the platform's DataItemService: the group's values under `_id`, a field with no value left out.
          results: page.map((row) => ({
            _id: groupBy.length
              ? Object.fromEntries(
                  (groupBy as string[]).filter((g) => row[g] !== null).map((g) => [g, wire(g, row[g])]),
                )
              : null,
            ...Object.fromEntries(
              Object.entries(operations).map(([name, { op, field }]) => [
                name,
                op === 'count' ? row[name] : wire(field, row[name]),
              ]),
            ),
          })),
          pagingMetadata: pagingMetadata(page.length, offset, rows.length, body.returnTotalCount),
        };
      }),
    ),
    http.post(
      `${API}/bulk/items/insert`,
      // Wix inserts what it can and reports each item that it could not: a bulk insert is not all or none.
      bulkItems('INSERT', async (c, given, save) => {
        const item = withSavedReferences(c, given, save, null);
        try {
          await store.insert(c.id, [item]);
          return { id: item._id, dataItem: toWire(c, item) };
        } catch (error) {
          if (error instanceof ItemExistsError) return { id: item._id, code: 'WDE0074' };
          throw error;
        }
      }),
    ),
    http.post(
      `${API}/bulk/items/save`,
      bulkItems('INSERT', async (c, given, save) => {
        const existed = await store.get(c.id, given._id);
        const item = withSavedReferences(c, given, save, existed);
        await store.save(c.id, [item]);
        return { id: item._id, dataItem: toWire(c, item), ...(existed && { action: 'UPDATE' }) };
      }),
    ),
    http.post(
      `${API}/bulk/items/update`,
      bulkItems('UPDATE', async (c, given, save) => {
        const item = withSavedReferences(c, given, save, await store.get(c.id, given._id));
        return (await store.update(c.id, [item])).length
          ? { id: item._id, code: 'WDE0073' }
          : { id: item._id, dataItem: toWire(c, item) };
      }),
    ),
    http.post(
      `${API}/bulk/items/remove`,
      route(async ({ body }) => {
        only(body, ['dataCollectionId', 'dataItemIds'], 'body');
        const c = collectionOf(body.dataCollectionId);
        return bulk(
          stringList(body.dataItemIds, 'dataItemIds'),
          'DELETE',
          async (id) => ((await store.remove(c.id, [id])).length ? { id } : { id, code: 'WDE0073' }),
          false,
        );
      }),
    ),
    http.post(`${API}/bulk/items/insert-references`, referenceChange('insert', 'INSERT')),
    http.post(`${API}/bulk/items/remove-references`, referenceChange('remove', 'DELETE')),
    http.post(
      `${API}/items/replace-references`,
      route(async ({ body }) => {
        const keys = ['dataCollectionId', 'referringItemFieldName', 'referringItemId', 'newReferencedItemIds'];
        only(body, keys, 'body');
        const c = collectionOf(body.dataCollectionId);
        const { referringItemFieldName: field, referringItemId: id } = body;
        if (typeof field !== 'string' || typeof id !== 'string')
          throw invalid('replace-references needs referringItemFieldName and referringItemId');
        if (c.fields[field]?.type !== 'multiReference')
          throw new Refusal(400, 'WDE0020', `${field} is not a multi-reference field`);
        const targets = body.newReferencedItemIds ?? [];
        if (!Array.isArray(targets) || !targets.every((t) => typeof t === 'string'))
          throw invalid('newReferencedItemIds must be a list of ids');
        const item = await store.references(c.id, id, field, { mode: 'replace', targets, updatedDate: now() });
        if (!item) throw notFound(`item ${id}`);
        return {
          dataItemReferences: targets.map((t) => ({
            referringItemFieldName: field,
            referringItemId: id,
            referencedItemId: t,
          })),
        };
      }),
    ),
  ];

  return {
    handlers,
    faults,
    store,
    ready,
    /** The ids of the CMS's collections (Wix's own too). */
    ids: () => [...listed.keys()],
    async close() {
      await ready.catch(() => {});
      await store.close();
    },
  };
}

export type Cms = ReturnType<typeof createCms>;
