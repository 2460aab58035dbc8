import { errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import { openDataCursor, dataCursor } from '../cursor';
import type { Caller, DataItem } from '../model';
import { checkDataQuery, checkOptions } from '../validate';
import type { ClientContext } from './context';

// A query's pages: checked, narrowed to what the caller may see, paged by skip, with sealed cursors either side.

export interface QueryResult {
  items: DataItem[];
  totalCount: number;
  /** Whether a page follows: `skip + items.length < totalCount`. */
  hasNext: boolean;
  hasPrev: boolean;
  /** The next page of the same query; WDE0165 when there is none. */
  next(): Promise<QueryResult>;
  /** The previous page; WDE0159 on the first. */
  prev(): Promise<QueryResult>;
  /** Cursors for the pages beside this one (null at either end), to pass as the `cursor` of a later query. */
  cursors: { next: string | null; prev: string | null };
}

export function queryOperations(ctx: ClientContext) {
  const { backend } = ctx;
  return {
    async query(collectionId: unknown, rawQuery: unknown, caller: Caller, rawOptions?: unknown): Promise<QueryResult> {
      const options = checkOptions(rawOptions);
      const collection = await ctx.open(collectionId);
      let sent = checkDataQuery(rawQuery ?? {}, collection);
      // The query as sent (filter and sort unparsed): what a cursor carries, checked again when it comes back.
      let asSent: { filter: unknown; sort: unknown } = isRecord(rawQuery)
        ? { filter: rawQuery.filter, sort: rawQuery.sort }
        : { filter: undefined, sort: undefined };
      if (sent.cursor !== undefined) {
        const cursor = openDataCursor(sent.cursor, collection.id, asSent);
        asSent = { filter: cursor.filter, sort: cursor.sort };
        // A limit sent beside the cursor sizes this page and the ones after it (as cursorPaging.limit does on Wix).
        const limit = isRecord(rawQuery) && rawQuery.limit != null ? sent.limit : cursor.limit;
        sent = { ...checkDataQuery({ ...asSent, limit }, collection), skip: cursor.skip };
      }
      const query = sent;
      ctx.authorize(collection, 'read', caller, options);
      const h = ctx.hooksOf(collection, options);
      h.beforeQuery?.(query);
      const filter = ctx.visibleTo(collection, caller, options, query.filter);
      const cursorAt = (skip: number) =>
        dataCursor({ collectionId: collection.id, ...asSent, limit: query.limit, skip });
      const page = async (skip: number): Promise<QueryResult> => {
        const { items, totalCount } = await backend.query(collection.id, { ...query, filter, skip });
        const shown = h.afterQuery ? await Promise.all(items.map((i) => h.afterQuery!(i))) : items;
        const hasNext = skip + items.length < totalCount;
        const hasPrev = skip > 0;
        const before = Math.max(0, skip - query.limit);
        return {
          items: shown,
          totalCount,
          hasNext,
          hasPrev,
          // The platform's result paging: asking past either end is an error, not an empty page.
          next: () => (hasNext ? page(skip + query.limit) : Promise.reject(errors.noNextPage('there is no next page'))),
          prev: () => (hasPrev ? page(before) : Promise.reject(errors.noPreviousPage('there is no previous page'))),
          cursors: {
            next: hasNext ? cursorAt(skip + query.limit) : null,
            prev: hasPrev ? cursorAt(before) : null,
          },
        };
      };
      return page(query.skip);
    },
  };
}
