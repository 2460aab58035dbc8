import { http } from 'msw';
import { ItemExistsError } from '@/lib/data/tools';
import type { CollectionDeclaration, DataItem } from '@/lib/data/types';
import {
  API,
  BULK_BODY,
  type CmsContext,
  ITEM_BODY,
  bulk,
  fromWire,
  invalid,
  items,
  notFound,
  only,
  Refusal,
  stringList,
  toWire,
  withSavedReferences,
} from './stand-in-data-wire';

// The stand-in CMS's writes (stand-in-data.ts): insert, save, update, remove and truncate one item; the bulk insert,
// save, update and remove, each item's outcome in `results[].itemMetadata` (not all or none, as Wix does); and the
// multi-reference changes (insert, remove, replace), each reference's outcome in `referenceMetadata`.

export function writeHandlers({ store, route, collectionOf, now }: CmsContext) {
  /** A bulk write of items: the body checked, each item written by `write`, its outcome in the answer. */
  const bulkItems = (
    action: string,
    write: (
      c: CollectionDeclaration,
      given: DataItem,
      saveReferences: unknown,
    ) => Promise<{ id?: string; code?: string; dataItem?: unknown; action?: string }>,
  ) =>
    route(async ({ body }) => {
      only(body, BULK_BODY, 'body');
      const c = collectionOf(body.dataCollectionId);
      return bulk(items(body, c), action, (given) => write(c, given, body.saveReferences), body.returnEntity);
    });

  const referenceChange = (mode: 'insert' | 'remove', action: string) =>
    route(async ({ body }) => {
      only(body, ['dataCollectionId', 'dataItemReferences', ...(mode === 'insert' ? ['returnEntity'] : [])], 'body');
      const c = collectionOf(body.dataCollectionId);
      const references = body.dataItemReferences;
      if (!Array.isArray(references) || references.length === 0 || references.length > 1000)
        throw invalid('dataItemReferences must be a list of 1 to 1000 references');
      const checked = references.map((raw, i) => {
        const where = `dataItemReferences[${i}]`;
        const r = only(raw, ['referringItemFieldName', 'referringItemId', 'referencedItemId'], where);
        if (![r.referringItemFieldName, r.referringItemId, r.referencedItemId].every((v) => typeof v === 'string'))
          throw invalid(`${where} needs referringItemFieldName, referringItemId and referencedItemId`);
        return r as Record<'referringItemFieldName' | 'referringItemId' | 'referencedItemId', string>;
      });
      return bulk(
        checked,
        action,
        async (r) => {
          if (c.fields[r.referringItemFieldName]?.type !== 'multiReference') return { code: 'WDE0020' };
          const change = { mode, targets: [r.referencedItemId], updatedDate: now() };
          const item = await store.references(c.id, r.referringItemId, r.referringItemFieldName, change);
          return item ? {} : { code: 'WDE0073' };
        },
        false,
        'referenceMetadata',
      );
    });

  return [
    http.post(
      `${API}/items`,
      route(async ({ body }) => {
        only(body, ITEM_BODY, 'body');
        const c = collectionOf(body.dataCollectionId);
        const item = withSavedReferences(c, fromWire(c, body.dataItem, 'dataItem'), body.saveReferences, null);
        try {
          await store.insert(c.id, [item]);
        } catch (error) {
          if (error instanceof ItemExistsError) throw new Refusal(409, 'WDE0074', `item ${item._id} already exists`);
          throw error;
        }
        return { dataItem: toWire(c, item) };
      }),
    ),
    http.post(
      `${API}/items/save`,
      route(async ({ body }) => {
        only(body, ITEM_BODY, 'body');
        const c = collectionOf(body.dataCollectionId);
        const given = fromWire(c, body.dataItem, 'dataItem');
        const existed = await store.get(c.id, given._id);
        const item = withSavedReferences(c, given, body.saveReferences, existed);
        await store.save(c.id, [item]);
        return { action: existed ? 'UPDATED' : 'INSERTED', dataItem: toWire(c, item) };
      }),
    ),
    http.post(
      `${API}/items/update`,
      route(async ({ body }) => {
        only(body, ITEM_BODY, 'body');
        const c = collectionOf(body.dataCollectionId);
        const given = fromWire(c, body.dataItem, 'dataItem');
        const item = withSavedReferences(c, given, body.saveReferences, await store.get(c.id, given._id));
        if ((await store.update(c.id, [item])).length) throw notFound(`item ${item._id}`);
        return { dataItem: toWire(c, (await store.get(c.id, item._id))!) };
      }),
    ),
    http.post(
      `${API}/items/remove`,
      route(async ({ body }) => {
        only(body, ['dataCollectionId', 'dataItemId'], 'body');
        const c = collectionOf(body.dataCollectionId);
        if (typeof body.dataItemId !== 'string') throw invalid('dataItemId must be a string');
        const [removed] = await store.remove(c.id, [body.dataItemId]);
        if (!removed) throw notFound(`item ${body.dataItemId}`);
        return { dataItem: toWire(c, removed) };
      }),
    ),
    http.post(
      `${API}/items/truncate`,
      route(async ({ body }) => {
        only(body, ['dataCollectionId'], 'body');
        await store.truncate(collectionOf(body.dataCollectionId).id);
        return {};
      }),
    ),
    http.post(
      `${API}/bulk/items/insert`,
      // Wix inserts what it can and reports each item that it could not: a bulk insert is not all or none.
      bulkItems('INSERT', async (c, given, save) => {
        const item = withSavedReferences(c, given, save, null);
        try {
          await store.insert(c.id, [item]);
          return { id: item._id, dataItem: toWire(c, item) };
        } catch (error) {
          if (error instanceof ItemExistsError) return { id: item._id, code: 'WDE0074' };
          throw error;
        }
      }),
    ),
    http.post(
      `${API}/bulk/items/save`,
      bulkItems('INSERT', async (c, given, save) => {
        const existed = await store.get(c.id, given._id);
        const item = withSavedReferences(c, given, save, existed);
        await store.save(c.id, [item]);
        return { id: item._id, dataItem: toWire(c, item), ...(existed && { action: 'UPDATE' }) };
      }),
    ),
    http.post(
      `${API}/bulk/items/update`,
      bulkItems('UPDATE', async (c, given, save) => {
        const item = withSavedReferences(c, given, save, await store.get(c.id, given._id));
        return (await store.update(c.id, [item])).length
          ? { id: item._id, code: 'WDE0073' }
          : { id: item._id, dataItem: toWire(c, item) };
      }),
    ),
    http.post(
      `${API}/bulk/items/remove`,
      route(async ({ body }) => {
        only(body, ['dataCollectionId', 'dataItemIds'], 'body');
        const c = collectionOf(body.dataCollectionId);
        return bulk(
          stringList(body.dataItemIds, 'dataItemIds'),
          'DELETE',
          async (id) => ((await store.remove(c.id, [id])).length ? { id } : { id, code: 'WDE0073' }),
          false,
        );
      }),
    ),
    http.post(`${API}/bulk/items/insert-references`, referenceChange('insert', 'INSERT')),
    http.post(`${API}/bulk/items/remove-references`, referenceChange('remove', 'DELETE')),
    http.post(
      `${API}/items/replace-references`,
      route(async ({ body }) => {
        const keys = ['dataCollectionId', 'referringItemFieldName', 'referringItemId', 'newReferencedItemIds'];
        only(body, keys, 'body');
        const c = collectionOf(body.dataCollectionId);
        const { referringItemFieldName: field, referringItemId: id } = body;
        if (typeof field !== 'string' || typeof id !== 'string')
          throw invalid('replace-references needs referringItemFieldName and referringItemId');
        if (c.fields[field]?.type !== 'multiReference')
          throw new Refusal(400, 'WDE0020', `${field} is not a multi-reference field`);
        const targets = body.newReferencedItemIds ?? [];
        if (!Array.isArray(targets) || !targets.every((t) => typeof t === 'string'))
          throw invalid('newReferencedItemIds must be a list of ids');
        const item = await store.references(c.id, id, field, { mode: 'replace', targets, updatedDate: now() });
        if (!item) throw notFound(`item ${id}`);
        return {
          dataItemReferences: targets.map((t) => ({
            referringItemFieldName: field,
            referringItemId: id,
            referencedItemId: t,
          })),
        };
      }),
    ),
  ];
}
