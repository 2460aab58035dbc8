import { canonical, seal, unseal } from '@/lib/core/query/seal';
import { errors } from '@/lib/core/errors';
import { parseSort, type SortSpec } from './sort';

// Cursors are opaque and tamper-evident: base64url(JSON) + "." + HMAC. They carry the query itself
// (filter, sort, limit) and the sort key of the page edge, so a walk survives posts being added.

export interface CursorState {
  filter: Record<string, unknown> | undefined;
  sort: SortSpec[];
  limit: number;
  /** Sort key of the edge item: the last item for "next", the first for "prev". */
  anchor: unknown[];
  direction: 'next' | 'prev';
}

export function encodeCursor(state: CursorState): string {
  return seal([state.filter ?? null, state.sort, state.limit, state.anchor, state.direction === 'next' ? 1 : 0]);
}

/** Decodes a cursor; anything not signed by this site is WDE0165. */
export function decodeCursor(cursor: string): CursorState {
  const malformed = () => errors.malformedCursor('cursor is malformed or was not issued by this site');
  const opened = unseal(cursor);
  if (!Array.isArray(opened)) throw malformed();
  const [filter, sort, limit, anchor, next] = opened;
  return { filter: filter ?? undefined, sort, limit, anchor, direction: next === 1 ? 'next' : 'prev' };
}

// A cursor carries its query, and the page after it exists only for that query. A request that sends a
// cursor with a filter or sort of its own may repeat the cursor's, never change them: that used to be
// answered, silently, with the cursor's query (a `featured: true` cursor sent with `featured: false`
// answered featured posts with 200). The catalogue has no code for "cursor with another filter/sort":
// WDE0080 is skip/offset with cursor paging; WDE0165 is what this site answers for a cursor that is not
// valid for the request (malformed or tampered), and a cursor sent with another query is exactly that.

/** What a request sends beside its cursor; `undefined` or `null` is "not sent". */
export interface QueryBesideCursor {
  filter?: unknown;
  sort?: unknown;
}

const sent = (value: unknown) => value !== undefined && value !== null;

/** Throws WDE0165 when the request's filter or sort differs from the one the cursor was issued for. */
export function assertCursorQuery(state: CursorState, query: QueryBesideCursor): void {
  if (sent(query.filter) && canonical(query.filter) !== canonical(state.filter ?? {})) {
    throw errors.malformedCursor(
      'this cursor was issued for another filter: send it without a filter (it carries its own) or with the same one',
    );
  }
  if (sent(query.sort) && canonical(parseSort(query.sort)) !== canonical(parseSort(state.sort))) {
    throw errors.malformedCursor(
      'this cursor was issued for another sort: send it without a sort (it carries its own) or with the same one',
    );
  }
}

/**
 * The check before any source runs. A cursor this site signed is compared; one it cannot read (the Wix
 * source's cursors are Wix's own, opaque) cannot be, and the source would apply the cursor's query and
 * drop the request's, so a filter or sort sent with it is refused too. A cursor sent alone is left to the
 * source to judge.
 */
export function checkCursorQuery(cursor: string, query: QueryBesideCursor): void {
  if (!sent(query.filter) && !sent(query.sort)) return;
  let state: CursorState;
  try {
    state = decodeCursor(cursor);
  } catch {
    throw errors.malformedCursor(
      'a cursor carries its own filter and sort, and this one cannot be compared with the ones sent: send the cursor without filter or sort',
    );
  }
  assertCursorQuery(state, query);
}
