import { errors } from '@/lib/core/errors';
import { mayTouch } from '../permissions';
import type { Caller, DataItem } from '../model';
import { checkItem, checkItemId, checkOptions } from '../validate';
import type { ClientContext } from './context';

// One stored item by its id: read, replaced, removed.

export function itemOperations(ctx: ClientContext) {
  const { backend } = ctx;
  return {
    async get(collectionId: unknown, itemId: unknown, caller: Caller, rawOptions?: unknown): Promise<DataItem | null> {
      const options = checkOptions(rawOptions);
      const collection = await ctx.open(collectionId);
      const id = checkItemId(itemId);
      ctx.authorize(collection, 'read', caller, options);
      const item = await backend.get(collection.id, id);
      // Not found is tolerated on get (the seed): null, not WDE0073.
      if (!item || (!options.suppressAuth && !mayTouch(collection, 'read', caller, item))) return null;
      const h = ctx.hooksOf(collection, options);
      return h.afterQuery ? h.afterQuery(item) : item;
    },

    async update(collectionId: unknown, rawItem: unknown, caller: Caller, rawOptions?: unknown) {
      const options = checkOptions(rawOptions);
      const collection = await ctx.open(collectionId);
      const fields = checkItem(rawItem, collection, { needsId: true });
      ctx.authorize(collection, 'update', caller, options);
      const existing = await backend.get(collection.id, fields._id as string);
      if (!existing || (!options.suppressAuth && !mayTouch(collection, 'update', caller, existing))) {
        throw errors.notFound(`no item with _id "${String(fields._id)}" in "${collection.id}"`);
      }
      const h = ctx.hooksOf(collection, options);
      let item: DataItem = ctx.stamp(collection, fields, caller, existing);
      if (h.beforeUpdate) item = await h.beforeUpdate(item);
      const missing = await backend.update(collection.id, [item]);
      if (missing.length) throw errors.notFound(`no item with _id "${item._id}" in "${collection.id}"`);
      await ctx.changed(collection.id, [existing], [item]);
      await h.afterUpdate?.(item);
      return item;
    },

    async remove(collectionId: unknown, itemId: unknown, caller: Caller, rawOptions?: unknown) {
      const options = checkOptions(rawOptions);
      const collection = await ctx.open(collectionId);
      const id = checkItemId(itemId);
      ctx.authorize(collection, 'remove', caller, options);
      const existing = await backend.get(collection.id, id);
      // Not found is tolerated on remove (the seed): null.
      if (!existing || (!options.suppressAuth && !mayTouch(collection, 'remove', caller, existing))) return null;
      const h = ctx.hooksOf(collection, options);
      await h.beforeRemove?.(id);
      const [removed] = await backend.remove(collection.id, [id]);
      if (removed) {
        await ctx.changed(collection.id, [removed], []);
        await h.afterRemove?.(removed);
      }
      return removed ?? null;
    },
  };
}
