import { authErrors } from '@/lib/owner';
import { errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import { dataClient, siteCollection } from '@/lib/data';
import { dataErrors } from '@/lib/data/types';
import type { Caller, DataItem } from '@/lib/data/types';
import { checkCollectionId, checkReferenceTargets } from '@/lib/data';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { declaresJson, readJsonBody, unsupportedMediaType } from './body';
import { callerOf } from './caller';
import { jsonHandler } from './respond';

// The Wix Data Items v2 REST shapes (`dataItem: { id, dataCollectionId, data }`, `query.paging`), turned into the data
// client's arguments and back. What the client checks (ids, items, filters) it checks; this reads the envelope.

/** What a data API route is handed: the request, its JSON body (`{}` for GET and DELETE) and who calls. */
export interface DataCall {
  request: Request;
  body: Record<string, unknown>;
  caller: Caller;
}

/** The methods whose body a data API route reads: they must declare it JSON (a GET's or DELETE's is never read). */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Every data API route, reads and writes alike, is one of these: before the body is read, before anything is looked
 * up or written, a request from another site (`Origin`, `Sec-Fetch-Site`: lib/core/security/same-origin.ts, as the form
 * routes check it) is 403 WDE9403, and a POST or PUT whose body is not declared `application/json` is 415 WDE9415
 * (checked before the body is read).
 * A text/plain or form body is what a page on another site can send without a CORS preflight, and the owner's
 * session cookie rides along; scripts (curl, server to server) send no Origin and pass. Reads are refused too: the
 * caller is the owner whenever the cookie is there, and no page of another site has any business reading what the
 * owner may read (the API sends no CORS headers, so none can use an answer legitimately).
 */
export function dataRoute<C = unknown>(handler: (call: DataCall, context: C) => Promise<Response>) {
  return jsonHandler<C>(async (request, context) => {
    if (isCrossSite(request)) throw authErrors.crossSite();
    let body: Record<string, unknown> = {};
    if (WITH_BODY.has(request.method)) {
      if (!declaresJson(request)) throw unsupportedMediaType();
      body = await readJsonBody(request);
    }
    return handler({ request, body, caller: callerOf(request) }, context);
  });
}

/** Every data API answer is the caller's own: never cached. */
export const answer = (body: unknown) => Response.json(body, { headers: { 'Cache-Control': 'no-store' } });

type BulkAction = 'INSERT' | 'SAVE' | 'UPDATE';

/** A bulk write's answer: a result per item written, one per id that failed (not stored: WDE0073), and the tally. */
export function bulkAnswer(action: BulkAction, dataCollectionId: string, items: DataItem[], failedIds: string[] = []) {
  return answer({
    results: [
      ...items.map((item) => ({
        action,
        itemMetadata: { id: item._id, success: true },
        dataItem: restItem(dataCollectionId, item),
      })),
      ...failedIds.map((id) => ({
        action,
        itemMetadata: { id, success: false, error: { code: 'WDE0073', description: 'the item does not exist' } },
      })),
    ],
    bulkActionMetadata: { totalSuccesses: items.length, totalFailures: failedIds.length },
  });
}

/** A stored item as the platform answers it: `data` holds every field, the system ones included. */
export const restItem = (dataCollectionId: string, item: DataItem) => ({ id: item._id, dataCollectionId, data: item });

/**
 * `dataCollectionId` from a body or a query string (WDE0001 when missing or not a string). An internal collection
 * (lib/members' members, holding password hashes) is answered exactly as one that does not exist: 404 WDE0025.
 */
export function collectionOf(source: Record<string, unknown> | URLSearchParams): string {
  const id = checkCollectionId(
    source instanceof URLSearchParams ? source.get('dataCollectionId') : source.dataCollectionId,
  );
  if (siteCollection(id)?.internal) throw dataErrors.unknownCollection(id);
  return id;
}

/** The fields of a request's `dataItem` (`{ id?, data }`); its `id` wins over `data._id`. WDE0004 if not an object. */
export function itemFields(dataItem: unknown): Record<string, unknown> {
  if (!isRecord(dataItem)) throw errors.itemNotObject('dataItem must be an object { id?, data }');
  const data = dataItem.data ?? {};
  if (!isRecord(data)) throw errors.itemNotObject('dataItem.data must be an object');
  return dataItem.id === undefined ? data : { ...data, _id: dataItem.id };
}

/** A bulk request's `dataItems` as fields (WDE0005 when it is not a list). */
export function bulkItemFields(body: Record<string, unknown>): Record<string, unknown>[] {
  if (!Array.isArray(body.dataItems)) throw errors.itemsNotArray('dataItems must be an array of { id?, data }');
  return body.dataItems.map(itemFields);
}

/** `paging` or `cursorPaging`: absent, or an object (WDE0032, as the posts' query body answers, not read as none). */
function pagingObject(value: unknown, name: string): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) throw errors.limitNotNumber(`${name} must be an object { limit, ... }`);
  return value;
}

