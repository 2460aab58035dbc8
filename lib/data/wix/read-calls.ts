import type { BackendQuery, DataBackend } from '../backend';
import type { CollectionDeclaration, DataItem } from '../model';
import type { ItemsApi, Json, WixDataHttp } from './http';
import { pathSafe } from './results';
import {
  compareValues,
  fromWixAggregateRow,
  fromWixItem,
  fromWixValue,
  records,
  toWixAggregation,
  toWixFilter,
  readReferences,
  toWixSort,
} from './wire';

// The Wix Data backend's reads: an item by id, a page of a query, a count, distinct values and an aggregation. Each
// goes over the read transport (a 5xx retried, within the read deadline: http.ts) and asks `consistentRead`, since
// the client reads what it has just written (index.ts). The aggregation is hand-written REST (index.ts says why).

/** What the backend's calls share: the transport's calls, and the collections `prepare` declared. */
export interface WixItemsContext extends WixDataHttp {
  /** The declaration `prepare` was given for this collection; throws if there was none. */
  declared(collectionId: string): CollectionDeclaration;
}

/** Wix's largest page and bulk request. */
const PAGE = 1000;
/** Distinct values and aggregation groups are read in pages of 1000, up to this many pages. */
const MAX_PAGES = 100;
/** `SortOrder.ASC` of @wix/wix-data-items-common, an enum @wix/data does not export. */
const ASC = 'ASC' as NonNullable<Parameters<ItemsApi['distinct']>[2]>['order'];

export type ReadCalls = Pick<DataBackend, 'get' | 'count' | 'query' | 'distinct' | 'aggregate'> & {
  /** The stored items among these ids (at most 1000: the client's bulk limit, and Wix's page). */
  byIds(collectionId: string, ids: string[]): Promise<DataItem[]>;
};

export function readCalls({ call, post, failed, declared }: WixItemsContext): ReadCalls {
  /** One page of items, through `items.query`'s request form (`filter`, `sort`, `paging: { limit, offset }`). */
  async function queryPage(collectionId: string, query: Json, returnTotalCount = false) {
    const collection = declared(collectionId);
    const what = `query of ${collectionId}`;
    const options = {
      consistentRead: true,
      ...readReferences(collection),
      ...(returnTotalCount && { returnTotalCount }),
    };
    const answer = await call('read', { what, collectionId }, (api) => api.query(collectionId, query, options));
    const items = records(answer.items, what).map((data) => fromWixItem(collection, data, what));
    return { items, paging: (answer.pagingMetadata ?? {}) as Json };
  }

  const byIds = async (collectionId: string, ids: string[]) =>
    (await queryPage(collectionId, { filter: { _id: { $in: ids } }, paging: { limit: ids.length } })).items;

  async function count(collectionId: string, filter: Json) {
    const what = `count of ${collectionId}`;
    const total: unknown = await call('read', { what, collectionId }, (api) =>
      api.count(collectionId, { filter, consistentRead: true }),
    );
    if (typeof total !== 'number') throw failed(`Wix answered ${what} without a totalCount`);
    return total;
  }

  /** Reads every page of a paged answer (`page(offset)` gives its list and paging) until Wix says there is no more. */
  async function allPages(what: string, page: (offset: number) => Promise<{ list: unknown; paging: unknown }>) {
    const all: unknown[] = [];
    for (let n = 0; n < MAX_PAGES; n++) {
      const { list, paging } = await page(n * PAGE);
      if (!Array.isArray(list)) throw failed(`Wix answered ${what} without its list`);
      all.push(...list);
      const hasNext = (paging as Json | undefined)?.hasNext;
      const more = typeof hasNext === 'boolean' ? hasNext : list.length === PAGE;
      if (!more) return all;
    }
    throw failed(`Wix kept answering ${what} past ${MAX_PAGES * PAGE} values`);
  }

  async function get(collectionId: string, id: string): Promise<DataItem | null> {
    const collection = declared(collectionId);
    if (!pathSafe(id)) return (await byIds(collectionId, [id]))[0] ?? null;
    const what = `get of an item of ${collectionId}`;
    // Not found (WDE0073) is null already: the SDK's get recovers it.
    const data = await call('read', { what, collectionId }, (api) =>
      api.get(collectionId, id, { consistentRead: true, ...readReferences(collection) }),
    );
    return data === null ? null : fromWixItem(collection, data, what);
  }

  return {
    get,
    byIds,

    count: (collectionId, filter) => count(collectionId, toWixFilter(declared(collectionId), filter)),

    async query(collectionId, query: BackendQuery) {
      const filter = toWixFilter(declared(collectionId), query.filter);
      const { items, paging } = await queryPage(
        collectionId,
        {
          ...(Object.keys(filter).length > 0 && { filter }),
          sort: toWixSort(query.sort),
          paging: { limit: query.limit, offset: query.skip },
        },
        true,
      );
      // Wix leaves `total` out when it is too many to count; a count call answers it then.
      const total = typeof paging.total === 'number' ? paging.total : await count(collectionId, filter);
      return { items, totalCount: total };
    },

    async distinct(collectionId, field, filter) {
      const collection = declared(collectionId);
      const what = `distinct values of ${field} in ${collectionId}`;
      const options = { filter: toWixFilter(collection, filter), order: ASC, consistentRead: true };
      const values = await allPages(what, async (offset) => {
        const answer = await call('read', { what, collectionId }, (api) =>
          api.distinct(collectionId, field, { ...options, paging: { limit: PAGE, offset } }),
        );
        return { list: answer.values, paging: answer.pagingMetadata };
      });
      return values
        .map((value) => fromWixValue(collection, field, value))
        .filter((value) => value !== null && value !== undefined)
        .sort(compareValues);
    },

    async aggregate(collectionId, aggregation) {
      const collection = declared(collectionId);
      const what = `aggregation of ${collectionId}`;
      // Hand-written REST: see the top of index.ts for what the SDK's aggregate cannot carry.
      const body = {
        dataCollectionId: collectionId,
        initialFilter: toWixFilter(collection, aggregation.filter),
        aggregation: toWixAggregation(aggregation),
        consistentRead: true,
      };
      const pages = await allPages(what, async (offset) => {
        const answer = await post('read', '/items/aggregate', {
          what,
          collectionId,
          body: { ...body, paging: { limit: PAGE, offset } },
        });
        return { list: answer.results, paging: answer.pagingMetadata };
      });
      const results = records(pages, what).map((row) => fromWixAggregateRow(collection, aggregation, row));
      // The embedded backend's order: by the grouped values, ascending, nulls last.
      const order = (a: Json, b: Json) => {
        for (const g of aggregation.groupBy) {
          const c = compareValues(a[g], b[g]);
          if (c) return c;
        }
        return 0;
      };
      return results.sort(order);
    },
  };
}
