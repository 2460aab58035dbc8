import { type BackendQuery, type DataBackend, ItemExistsError } from '../backend';
import { dataErrors } from '../errors';
import { createWixIndexes } from '../indexes/wix';
import type { CollectionDeclaration, DataItem } from '../types';
import { wixCollections } from './collections';
import { type ItemsApi, type Json, type WixDataConfig, createWixDataHttp } from './http';
import { type ItemFailure, bulkOutcome, describe, pathSafe, referenceResults } from './results';
import {
  compareValues,
  fromWixAggregateRow,
  fromWixItem,
  fromWixValue,
  records,
  toWixAggregation,
  toWixData,
  toWixFilter,
  toWixSort,
} from './wire';

export type { WixDataConfig } from './http';

// The Wix Data backend: the site's collections in a Wix site's CMS, through the Data Items API v2 (http.ts; the shapes
// in wire.ts, a bulk call's outcomes in results.ts). The client has validated everything, checked permissions and run
// the hooks; this stores.
//
// The calls are those of `items` of @wix/data, in their request forms where it has them (query, count, distinct take
// our filter JSON as it is), except three kept in hand-written REST because the SDK cannot carry them as the backend
// needs (docs/wix-operations.md):
// - aggregate: `items.aggregate(id, pipeline)` is another RPC (POST /v2/items/aggregate-pipeline, stages); the builder
//   makes AggregateDataItems but names a count only `count` (WixDataAggregateImpl.count validates arity zero while
//   taking the name), and its answer loses which field a value belongs to when a row groups by several fields and
//   holds a value for one only, Wix leaving a field with no value out of `_id` (WixDataApi.js unwrapAggregationId
//   turns `_id: { title: 'x' }` into `_id: 'x'`);
// - inserting and removing references: `items.insertReference` and `removeReference` await the bulk reference call
//   and drop its answer (WixDataApi.js insertReference, removeReference return nothing), so a reference Wix refuses
//   inside its 200 would pass for done.
//
// What Wix does differently from the embedded database, and what is done about it:
// - Reads are eventually consistent on Wix: every read asks `consistentRead`, since the client reads what it has just
//   written (an update reads the stored item first; a bulk insert checks its ids).
// - Wix has no transaction across calls. A batch insert (all or none in the interface) checks its ids with one query,
//   then bulk-inserts; an id inserted by someone else between the two makes Wix refuse that item alone, and the items
//   it did insert are then removed again before ItemExistsError is thrown. A bulk save or update that Wix fails for
//   some items (not "not found") cannot be undone: it throws 502 WDE0053 with the others written.
// - A bulk remove answers no items: the items are read first (one query), so what is returned is what was read.
// - Multi-reference changes use the reference endpoints, each one call, so concurrent changes lose nothing; the item
//   is then read back. Its `_updatedDate` is the platform's business there (the given one cannot be sent).
// - The transport retries a 5xx on reads only: a write that failed late may have been stored (a 429 is retried, as
//   it comes before any work).

/** Wix's largest page and bulk request. */
const PAGE = 1000;
/** Distinct values and aggregation groups are read in pages of 1000, up to this many pages. */
const MAX_PAGES = 100;
/** `SortOrder.ASC` of @wix/wix-data-items-common, an enum @wix/data does not export. */
const ASC = 'ASC' as NonNullable<Parameters<ItemsApi['distinct']>[2]>['order'];

/**
 * `prepare` makes no call: Wix collections are created in the Wix dashboard or by `npm run blog -- wix setup`, not by
 * the running site, and the client keeps a failed `prepare` for good, so a network call here could break a collection
 * for the life of the process. `missing` says which the site lacks (lib/data/reads.ts turns their features off); a
 * collection Wix does not have answers 404 WDE0025 on its use.
 */