/** The platform's query (`filter`, `sort`, `paging: { limit, offset }`, `cursorPaging`) as the client's. */
export function clientQuery(query: unknown): Record<string, unknown> {
  if (query === undefined || query === null) return {};
  if (!isRecord(query)) throw errors.filterNotObject('query must be an object');
  const { filter, sort } = query;
  const page = pagingObject(query.paging, 'paging') ?? {};
  const cursor = pagingObject(query.cursorPaging, 'cursorPaging');
  // Cursor paging says where a page starts, first page included (no cursor yet): an offset beside it is the seed's
  // WDE0080, never an offset silently dropped.
  if (cursor && page.offset !== undefined && page.offset !== null) {
    throw errors.skipWithCursor('paging.offset is not supported with cursorPaging: use one paging method');
  }
  return {
    ...(filter !== undefined && { filter }),
    ...(sort !== undefined && { sort }),
    ...(page.limit !== undefined && { limit: page.limit }),
    ...(page.offset !== undefined && { skip: page.offset }),
    ...(cursor?.limit !== undefined && { limit: cursor.limit }),
    ...(cursor?.cursor !== undefined && { cursor: cursor.cursor }),
  };
}

const AGGREGATE_OPS = { average: 'avg', min: 'min', max: 'max', sum: 'sum' } as const;

/**
 * The platform's aggregation (`initialFilter`, `aggregation: { groupingFields, operations: [{ resultFieldName,
 * average | min | max | sum: { itemFieldName } | itemCount: {} }] }`) as the client's; the client checks the rest.
 */
export function clientAggregation(body: Record<string, unknown>): Record<string, unknown> {
  const aggregation = isRecord(body.aggregation) ? body.aggregation : {};
  const operations: Record<string, unknown> = {};
  for (const operation of Array.isArray(aggregation.operations) ? aggregation.operations : []) {
    if (!isRecord(operation) || typeof operation.resultFieldName !== 'string') {
      throw errors.badValue('each aggregation operation needs a resultFieldName');
    }
    const kind = Object.keys(AGGREGATE_OPS).find((k) => isRecord(operation[k])) as
      keyof typeof AGGREGATE_OPS | undefined;
    operations[operation.resultFieldName] = kind
      ? { op: AGGREGATE_OPS[kind], field: (operation[kind] as Record<string, unknown>).itemFieldName }
      : isRecord(operation.itemCount)
        ? { op: 'count' }
        : { op: undefined };
  }
  return {
    ...(body.initialFilter !== undefined && { filter: body.initialFilter }),
    groupBy: aggregation.groupingFields ?? [],
    operations,
  };
}

/** A bulk reference change's `dataItemReferences`, grouped by referring item and field, in the order given. */
export function referenceGroups(raw: unknown): { field: unknown; itemId: unknown; targets: unknown[] }[] {
  if (!Array.isArray(raw) || raw.length === 0) throw errors.badReference('dataItemReferences must be a non-empty list');
  const groups = new Map<string, { field: unknown; itemId: unknown; targets: unknown[] }>();
  for (const reference of raw) {
    if (!isRecord(reference)) throw errors.badReference('each reference must be an object');
    const key = JSON.stringify([reference.referringItemFieldName, reference.referringItemId]);
    const group = groups.get(key) ?? {
      field: reference.referringItemFieldName,
      itemId: reference.referringItemId,
      targets: [],
    };
    group.targets.push(reference.referencedItemId);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * A bulk reference change (`dataItemReferences`), all or none: every group's field, referring item (stored, and the
 * caller's to see) and targets are checked before the first group is written, so a bad later group (WDE0003, 0019,
 * 0020, 0073) leaves the earlier ones as they were. Answers how many references the request named.
 */
export async function changeReferenceGroups(mode: 'insert' | 'remove', body: Record<string, unknown>, caller: Caller) {
  const dataCollectionId = collectionOf(body);
  const groups = referenceGroups(body.dataItemReferences);
  const client = dataClient();
  for (const { field, itemId, targets } of groups) {
    await client.queryReferenced(dataCollectionId, itemId, field, caller);
    checkReferenceTargets(targets);
  }
  for (const { field, itemId, targets } of groups) {
    await client.changeReferences(mode, dataCollectionId, field, itemId, targets, caller);
  }
  return groups.reduce((n, g) => n + g.targets.length, 0);
}
