import { errors } from '@/lib/errors';
import { isRecord } from '@/lib/json';
import type { DataItem } from '@/lib/data/types';
import { checkCollectionId } from '@/lib/data/validate';

// The Wix Data Items v2 REST shapes (`dataItem: { id, dataCollectionId, data }`, `query.paging`), turned into the data
// client's arguments and back. What the client checks (ids, items, filters) it checks; this reads the envelope.

/** A stored item as the platform answers it: `data` holds every field, the system ones included. */
export const restItem = (dataCollectionId: string, item: DataItem) => ({ id: item._id, dataCollectionId, data: item });

/** `dataCollectionId` from a body or a query string (WDE0001 when missing or not a string). */
export const collectionOf = (source: Record<string, unknown> | URLSearchParams): string =>
  checkCollectionId(source instanceof URLSearchParams ? source.get('dataCollectionId') : source.dataCollectionId);

/** The fields of a request's `dataItem` (`{ id?, data }`); its `id` wins over `data._id`. WDE0004 if not an object. */
export function itemFields(dataItem: unknown): Record<string, unknown> {
  if (!isRecord(dataItem)) throw errors.itemNotObject('dataItem must be an object { id?, data }');
  const data = dataItem.data ?? {};
  if (!isRecord(data)) throw errors.itemNotObject('dataItem.data must be an object');
  return dataItem.id === undefined ? data : { ...data, _id: dataItem.id };
}

/** The platform's query (`filter`, `sort`, `paging: { limit, offset }`, `cursorPaging`) as the client's. */
export function clientQuery(query: unknown): Record<string, unknown> {
  if (query === undefined || query === null) return {};
  if (!isRecord(query)) throw errors.filterNotObject('query must be an object');
  const { filter, sort, paging, cursorPaging } = query;
  const page = isRecord(paging) ? paging : {};
  const cursor = isRecord(cursorPaging) ? cursorPaging : undefined;
  return {
    ...(filter !== undefined && { filter }),
    ...(sort !== undefined && { sort }),
    ...(page.limit !== undefined && { limit: page.limit }),
    ...(page.offset !== undefined && { skip: page.offset }),
    ...(cursor?.limit !== undefined && { limit: cursor.limit }),
    ...(cursor?.cursor !== undefined && { cursor: cursor.cursor }),
  };
}
