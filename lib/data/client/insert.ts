import { ItemExistsError } from '../backend';
import { dataErrors } from '../errors';
import { mayDo, mayTouch } from '../permissions';
import type { Caller, DataItem, DataOptions } from '../model';
import { checkItem, checkItems, checkOptions } from '../validate';
import type { ClientContext } from './context';

// The writes that add items: insert and save, one item or a batch (all or none).

export function insertOperations(ctx: ClientContext) {
  const { backend } = ctx;

  /**
   * Inserts, or (`save`) inserts what is new and replaces what is stored: a replaced item keeps its owner and creation
   * date, and needs the update permission (on that item, for SITE_MEMBER_AUTHOR); a new one needs insert.
   */
  async function insertAll(rawId: unknown, rawItems: unknown[], caller: Caller, options: DataOptions, save: boolean) {
    const collection = await ctx.open(rawId);
    // The permission before any lookup: a caller who may neither insert nor update is refused alike whether an id is
    // stored or not (a save reads each id first), so no id can be probed for. An insert reaches the store (and its
    // 409 for a stored id) only once authorized below.
    if (save && !options.suppressAuth && !mayDo(collection, 'insert', caller) && !mayDo(collection, 'update', caller)) {
      const { insert, update } = collection.permissions;
      throw dataErrors.permissionDenied(
        `save on "${collection.id}" needs ${insert === update ? insert : `${insert} (new) or ${update} (stored)`}`,
      );
    }
    const h = ctx.hooksOf(collection, options);
    const items: DataItem[] = [];
    const replaced: DataItem[] = [];
    for (const raw of rawItems) {
      const fields = checkItem(raw, collection);
      const existing = save && typeof fields._id === 'string' ? await backend.get(collection.id, fields._id) : null;
      if (existing) replaced.push(existing);
      ctx.authorize(collection, existing ? 'update' : 'insert', caller, options);
      if (existing && !options.suppressAuth && !mayTouch(collection, 'update', caller, existing)) {
        throw dataErrors.permissionDenied(`item "${existing._id}" of "${collection.id}" belongs to another member`);
      }
      const item = ctx.stamp(collection, fields, caller, existing ?? undefined);
      items.push(h.beforeInsert ? await h.beforeInsert(item) : item);
    }
    if (!items.length) ctx.authorize(collection, 'insert', caller, options);
    try {
      await (save ? backend.save(collection.id, items) : backend.insert(collection.id, items));
    } catch (error) {
      if (error instanceof ItemExistsError) throw dataErrors.itemExists(error.id);
      throw error;
    }
    await ctx.changed(collection.id, replaced, items);
    for (const item of items) await h.afterInsert?.(item);
    return items;
  }

  return {
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

    async save(collectionId: unknown, item: unknown, caller: Caller, options?: unknown) {
      return (await insertAll(collectionId, [item], caller, checkOptions(options), true))[0]!;
    },
  };
}
