import type { DataBackend } from '../backend';
import { createWixIndexes } from '../indexes/wix';
import type { CollectionDeclaration } from '../model';
import { wixCollections } from './collections';
import { type WixDataConfig, createWixDataHttp } from './http';
import { readCalls } from './read-calls';
import { writeCalls } from './write-calls';

export type { WixDataConfig } from './http';

// The Wix Data backend: the site's collections in a Wix site's CMS, through the Data Items API v2 (http.ts; the reads
// in read-calls.ts, the writes in write-calls.ts, the shapes in wire.ts, a bulk call's outcomes in results.ts). The
// client has validated everything, checked permissions and run the hooks; this stores.
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
// - Wix keeps multi-reference fields apart from the item: reads include them, writes save them, a single remove reads
//   the item first (wire.ts readReferences and writeReferences, write-calls.ts remove).
// - Multi-reference changes use the reference endpoints, each one call, so concurrent changes lose nothing; the item
//   is then read back. Its `_updatedDate` is the platform's business there (the given one cannot be sent).
// - The transport retries a 5xx on reads only: a write that failed late may have been stored (a 429 is retried, as
//   it comes before any work).

/**
 * `prepare` makes no call: Wix collections are created in the Wix dashboard or by `npm run blog -- wix setup`, not by
 * the running site, and the client keeps a failed `prepare` for good, so a network call here could break a collection
 * for the life of the process. `missing` says which the site lacks (lib/data/reads.ts turns their features off); a
 * collection Wix does not have answers 404 WDE0025 on its use.
 */
export function createWixBackend(config: WixDataConfig): DataBackend {
  const collections = new Map<string, CollectionDeclaration>();
  const declared = (id: string) => {
    const collection = collections.get(id);
    if (!collection) throw new Error(`collection ${id} was not prepared`);
    return collection;
  };
  const context = { ...createWixDataHttp(config), declared };
  const reads = readCalls(context);
  const writes = writeCalls(context, reads);
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

    get: reads.get,
    insert: writes.insert,
    save: writes.save,
    update: writes.update,
    remove: writes.remove,
    truncate: writes.truncate,
    count: reads.count,
    query: reads.query,
    references: writes.references,
    distinct: reads.distinct,
    aggregate: reads.aggregate,

    // Nothing to let go: the SDK client holds no connection of its own.
    close: async () => {},
  };
}
