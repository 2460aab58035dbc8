import { errors } from '@/lib/core/errors';
import { mayTouch } from '../permissions';
import type { Caller, DataItem } from '../model';
import { checkMultiReferenceField, checkOptions, checkReferenceTarget, checkReferenceTargets } from '../validate';
import type { ClientContext } from './context';

// The ids a multi-reference field holds: changed in one backend statement, read through the client's own get.

/** The composed client, as these operations call it (its `get` and `queryReferenced`, whoever provides them). */
export interface ReferenceClient {
  get(collectionId: unknown, itemId: unknown, caller: Caller, options?: unknown): Promise<DataItem | null>;
  queryReferenced(
    collectionId: unknown,
    itemId: unknown,
    field: unknown,
    caller: Caller,
    options?: unknown,
  ): Promise<string[]>;
}

export function referenceOperations(ctx: ClientContext, client: ReferenceClient) {
  const { backend } = ctx;
  return {
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
      const collection = await ctx.open(collectionId);
      const name = checkMultiReferenceField(collection, field);
      const referring = checkReferenceTarget(itemId);
      const ids = checkReferenceTargets(targets);
      ctx.authorize(collection, 'update', caller, options);
      const existing = await backend.get(collection.id, referring);
      if (!existing || (!options.suppressAuth && !mayTouch(collection, 'update', caller, existing))) {
        throw errors.notFound(`no item with _id "${referring}" in "${collection.id}"`);
      }
      const change = { mode, targets: ids, updatedDate: ctx.now().toISOString() };
      const item = await backend.references(collection.id, referring, name, change);
      if (!item) throw errors.notFound(`no item with _id "${referring}" in "${collection.id}"`);
      await ctx.changed(collection.id, [existing], [item]);
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
      const collection = await ctx.open(collectionId);
      const name = checkMultiReferenceField(collection, field);
      const item = await client.get(collection.id, checkReferenceTarget(itemId), caller, options);
      if (!item) throw errors.notFound(`no item with _id "${String(itemId)}" in "${collection.id}"`);
      const held = item[name];
      return Array.isArray(held) ? held.filter((id): id is string => typeof id === 'string') : [];
    },
  };
}
