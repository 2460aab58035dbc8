import { errors } from '@/lib/core/errors';
import { checkCursorQuery } from '@/lib/blog';
import { parseFilter } from '@/lib/blog';
import { checkLimit } from '@/lib/core/query/paging';
import { parseSort } from '@/lib/blog';
import type { PostFieldset } from '@/lib/blog/types';
import type { PostQuery } from '@/lib/blog';
import { parseFieldsetsBody } from './params';
import { isRecord } from '@/lib/core/json';

/** Validates `POST /api/posts/query` before anything is read (WDE0016, 0032-0051, 0068-0070, 0080, 0165). */
export function parseQueryBody(body: Record<string, unknown>): { query: PostQuery; fieldsets?: PostFieldset[] } {
  const raw = body.query ?? {};
  if (!isRecord(raw)) throw errors.filterNotObject('query must be an object');
  const cursorPaging = raw.cursorPaging;
  if (cursorPaging !== undefined && !isRecord(cursorPaging))
    throw errors.limitNotNumber('cursorPaging must be an object');
  const paging = isRecord(raw.paging) ? raw.paging : undefined;
  if (raw.skip !== undefined || paging?.offset !== undefined || (cursorPaging && cursorPaging.offset !== undefined)) {
    throw errors.skipWithCursor(
      'posts are paged by cursor: skip and paging.offset are not supported, use cursorPaging.cursor',
    );
  }
  if (raw.filter !== undefined) parseFilter(raw.filter);
  // null is "not sent", as for the cursor: a client may send every field on every page.
  const sort = raw.sort === undefined || raw.sort === null ? undefined : parseSort(raw.sort);
  const limit = cursorPaging?.limit ?? paging?.limit;
  if (limit !== undefined) checkLimit(limit, 50);
  const cursor = cursorPaging?.cursor;
  if (cursor !== undefined && cursor !== null && (typeof cursor !== 'string' || cursor.length === 0)) {
    throw errors.malformedCursor('cursor must be a string');
  }
  // Here, not only in the engine: the Wix source would send the cursor alone and drop filter and sort.
  if (typeof cursor === 'string') checkCursorQuery(cursor, { filter: raw.filter, sort });
  return {
    query: {
      filter: (raw.filter ?? undefined) as Record<string, unknown> | undefined,
      sort,
      cursorPaging: { cursor: (cursor as string | null | undefined) ?? undefined, limit: limit as number | undefined },
    },
    fieldsets: parseFieldsetsBody(body.fieldsets),
  };
}
