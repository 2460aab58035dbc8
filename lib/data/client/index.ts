import { bulkOperations } from './bulk';
import { collectionOperations } from './collections';
import { type ClientSettings, createClientContext } from './context';
import { countOperations } from './counts';
import { insertOperations } from './insert';
import { itemOperations } from './items';
import { queryOperations } from './query';
import { type ReferenceClient, referenceOperations } from './references';

// The items client, named as Wix Data names its operations. Every argument is checked (validate.ts) before anything
// is stored; then the caller's permission, then the hooks, then the backend. The backend is chosen once, in the
// settings; each group of operations is its own file, made here over one shared context (context.ts).

export type { DataChange, Hooks } from './context';
export type { QueryResult } from './query';

export function createDataClient(settings: ClientSettings) {
  const ctx = createClientContext(settings);
  const items = itemOperations(ctx);
  const inserts = insertOperations(ctx);
  const bulk = bulkOperations(ctx);
  const counts = countOperations(ctx);
  // The reference reads call the client as composed (its get, its queryReferenced), as they always have.
  const self: ReferenceClient = {
    get: (...args) => client.get(...args),
    queryReferenced: (...args) => client.queryReferenced(...args),
  };
  const references = referenceOperations(ctx, self);
  const collections = collectionOperations(ctx);
  const client = {
    get: items.get,
    insert: inserts.insert,
    bulkInsert: inserts.bulkInsert,
    bulkSave: inserts.bulkSave,
    bulkUpdate: bulk.bulkUpdate,
    save: inserts.save,
    update: items.update,
    remove: items.remove,
    bulkRemove: bulk.bulkRemove,
    truncate: bulk.truncate,
    count: counts.count,
    changeReferences: references.changeReferences,
    isReferenced: references.isReferenced,
    queryReferenced: references.queryReferenced,
    distinct: counts.distinct,
    aggregate: counts.aggregate,
    close: collections.close,
    declare: collections.declare,
    collection: collections.collection,
    missing: collections.missing,
    /** The SQL database under the backend, when it is one (the job queue shares it: lib/data/jobs.ts). */
    sql: ctx.backend.sql,
    query: queryOperations(ctx).query,
  };
  return client;
}

export type DataClient = ReturnType<typeof createDataClient>;
