import { randomUUID } from 'node:crypto';
import { errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import { checkAggregation, queryableField } from './aggregate';
import { type DataBackend, type FilterTree, ItemExistsError } from './backend';
import { openDataCursor, dataCursor } from './cursor';
import { dataErrors } from './errors';
import { assertMayDo, mayDo, mayTouch } from './permissions';
import type { Caller, CollectionDeclaration, DataItem, DataOptions, Operation } from './types';
import {
  checkCollectionId,
  checkDataQuery,
  checkIds,
  checkItem,
  checkItemId,
  checkItems,
  checkMultiReferenceField,
  checkOptions,
  checkReferenceTarget,
  checkReferenceTargets,
} from './validate';

// The items client, named as Wix Data names its operations. Every argument is checked (validate.ts) before anything
// is stored; then the caller's permission, then the hooks, then the backend.

export interface Hooks {
  beforeInsert?(item: DataItem): DataItem | Promise<DataItem>;
  afterInsert?(item: DataItem): void | Promise<void>;
  beforeUpdate?(item: DataItem): DataItem | Promise<DataItem>;
  afterUpdate?(item: DataItem): void | Promise<void>;
  beforeRemove?(id: string): void | Promise<void>;
  afterRemove?(item: DataItem): void | Promise<void>;
  beforeQuery?(query: unknown): unknown;
  afterQuery?(item: DataItem): DataItem | Promise<DataItem>;
}

const isDateField = (collection: CollectionDeclaration, name: string) =>
  collection.fields[name]?.type === 'date' || collection.fields[name]?.type === 'datetime';

/** Dates are stored as ISO strings in UTC, which compare and sort as text; what does not parse is kept as sent. */
const isoDate = (value: unknown) => {
  const millis = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(millis) ? value : new Date(millis).toISOString();
};

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

/**
 * What one successful write changed: the items as they were (`before`: replaced, updated or removed) and as they are
 * (`after`: inserted, saved or updated), or `truncated` when the whole collection was emptied (its items unread).
 */
export type DataChange =
  | { collectionId: string; truncated: false; before: DataItem[]; after: DataItem[] }
  | { collectionId: string; truncated: true; before: []; after: [] };

interface ClientSettings {
  backend: DataBackend;
  collections: CollectionDeclaration[];
  hooks?: Record<string, Hooks>;
  /**
   * Called after every write that changed items, whatever `suppressHooks` says (that option is about the collection's
   * own hooks; this is the site's, e.g. to clear cached pages). Its failure is logged; the write stands.
   */
  onChange?: (change: DataChange) => void | Promise<void>;
  now?: () => Date;
}

export function createDataClient({
  backend,
  collections,
  hooks = {},
  onChange,
  now = () => new Date(),
}: ClientSettings) {
  const byId = new Map(collections.map((c) => [c.id, c]));
  const prepared = new Map<string, Promise<void>>();

  /** Reports a write to `onChange`; a write that changed nothing is not reported. */
  async function changed(collectionId: string, before: DataItem[], after: DataItem[]) {
    if (before.length || after.length) await report({ collectionId, truncated: false, before, after });
  }

  async function report(change: DataChange) {
    if (!onChange) return;
    try {
      await onChange(change);
    } catch (error) {
      // One line, without the items: they may hold a reader's data.
      const message = error instanceof Error ? error.message : String(error);
      console.error(
        JSON.stringify({ msg: 'data change hook failed', collection: change.collectionId, error: message }),
      );
    }
  }

  /** The declared collection, prepared in the backend once; an undeclared name is WDE0025. */
  async function open(rawId: unknown) {
    const id = checkCollectionId(rawId);
    const collection = byId.get(id);
    if (!collection) throw dataErrors.unknownCollection(id);
    let ready = prepared.get(id);
    if (!ready) {
      const attempt = backend.prepare(collection);
      prepared.set(id, (ready = attempt));
      // A failed preparation (the database server down) is tried again by the next call, not remembered.
      attempt.catch(() => {
        if (prepared.get(id) === attempt) prepared.delete(id);
      });
    }
    await ready;
    return collection;
  }

  const hooksOf = (collection: CollectionDeclaration, options: DataOptions) =>
    options.suppressHooks ? {} : (hooks[collection.id] ?? {});

  /** A member reading a SITE_MEMBER_AUTHOR collection sees only their own items. */
  function visibleTo<F>(collection: CollectionDeclaration, caller: Caller, options: DataOptions, filter: F) {
    if (options.suppressAuth || collection.permissions.read !== 'SITE_MEMBER_AUTHOR' || caller.roles.has('ADMIN')) {
      return filter;
    }
    const own = { kind: 'condition', op: '$eq', field: '_owner', value: caller.memberId ?? null } as const;
    return { kind: 'and', nodes: [filter, own] } as unknown as F;
  }

  function authorize(collection: CollectionDeclaration, operation: Operation, caller: Caller, options: DataOptions) {
    if (!options.suppressAuth) assertMayDo(collection, operation, caller);
  }

  /** New items get an id, dates and their author; an item keeps its own `_id` when it brings one. */
  function stamp(
    collection: CollectionDeclaration,
    fields: Record<string, unknown>,
    caller: Caller,
    existing?: DataItem,
  ) {
    const at = now().toISOString();
    // The system fields are the service's to set: whatever a caller sends for them (but `_id`) is dropped.
    const rest = Object.fromEntries(
      Object.entries(fields)
        .filter(([name]) => !name.startsWith('_'))
        .map(([name, value]) => [name, isDateField(collection, name) ? isoDate(value) : value]),
    );
    return {
      ...rest,
      _id: typeof fields._id === 'string' ? fields._id : randomUUID(),
      ...((existing?._owner ?? caller.memberId) && { _owner: existing?._owner ?? caller.memberId }),
      _createdDate: existing?._createdDate ?? at,
      _updatedDate: at,
    };
  }

  /**
   * Inserts, or (`save`) inserts what is new and replaces what is stored: a replaced item keeps its owner and creation
   * date, and needs the update permission (on that item, for SITE_MEMBER_AUTHOR); a new one needs insert.
   */
  async function insertAll(rawId: unknown, rawItems: unknown[], caller: Caller, options: DataOptions, save: boolean) {
    const collection = await open(rawId);
    // The permission before any lookup: a caller who may neither insert nor update is refused alike whether an id is
    // stored or not (a save reads each id first), so no id can be probed for. An insert reaches the store (and its
    // 409 for a stored id) only once authorized below.
    if (save && !options.suppressAuth && !mayDo(collection, 'insert', caller) && !mayDo(collection, 'update', caller)) {
      const { insert, update } = collection.permissions;
      throw dataErrors.permissionDenied(
        `save on "${collection.id}" needs ${insert === update ? insert : `${insert} (new) or ${update} (stored)`}`,
      );
    }
    const h = hooksOf(collection, options);
    const items: DataItem[] = [];
    const replaced: DataItem[] = [];
    for (const raw of rawItems) {
      const fields = checkItem(raw, collection);
      const existing = save && typeof fields._id === 'string' ? await backend.get(collection.id, fields._id) : null;
      if (existing) replaced.push(existing);
      authorize(collection, existing ? 'update' : 'insert', caller, options);
      if (existing && !options.suppressAuth && !mayTouch(collection, 'update', caller, existing)) {
        throw dataErrors.permissionDenied(`item "${existing._id}" of "${collection.id}" belongs to another member`);
      }
      const item = stamp(collection, fields, caller, existing ?? undefined);
      items.push(h.beforeInsert ? await h.beforeInsert(item) : item);
    }
    if (!items.length) authorize(collection, 'insert', caller, options);
    try {
      await (save ? backend.save(collection.id, items) : backend.insert(collection.id, items));
    } catch (error) {
      if (error instanceof ItemExistsError) throw dataErrors.itemExists(error.id);
      throw error;
    }
    await changed(collection.id, replaced, items);
    for (const item of items) await h.afterInsert?.(item);
    return items;
  }

  const client = {
    async get(collectionId: unknown, itemId: unknown, caller: Caller, rawOptions?: unknown): Promise<DataItem | null> {
      const options = checkOptions(rawOptions);
      const collection = await open(collectionId);
      const id = checkItemId(itemId);
      authorize(collection, 'read', caller, options);
      const item = await backend.get(collection.id, id);
      // Not found is tolerated on get (the seed): null, not WDE0073.
      if (!item || (!options.suppressAuth && !mayTouch(collection, 'read', caller, item))) return null;
      const h = hooksOf(collection, options);
      return h.afterQuery ? h.afterQuery(item) : item;
    },

    async insert(collectionId: unknown, item: unknown, caller: Caller, options?: unknown) {
      return (await insertAll(collectionId, [item], caller, checkOptions(options), false))[0]!;
    },

    async bulkInsert(collectionId: unknown, items: unknown, caller: Caller, options?: unknown) {
      const list = checkItems(items);
      const inserted = await insertAll(collectionId, list, caller, checkOptions(options), false);
      return { insertedItemIds: inserted.map((i) => i._id), items: inserted };
    },

    /** Inserts the new items and replaces the stored ones, all or none (at most 1000: WDE0006). */
    async bulkSave(collectionId: unknown, items: unknown, caller: Caller, options?: unknown) {
      const saved = await insertAll(collectionId, checkItems(items), caller, checkOptions(options), true);
      return { savedItemIds: saved.map((i) => i._id), items: saved };
    },

    /**
     * Replaces stored items (each needs its `_id`: WDE0007). An item that is not stored, or not the member's to change,
     * is reported as failed (WDE0073) and the others are written.
     */
    async bulkUpdate(collectionId: unknown, rawItems: unknown, caller: Caller, rawOptions?: unknown) {
      const options = checkOptions(rawOptions);
      const collection = await open(collectionId);
      const list = checkItems(rawItems, collection, { needsId: true });
      authorize(collection, 'update', caller, options);
      const h = hooksOf(collection, options);
      const items: DataItem[] = [];
      const stored = new Map<string, DataItem>();
      const failed: string[] = [];
      for (const fields of list) {
        const existing = await backend.get(collection.id, fields._id as string);
        if (!existing || (!options.suppressAuth && !mayTouch(collection, 'update', caller, existing))) {
          failed.push(fields._id as string);
          continue;
        }
        stored.set(existing._id, existing);
        const item = stamp(collection, fields, caller, existing);
        items.push(h.beforeUpdate ? await h.beforeUpdate(item) : item);
      }
      failed.push(...(await backend.update(collection.id, items)));
      const updated = items.filter((item) => !failed.includes(item._id));
      const before = updated.flatMap((item) => stored.get(item._id) ?? []);
      await changed(collection.id, before, updated);
      for (const item of updated) await h.afterUpdate?.(item);
      return { items: updated, failedItemIds: failed };
    },

    async save(collectionId: unknown, item: unknown, caller: Caller, options?: unknown) {
      return (await insertAll(collectionId, [item], caller, checkOptions(options), true))[0]!;
    },

    async update(collectionId: unknown, rawItem: unknown, caller: Caller, rawOptions?: unknown) {
      const options = checkOptions(rawOptions);
      const collection = await open(collectionId);
      const fields = checkItem(rawItem, collection, { needsId: true });
      authorize(collection, 'update', caller, options);
      const existing = await backend.get(collection.id, fields._id as string);
      if (!existing || (!options.suppressAuth && !mayTouch(collection, 'update', caller, existing))) {
        throw errors.notFound(`no item with _id "${String(fields._id)}" in "${collection.id}"`);
      }
      const h = hooksOf(collection, options);
      let item: DataItem = stamp(collection, fields, caller, existing);
      if (h.beforeUpdate) item = await h.beforeUpdate(item);
      const missing = await backend.update(collection.id, [item]);
      if (missing.length) throw errors.notFound(`no item with _id "${item._id}" in "${collection.id}"`);
      await changed(collection.id, [existing], [item]);
      await h.afterUpdate?.(item);
      return item;
    },

    async remove(collectionId: unknown, itemId: unknown, caller: Caller, rawOptions?: unknown) {
      const options = checkOptions(rawOptions);
      const collection = await open(collectionId);
      const id = checkItemId(itemId);
      authorize(collection, 'remove', caller, options);
      const existing = await backend.get(collection.id, id);
      // Not found is tolerated on remove (the seed): null.
      if (!existing || (!options.suppressAuth && !mayTouch(collection, 'remove', caller, existing))) return null;
      const h = hooksOf(collection, options);
      await h.beforeRemove?.(id);
      const [removed] = await backend.remove(collection.id, [id]);
      if (removed) {
        await changed(collection.id, [removed], []);
        await h.afterRemove?.(removed);
      }
      return removed ?? null;
    },

    async bulkRemove(collectionId: unknown, itemIds: unknown, caller: Caller, rawOptions?: unknown) {
      const options = checkOptions(rawOptions);
      const collection = await open(collectionId);
      let ids = checkIds(itemIds);
      authorize(collection, 'remove', caller, options);
      // SITE_MEMBER_AUTHOR: another member's items are left alone, as remove() leaves them (not found is tolerated).
      if (
        !options.suppressAuth &&
        collection.permissions.remove === 'SITE_MEMBER_AUTHOR' &&
        !caller.roles.has('ADMIN')
      ) {
        const filter: FilterTree = {
          kind: 'and',
          nodes: [
            { kind: 'condition', op: '$in', field: '_id', value: ids },
            { kind: 'condition', op: '$eq', field: '_owner', value: caller.memberId ?? null },
          ],
        };
        const own = await backend.query(collection.id, { filter, sort: [], limit: ids.length, skip: 0 });
        const mine = new Set(own.items.map((item) => item._id));
        ids = ids.filter((id) => mine.has(id));
      }
      const items = ids.length ? await backend.remove(collection.id, ids) : [];
      await changed(collection.id, items, []);
      const removed = new Set(items.map((i) => i._id));
      return { removedItemIds: ids.filter((id) => removed.has(id)) };
    },

    async truncate(collectionId: unknown, caller: Caller, rawOptions?: unknown) {
      const options = checkOptions(rawOptions);
      const collection = await open(collectionId);
      // Emptying a collection is the owner's act whatever the remove permission says.
      if (!options.suppressAuth && !caller.roles.has('ADMIN')) {
        throw dataErrors.permissionDenied(`truncate on "${collection.id}" needs ADMIN`);
      }
      await backend.truncate(collection.id);
      await report({ collectionId: collection.id, truncated: true, before: [], after: [] });
    },

    async count(collectionId: unknown, rawQuery: unknown, caller: Caller, rawOptions?: unknown) {
      const options = checkOptions(rawOptions);
      const collection = await open(collectionId);
      const query = checkDataQuery(rawQuery ?? {}, collection);
      authorize(collection, 'read', caller, options);
      return backend.count(collection.id, visibleTo(collection, caller, options, query.filter));
    },

    /**
     * Adds (`insert`), removes or replaces the ids a multi-reference field holds: the update permission on the item,
     * WDE0020 for a field that is not a multi-reference, WDE0019 for a target that names no id, WDE0073 for no item.
     */
    async changeReferences(
      mode: 'insert' | 'remove' | 'replace',
      collectionId: unknown,
      field: unknown,
      itemId: unknown,
      targets: unknown,
      caller: Caller,
      rawOptions?: unknown,
    ) {
      const options = checkOptions(rawOptions);
      const collection = await open(collectionId);
      const name = checkMultiReferenceField(collection, field);
      const referring = checkReferenceTarget(itemId);
      const ids = checkReferenceTargets(targets);
      authorize(collection, 'update', caller, options);
      const existing = await backend.get(collection.id, referring);
      if (!existing || (!options.suppressAuth && !mayTouch(collection, 'update', caller, existing))) {
        throw errors.notFound(`no item with _id "${referring}" in "${collection.id}"`);
      }
      const change = { mode, targets: ids, updatedDate: now().toISOString() };
      const item = await backend.references(collection.id, referring, name, change);
      if (!item) throw errors.notFound(`no item with _id "${referring}" in "${collection.id}"`);
      await changed(collection.id, [existing], [item]);
      return item;
    },

    /** Whether the item's multi-reference field holds the target. */
    async isReferenced(
      collectionId: unknown,
      field: unknown,
      itemId: unknown,
      target: unknown,
      caller: Caller,
    ): Promise<boolean> {
      const ids = await client.queryReferenced(collectionId, itemId, field, caller);
      return ids.includes(checkReferenceTarget(target));
    },

    /** The ids an item's multi-reference field holds, in their order (WDE0073 for no item). */
    async queryReferenced(
      collectionId: unknown,
      itemId: unknown,
      field: unknown,
      caller: Caller,
      options?: unknown,
    ): Promise<string[]> {
      const collection = await open(collectionId);
      const name = checkMultiReferenceField(collection, field);
      const item = await client.get(collection.id, checkReferenceTarget(itemId), caller, options);
      if (!item) throw errors.notFound(`no item with _id "${String(itemId)}" in "${collection.id}"`);
      const held = item[name];
      return Array.isArray(held) ? held.filter((id): id is string => typeof id === 'string') : [];
    },

    /** The distinct values of a field among the items the query's filter matches (WDE0045 for an unknown field). */
    async distinct(collectionId: unknown, field: unknown, rawQuery: unknown, caller: Caller, rawOptions?: unknown) {
      const options = checkOptions(rawOptions);
      const collection = await open(collectionId);
      const name = queryableField(collection, field);
      const query = checkDataQuery(rawQuery ?? {}, collection);
      authorize(collection, 'read', caller, options);
      return backend.distinct(collection.id, name, visibleTo(collection, caller, options, query.filter));
    },

    /** Groups and counts, sums, averages or extremes (`{ filter, groupBy, operations: { name: { op, field } } }`). */
    async aggregate(collectionId: unknown, rawAggregation: unknown, caller: Caller, rawOptions?: unknown) {
      const options = checkOptions(rawOptions);
      const collection = await open(collectionId);
      const aggregation = checkAggregation(rawAggregation, collection);
      authorize(collection, 'read', caller, options);
      const filter = visibleTo(collection, caller, options, aggregation.filter);
      return backend.aggregate(collection.id, { ...aggregation, filter });
    },

    /** Lets the backend go (the embedded database closes its files). */
    close: () => backend.close(),

    /**
     * Adds a collection a feature above lib/data declares (lib/members' members: lib/data never imports them). A
     * collection it holds already is known by its id (another bundle's copy of the same declaration).
     */
    declare(collection: CollectionDeclaration) {
      if (!byId.has(collection.id)) byId.set(collection.id, collection);
    },

    /** The declared collection by id, or undefined. */
    collection: (id: string): CollectionDeclaration | undefined => byId.get(id),

    async query(collectionId: unknown, rawQuery: unknown, caller: Caller, rawOptions?: unknown): Promise<QueryResult> {
      const options = checkOptions(rawOptions);
      const collection = await open(collectionId);
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
      authorize(collection, 'read', caller, options);
      const h = hooksOf(collection, options);
      h.beforeQuery?.(query);
      const filter = visibleTo(collection, caller, options, query.filter);
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
  return client;
}

export type DataClient = ReturnType<typeof createDataClient>;
