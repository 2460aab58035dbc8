import { type DataBackend, ItemExistsError } from '../backend';
import { dataErrors } from '../errors';
import type { DataItem } from '../model';
import type { ReadCalls, WixItemsContext } from './read-calls';
import { type ItemFailure, bulkOutcome, describe, referenceResults } from './results';
import { fromWixItem, multiReferenceFields, toWixData, writeReferences } from './wire';

// The Wix Data backend's writes: insert, save, update, remove and truncate, one item's call or the bulk one, and the
// multi-reference changes. Each goes over the write transport (retried after a 429 only: http.ts); how a bulk call
// that Wix fails for some items ends, and the references in hand-written REST, index.ts explains.

type WriteCalls = Pick<DataBackend, 'insert' | 'save' | 'update' | 'remove' | 'truncate' | 'references'>;

/** The writes, over the reads: a bulk insert checks its ids, a bulk remove reads its items, references read back. */
export function writeCalls(
  { attempt, call, post, failed, declared }: WixItemsContext,
  { byIds, get }: ReadCalls,
): WriteCalls {
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

  return {
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
        const outcome = await attempt('write', request, ['WDE0074'], (api) =>
          api.insert(collectionId, data, writeReferences(collection)),
        );
        if ('code' in outcome) throw new ItemExistsError(items[0]!._id);
        return;
      }
      if (!items.length) return;
      const [stored] = await byIds(collectionId, [...seen]);
      if (stored) throw new ItemExistsError(stored._id);
      const what = `bulk insert into ${collectionId}`;
      const data = items.map((item) => toWixData(collection, item));
      const result = await call('write', { what, collectionId }, (api) =>
        api.bulkInsert(collectionId, data, writeReferences(collection)),
      );
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
        await call('write', { what: `save into ${collectionId}`, collectionId }, (api) =>
          api.save(collectionId, data, writeReferences(collection)),
        );
        return;
      }
      if (!unique.length) return;
      const what = `bulk save into ${collectionId}`;
      const data = unique.map((item) => toWixData(collection, item));
      const result = await call('write', { what, collectionId }, (api) =>
        api.bulkSave(collectionId, data, writeReferences(collection)),
      );
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
        const outcome = await attempt('write', request, ['WDE0073'], (api) =>
          api.update(collectionId, data, writeReferences(collection)),
        );
        return 'code' in outcome ? [items[0]!._id] : [];
      }
      const what = `bulk update of ${collectionId}`;
      const data = items.map((item) => toWixData(collection, item));
      const result = await call('write', { what, collectionId }, (api) =>
        api.bulkUpdate(collectionId, data, writeReferences(collection)),
      );
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
      // Wix answers a removed item without its references (wire.ts readReferences): an item that holds some is read
      // first, with them, so what the caller is told was removed names what it referred to (a series, its posts).
      const before = multiReferenceFields(collection).length ? await get(collectionId, ids[0]!) : undefined;
      if (before === null) return [];
      // Not found (WDE0073) is null already: the SDK's remove recovers it.
      const data = await call('write', { what, collectionId }, (api) => api.remove(collectionId, ids[0]!));
      return data === null ? [] : [before ?? fromWixItem(collection, data, what)];
    },

    async truncate(collectionId) {
      await call('write', { what: `truncate of ${collectionId}`, collectionId }, (api) => api.truncate(collectionId));
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
  };
}
