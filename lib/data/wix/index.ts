import { type BackendQuery, type DataBackend, ItemExistsError } from '../backend';
import type { CollectionDeclaration, DataItem } from '../types';
import { wixCollections } from './collections';
import { type Json, type WixDataConfig, createWixDataHttp } from './http';
import { describe, idOf, itemResults, pathSegment } from './results';
import {
  compareValues,
  fromWixAggregateRow,
  fromWixDate,
  fromWixItem,
  holdsDate,
  records,
  toWixAggregation,
  toWixFilter,
  toWixItem,
  toWixSort,
} from './wire';

export type { WixDataConfig } from './http';

// The Wix Data backend: the site's collections in a Wix site's CMS, through the Data Items REST API v2 (http.ts;
// the shapes in wire.ts, a bulk call's per-item results in results.ts). The client has validated everything, checked
// permissions and run the hooks; this stores.
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
// - The transport retries a 5xx on writes too: an insert that succeeded but answered 5xx is retried and can answer
//   WDE0074 for the item it wrote itself.

/** Wix's largest page and bulk request. */
const PAGE = 1000;
/** Distinct values and aggregation groups are read in pages of 1000, up to this many pages. */
const MAX_PAGES = 100;

/**
 * `prepare` makes no call: Wix collections are created in the Wix dashboard or by `npm run blog -- wix setup`, not by
 * the running site, and the client keeps a failed `prepare` for good, so a network call here could break a collection
 * for the life of the process. `missing` says which the site lacks (lib/data/reads.ts turns their features off); a
 * collection Wix does not have answers 404 WDE0025 on its use.
 */