export function createWixBackend(config: WixDataConfig): DataBackend {
  const { attempt, call, post, failed } = createWixDataHttp(config);
  const collections = new Map<string, CollectionDeclaration>();
  const declared = (id: string) => {
    const collection = collections.get(id);
    if (!collection) throw new Error(`collection ${id} was not prepared`);
    return collection;
  };

  /** One page of items, through `items.query`'s request form (`filter`, `sort`, `paging: { limit, offset }`). */
  async function queryPage(collectionId: string, query: Json, returnTotalCount = false) {
    const collection = declared(collectionId);
    const what = `query of ${collectionId}`;
    const options = { consistentRead: true, ...(returnTotalCount && { returnTotalCount }) };
    const answer = await call('read', { what, collectionId }, (api) => api.query(collectionId, query, options));
    const items = records(answer.items, what).map((data) => fromWixItem(collection, data, what));
    return { items, paging: (answer.pagingMetadata ?? {}) as Json };
  }

  /** The stored items among these ids (at most 1000: the client's bulk limit, and Wix's page). */
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

  /** A bulk call's failures other than those it tolerates, as 502 WDE0053 (a unique index's refusal: 409 WDE0123). */
  const bulkFailure = (what: string, failures: ItemFailure[], collectionId?: string) =>
    collectionId !== undefined && failures.some((f) => f.code === 'WDE0123')
      ? dataErrors.uniqueIndexConflict(collectionId)
      : failed(`Wix failed ${what} for ${failures.length} items: ${describe(failures)}`);

  async function removeMany(collectionId: string, ids: string[]): Promise<DataItem[]> {
    const found = await byIds(collectionId, [...new Set(ids)]);
    if (!found.length) return [];
    const what = `bulk remove from ${collectionId}`;
    const sent = found.map((item) => item._id);
    const result = await call('write', { what, collectionId }, (api) => api.bulkRemove(collectionId, sent));
    // An item gone meanwhile is WDE0073, which the SDK leaves out of its errors: it is not in what was removed.
    const { done, failures } = bulkOutcome(sent, result);
    if (failures.length) throw bulkFailure(what, failures);
    return found.filter((item) => done.has(item._id));
  }

  async function get(collectionId: string, id: string): Promise<DataItem | null> {
    const collection = declared(collectionId);
    if (!pathSafe(id)) return (await byIds(collectionId, [id]))[0] ?? null;
    const what = `get of an item of ${collectionId}`;
    // Not found (WDE0073) is null already: the SDK's get recovers it.
    const data = await call('read', { what, collectionId }, (api) =>
      api.get(collectionId, id, { consistentRead: true }),
    );
    return data === null ? null : fromWixItem(collection, data, what);
  }

  const siteCollections = wixCollections(config);

  return {
    name: 'wix',
    indexes: createWixIndexes(config),

    async missing(ids) {
      const present = new Set((await siteCollections.list()).map((collection) => collection.id));
      return ids.filter((id) => !present.has(id));
    },

    async prepare(collection) {
      collections.set(collection.id, collection);
    },

    get,

    async insert(collectionId, items) {
      const collection = declared(collectionId);
      const seen = new Set<string>();
      for (const item of items) {
        if (seen.has(item._id)) throw new ItemExistsError(item._id);
        seen.add(item._id);
      }
      if (items.length === 1) {
        const request = { what: `insert into ${collectionId}`, collectionId };
        const data = toWixData(collection, items[0]!);
        const outcome = await attempt('write', request, ['WDE0074'], (api) => api.insert(collectionId, data));
        if ('code' in outcome) throw new ItemExistsError(items[0]!._id);
        return;
      }
      if (!items.length) return;
      const [stored] = await byIds(collectionId, [...seen]);
      if (stored) throw new ItemExistsError(stored._id);
      const what = `bulk insert into ${collectionId}`;
      const data = items.map((item) => toWixData(collection, item));
      const result = await call('write', { what, collectionId }, (api) => api.bulkInsert(collectionId, data));
      // An id taken is WDE0074, which the SDK leaves out of its errors: an item neither inserted nor failed.
      const { done, failures, unanswered: taken } = bulkOutcome([...seen], result);
      if (!failures.length && !taken.length) return;
      // Someone inserted one of these ids since the check: take back what this call inserted.
      const inserted = items.filter((item) => done.has(item._id)).map((item) => item._id);
      if (inserted.length) await removeMany(collectionId, inserted);
      if (taken.length) throw new ItemExistsError(taken[0]!);
      throw bulkFailure(what, failures, collectionId);
    },

    async save(collectionId, items) {
      const collection = declared(collectionId);
      // An id named twice keeps its last item, as the embedded backend does.
      const unique = [...new Map(items.map((item) => [item._id, item])).values()];
      if (unique.length === 1) {
        const data = toWixData(collection, unique[0]!);
        await call('write', { what: `save into ${collectionId}`, collectionId }, (api) => api.save(collectionId, data));
        return;
      }
      if (!unique.length) return;
      const what = `bulk save into ${collectionId}`;
      const data = unique.map((item) => toWixData(collection, item));
      const result = await call('write', { what, collectionId }, (api) => api.bulkSave(collectionId, data));
      // A bulk save tolerates nothing: an item the answer does not say was saved failed.
      const { failures, unanswered } = bulkOutcome(
        unique.map((item) => item._id),
        result,
      );
      const broken = [...failures, ...unanswered.map((id) => ({ id }))];
      if (broken.length) throw bulkFailure(what, broken, collectionId);
    },

    async update(collectionId, items) {
      const collection = declared(collectionId);
      if (!items.length) return [];
      if (items.length === 1) {
        const request = { what: `update of an item of ${collectionId}`, collectionId };
        const data = toWixData(collection, items[0]!);
        const outcome = await attempt('write', request, ['WDE0073'], (api) => api.update(collectionId, data));
        return 'code' in outcome ? [items[0]!._id] : [];
      }
      const what = `bulk update of ${collectionId}`;
      const data = items.map((item) => toWixData(collection, item));
      const result = await call('write', { what, collectionId }, (api) => api.bulkUpdate(collectionId, data));
      // Not found is WDE0073, which the SDK leaves out of its errors: an item neither updated nor failed.
      const { failures, unanswered: notFound } = bulkOutcome(
        items.map((item) => item._id),
        result,
      );
      if (failures.length) throw bulkFailure(what, failures, collectionId);
      return notFound;
    },

    async remove(collectionId, ids) {
      const collection = declared(collectionId);
      if (ids.length !== 1) return ids.length ? removeMany(collectionId, ids) : [];
      const what = `remove from ${collectionId}`;
      // Not found (WDE0073) is null already: the SDK's remove recovers it.
      const data = await call('write', { what, collectionId }, (api) => api.remove(collectionId, ids[0]!));
      return data === null ? [] : [fromWixItem(collection, data, what)];
    },

    async truncate(collectionId) {
      await call('write', { what: `truncate of ${collectionId}`, collectionId }, (api) => api.truncate(collectionId));
    },

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

    async references(collectionId, id, field, { mode, targets }) {
      const ids = [...new Set(targets)];
      const what = `${mode} of references in ${collectionId}`;
      if (mode === 'replace') {
        const outcome = await attempt('write', { what, collectionId }, ['WDE0073'], (api) =>
          api.replaceReferences(collectionId, field, id, ids),
        );
        if ('code' in outcome) return null;
      } else if (ids.length) {
        // Hand-written REST: the SDK's insertReference and removeReference drop the per-reference results.
        const dataItemReferences = ids.map((target) => ({
          referringItemFieldName: field,
          referringItemId: id,
          referencedItemId: target,
        }));
        const path = mode === 'insert' ? '/bulk/items/insert-references' : '/bulk/items/remove-references';
        const body = await post('write', path, {
          what,
          collectionId,
          body: { dataCollectionId: collectionId, dataItemReferences },
        });
        const failures = referenceResults(body, what).filter((r) => !r.success);
        if (failures.some((f) => f.code === 'WDE0073')) return null;
        if (failures.length)
          throw failed(`Wix failed ${what} for ${failures.length} references: ${describe(failures)}`);
      }
      return get(collectionId, id);
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
      // Hand-written REST: see the top of this file for what the SDK's aggregate cannot carry.
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

    // Nothing to let go: the SDK client holds no connection of its own.
    close: async () => {},
  };
}
