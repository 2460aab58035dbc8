import { errors } from '@/lib/core/errors';
import { canonical, seal, unseal } from '@/lib/core/query/seal';

// Cursor paging for data queries (`cursorPaging: { limit, cursor }`): a cursor is sealed (tamper-evident) and holds
// the collection, the query as it was sent (filter and sort, checked again on use) and where the page starts. The
// caller is not in it: who may see which items is decided again on every page.

export interface DataCursor {
  collectionId: string;
  filter: unknown;
  sort: unknown;
  limit: number;
  skip: number;
}

export const dataCursor = (cursor: DataCursor): string =>
  seal(['d', cursor.collectionId, cursor.filter ?? null, cursor.sort ?? null, cursor.limit, cursor.skip]);

const malformed = () => errors.malformedCursor('cursor is malformed or was not issued by this site');

/**
 * The cursor's query, for this collection. A request may send the cursor's own filter and sort beside it, never others
 * (they would be silently dropped): WDE0165, like a cursor sealed elsewhere or for another collection.
 */
export function openDataCursor(
  token: string,
  collectionId: string,
  beside: { filter?: unknown; sort?: unknown },
): DataCursor {
  const opened = unseal(token);
  if (!Array.isArray(opened) || opened[0] !== 'd' || opened[1] !== collectionId) throw malformed();
  const [, , filter, sort, limit, skip] = opened as [string, string, unknown, unknown, unknown, unknown];
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(skip) || (skip as number) < 0) throw malformed();
  const sent = (value: unknown) => value !== undefined && value !== null;
  if (
    (sent(beside.filter) && canonical(beside.filter) !== canonical(filter ?? {})) ||
    (sent(beside.sort) && canonical(beside.sort) !== canonical(sort ?? []))
  ) {
    throw errors.malformedCursor(
      'this cursor was issued for another query: send it alone, or with the same filter and sort',
    );
  }
  return { collectionId, filter, sort, limit: limit as number, skip: skip as number };
}