export function createWixBackend(config: WixDataConfig): DataBackend {
  const { send, failed } = createWixDataHttp(config);
  const collections = new Map<string, CollectionDeclaration>();
  const declared = (id: string) => {
    const collection = collections.get(id);
    if (!collection) throw new Error(`collection ${id} was not prepared`);
    return collection;
  };
  const post = (path: string, collectionId: string, what: string, body: Json, tolerate?: string[]) =>
    send('POST', path, { what, collectionId, body: { dataCollectionId: collectionId, ...body }, tolerate });

  /** One page of items: `query: { filter, sort, paging: { limit, offset } }`. */
  async function queryPage(collectionId: string, query: Json, extra: Json = {}) {
    const what = `query of ${collectionId}`;
    const { body } = await post('/items/query', collectionId, what, { query, consistentRead: true, ...extra });
    const items = records(body.dataItems, what).map((raw) => fromWixItem(declared(collectionId), raw, what));
    return { items, paging: (body.pagingMetadata ?? {}) as Json };
  }

  /** The stored items among these ids (at most 1000: the client's bulk limit, and Wix's page). */
  const byIds = async (collectionId: string, ids: string[]) =>
    (await queryPage(collectionId, { filter: { _id: { $in: ids } }, paging: { limit: ids.length } })).items;

  async function count(collectionId: string, filter: Json) {
    const what = `count of ${collectionId}`;
    const { body } = await post('/items/count', collectionId, what, { filter, consistentRead: true });
    if (typeof body.totalCount !== 'number') throw failed(`Wix answered ${what} without a totalCount`);
    return body.totalCount;
  }

  /** Reads every page of a paged answer (`key` holds the page's list) until Wix says there is no more. */
  async function allPages(path: string, collectionId: string, what: string, body: Json, key: string) {
    const all: unknown[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const offset = page * PAGE;
      const answer = (await post(path, collectionId, what, { ...body, paging: { limit: PAGE, offset } })).body;
      const list = answer[key];
      if (!Array.isArray(list)) throw failed(`Wix answered ${what} without ${key}`);
      all.push(...list);
      const paging = (answer.pagingMetadata ?? {}) as Json;
      const more = typeof paging.hasNext === 'boolean' ? paging.hasNext : list.length === PAGE;
      if (!more) return all;
    }
    throw failed(`Wix kept answering ${what} past ${MAX_PAGES * PAGE} values`);
  }

  async function removeMany(collectionId: string, ids: string[]): Promise<DataItem[]> {
    const found = await byIds(collectionId, [...new Set(ids)]);
    if (!found.length) return [];
    const what = `bulk remove from ${collectionId}`;
    const { body } = await post('/bulk/items/remove', collectionId, what, { dataItemIds: found.map((i) => i._id) });
    const results = itemResults(body, what);
    const broken = results.filter((r) => !r.success && r.code !== 'WDE0073');
    if (broken.length) throw failed(`Wix failed ${what} for ${broken.length} items: ${describe(broken)}`);
    const removed = new Set(results.filter((r) => r.success).map((r) => idOf(r, found)));
    return found.filter((item) => removed.has(item._id));
  }

  async function get(collectionId: string, id: string): Promise<DataItem | null> {
    const collection = declared(collectionId);
    const segment = pathSegment(id);
    if (segment === null) return (await byIds(collectionId, [id]))[0] ?? null;
    const what = `get of an item of ${collectionId}`;
    const { code, body } = await send('GET', `/items/${segment}`, {
      what,
      collectionId,
      query: { dataCollectionId: collectionId, consistentRead: 'true' },
      tolerate: ['WDE0073'],
    });
    return code ? null : fromWixItem(collection, body.dataItem, what);
  }

  const siteCollections = wixCollections(config);

  return {
    name: 'wix',

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
        const dataItem = toWixItem(collection, items[0]!);
        const { code } = await post('/items', collectionId, `insert into ${collectionId}`, { dataItem }, ['WDE0074']);
        if (code) throw new ItemExistsError(items[0]!._id);
        return;
      }
      if (!items.length) return;
      const [stored] = await byIds(collectionId, [...seen]);
      if (stored) throw new ItemExistsError(stored._id);
      const what = `bulk insert into ${collectionId}`;
      const dataItems = items.map((item) => toWixItem(collection, item));
      const results = itemResults((await post('/bulk/items/insert', collectionId, what, { dataItems })).body, what);
      const failures = results.filter((r) => !r.success);
      if (!failures.length) return;
      // Someone inserted one of these ids since the check: take back what this call inserted.
      const inserted = results.filter((r) => r.success).flatMap((r) => idOf(r, items) ?? []);
      if (inserted.length) await removeMany(collectionId, inserted);
      const taken = failures.find((f) => f.code === 'WDE0074');
      if (taken) throw new ItemExistsError(idOf(taken, items) ?? items[0]!._id);
      throw failed(`Wix failed ${what} for ${failures.length} items: ${describe(failures)}`);
    },

    async save(collectionId, items) {
      const collection = declared(collectionId);
      // An id named twice keeps its last item, as the embedded backend does.
      const unique = [...new Map(items.map((item) => [item._id, item])).values()];
      if (unique.length === 1) {
        await post('/items/save', collectionId, `save into ${collectionId}`, {
          dataItem: toWixItem(collection, unique[0]!),
        });
        return;
      }
      if (!unique.length) return;
      const what = `bulk save into ${collectionId}`;
      const dataItems = unique.map((item) => toWixItem(collection, item));
      const failures = itemResults((await post('/bulk/items/save', collectionId, what, { dataItems })).body, what);
      const broken = failures.filter((r) => !r.success);
      if (broken.length) throw failed(`Wix failed ${what} for ${broken.length} items: ${describe(broken)}`);
    },

    async update(collectionId, items) {
      const collection = declared(collectionId);
      if (!items.length) return [];
      const segment = items.length === 1 ? pathSegment(items[0]!._id) : null;
      if (segment !== null) {
        const { code } = await send('PUT', `/items/${segment}`, {
          what: `update of an item of ${collectionId}`,
          collectionId,
          body: { dataCollectionId: collectionId, dataItem: toWixItem(collection, items[0]!) },
          tolerate: ['WDE0073'],
        });
        return code ? [items[0]!._id] : [];
      }
      const what = `bulk update of ${collectionId}`;
      const dataItems = items.map((item) => toWixItem(collection, item));
      const results = itemResults((await post('/bulk/items/update', collectionId, what, { dataItems })).body, what);
      const broken = results.filter((r) => !r.success && r.code !== 'WDE0073');
      if (broken.length) throw failed(`Wix failed ${what} for ${broken.length} items: ${describe(broken)}`);
      return results.filter((r) => !r.success).flatMap((r) => idOf(r, items) ?? []);
    },

    async remove(collectionId, ids) {
      const collection = declared(collectionId);
      const segment = ids.length === 1 ? pathSegment(ids[0]!) : null;
      if (segment === null) return ids.length ? removeMany(collectionId, ids) : [];
      const what = `remove from ${collectionId}`;
      const { code, body } = await send('DELETE', `/items/${segment}`, {
        what,
        collectionId,
        query: { dataCollectionId: collectionId },
        tolerate: ['WDE0073'],
      });
      return code ? [] : [fromWixItem(collection, body.dataItem, what)];
    },

    async truncate(collectionId) {
      await post('/items/truncate', collectionId, `truncate of ${collectionId}`, {});
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
        { returnTotalCount: true },
      );
      // Wix leaves `total` out when it is too many to count; a count call answers it then.
      const total = typeof paging.total === 'number' ? paging.total : await count(collectionId, filter);
      return { items, totalCount: total };
    },

    async references(collectionId, id, field, { mode, targets }) {
      const ids = [...new Set(targets)];
      const what = `${mode} of references in ${collectionId}`;
      if (mode === 'replace') {
        const body = { referringItemFieldName: field, referringItemId: id, newReferencedItemIds: ids };
        const { code } = await post('/items/replace-references', collectionId, what, body, ['WDE0073']);
        if (code) return null;
      } else if (ids.length) {
        const dataItemReferences = ids.map((target) => ({
          referringItemFieldName: field,
          referringItemId: id,
          referencedItemId: target,
        }));
        const path = mode === 'insert' ? '/bulk/items/insert-references' : '/bulk/items/remove-references';
        const { body } = await post(path, collectionId, what, { dataItemReferences });
        const failures = itemResults(body, what, 'referenceMetadata').filter((r) => !r.success);
        if (failures.some((f) => f.code === 'WDE0073')) return null;
        if (failures.length)
          throw failed(`Wix failed ${what} for ${failures.length} references: ${describe(failures)}`);
      }
      return get(collectionId, id);
    },

    async distinct(collectionId, field, filter) {
      const collection = declared(collectionId);
      const what = `distinct values of ${field} in ${collectionId}`;
      const body = { fieldName: field, filter: toWixFilter(collection, filter), order: 'ASC', consistentRead: true };
      const values = await allPages('/items/query-distinct-values', collectionId, what, body, 'distinctValues');
      return values
        .map((value) => (holdsDate(collection, field) ? fromWixDate(value) : value))
        .filter((value) => value !== null && value !== undefined)
        .sort(compareValues);
    },

    async aggregate(collectionId, aggregation) {
      const collection = declared(collectionId);
      const what = `aggregation of ${collectionId}`;
      const body = {
        initialFilter: toWixFilter(collection, aggregation.filter),
        aggregation: toWixAggregation(aggregation),
        consistentRead: true,
      };
      const rows = records(await allPages('/items/aggregate', collectionId, what, body, 'results'), what);
      const results = rows.map((row) => fromWixAggregateRow(collection, aggregation, row));
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
