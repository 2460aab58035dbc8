import type { FilterTree } from '../backend';
import { dataErrors } from '../errors';
import { mayTouch } from '../permissions';
import type { Caller, DataItem } from '../model';
import { checkIds, checkItems, checkOptions } from '../validate';
import type { ClientContext } from './context';

// Writes to many stored items at once: update and remove by id, and the whole collection emptied.

export function bulkOperations(ctx: ClientContext) {
  const { backend } = ctx;
  return {
    /**
     * Replaces stored items (each needs its `_id`: WDE0007). An item that is not stored, or not the member's to change,
     * is reported as failed (WDE0073) and the others are written.
     */
    async bulkUpdate(collectionId: unknown, rawItems: unknown, caller: Caller, rawOptions?: unknown) {
      const options = checkOptions(rawOptions);
      const collection = await ctx.open(collectionId);
      const list = checkItems(rawItems, collection, { needsId: true });
      ctx.authorize(collection, 'update', caller, options);
      const h = ctx.hooksOf(collection, options);
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
        const item = ctx.stamp(collection, fields, caller, existing);
        items.push(h.beforeUpdate ? await h.beforeUpdate(item) : item);
      }
      failed.push(...(await backend.update(collection.id, items)));
      const updated = items.filter((item) => !failed.includes(item._id));
      const before = updated.flatMap((item) => stored.get(item._id) ?? []);
      await ctx.changed(collection.id, before, updated);
      for (const item of updated) await h.afterUpdate?.(item);
      return { items: updated, failedItemIds: failed };
    },

    async bulkRemove(collectionId: unknown, itemIds: unknown, caller: Caller, rawOptions?: unknown) {
      const options = checkOptions(rawOptions);
      const collection = await ctx.open(collectionId);
      let ids = checkIds(itemIds);
      ctx.authorize(collection, 'remove', caller, options);
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
      await ctx.changed(collection.id, items, []);
      const removed = new Set(items.map((i) => i._id));
      return { removedItemIds: ids.filter((id) => removed.has(id)) };
    },

    async truncate(collectionId: unknown, caller: Caller, rawOptions?: unknown) {
      const options = checkOptions(rawOptions);
      const collection = await ctx.open(collectionId);
      // Emptying a collection is the owner's act whatever the remove permission says.
      if (!options.suppressAuth && !caller.roles.has('ADMIN')) {
        throw dataErrors.permissionDenied(`truncate on "${collection.id}" needs ADMIN`);
      }
      await backend.truncate(collection.id);
      await ctx.report({ collectionId: collection.id, truncated: true, before: [], after: [] });
    },
  };
}
