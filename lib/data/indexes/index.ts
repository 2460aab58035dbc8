import type { DataBackend } from '../backend';
import { dataErrors } from '../errors';
import type { Caller, CollectionDeclaration } from '../model';
import { checkCollectionId } from '../validate';
import type { DataIndex, IndexBackend } from './types';
import { checkIndexName, checkIndexPaging, checkIndexSpec } from './validate';

// The data service's indexes: Create, List and Drop Index, named and shaped as Wix Data's Indexes API (types.ts),
// over the backend's own (`DataBackend.indexes`: the SQL one, sql.ts, or Wix's, wix.ts). Every argument is checked
// first (validate.ts), then the collection (404 WDE0025), then the caller: managing indexes is the owner's act, as
// truncating is (403 WDE0027 otherwise); the backend then registers and builds.

export interface IndexSettings {
  backend: DataBackend;
  /** The declared collection by id (the data client's `collection`). */
  collection: (id: string) => CollectionDeclaration | undefined;
}

export interface ListIndexesResult {
  indexes: DataIndex[];
  /** Wix's `PagingMetadata`. */
  pagingMetadata: { count: number; offset: number; total: number; tooManyToCount: boolean };
}

export function createDataIndexes({ backend, collection }: IndexSettings) {
  const indexes = (): IndexBackend => {
    if (!backend.indexes) throw new Error(`the ${backend.name} data backend keeps no indexes`);
    return backend.indexes;
  };

  /** The declared collection (404 WDE0025), once the caller may manage its indexes (403 WDE0027). */
  function authorized(rawId: unknown, caller: Caller, what: string): CollectionDeclaration {
    const id = checkCollectionId(rawId);
    const declared = collection(id);
    if (!declared) throw dataErrors.unknownCollection(id);
    if (!caller.roles.has('ADMIN')) throw dataErrors.permissionDenied(`${what} of "${id}" needs ADMIN`);
    return declared;
  }

  /** As `authorized`, its storage prepared (a collection's table exists before its first index). */
  async function open(rawId: unknown, caller: Caller, what: string): Promise<CollectionDeclaration> {
    const declared = authorized(rawId, caller, what);
    await backend.prepare(declared);
    return declared;
  }

  return {
    /** Create Index: answers the index as registered, BUILDING; its build goes on (list it to see it end). */
    async create(collectionId: unknown, index: unknown, caller: Caller): Promise<DataIndex> {
      const declared = authorized(collectionId, caller, 'creating an index');
      const spec = checkIndexSpec(index, declared);
      await backend.prepare(declared);
      return indexes().create(declared, spec);
    },

    /** List Indexes: the collection's indexes, oldest first, a page at a time (`paging: { limit, offset }`). */
    async list(collectionId: unknown, paging: unknown, caller: Caller): Promise<ListIndexesResult> {
      const declared = authorized(collectionId, caller, 'listing the indexes');
      const page = checkIndexPaging(paging);
      await backend.prepare(declared);
      const { indexes: found, total } = await indexes().list(declared, page);
      return {
        indexes: found,
        pagingMetadata: { count: found.length, offset: page.offset, total, tooManyToCount: false },
      };
    },

    /** Drop Index: the index goes DROPPING, then DROPPED (404 WDE9404 when the collection has none of that name). */
    async drop(collectionId: unknown, indexName: unknown, caller: Caller): Promise<void> {
      const declared = authorized(collectionId, caller, 'dropping an index');
      const name = checkIndexName(indexName);
      await backend.prepare(declared);
      await indexes().drop(declared, name);
    },

    /** The index of that name as listed now, or null (the CLI reads an index's end with it). */
    async find(collectionId: unknown, name: string, caller: Caller): Promise<DataIndex | null> {
      const declared = await open(collectionId, caller, 'listing the indexes');
      for (let offset = 0; ; offset += PAGE) {
        const { indexes: found, total } = await indexes().list(declared, { limit: PAGE, offset });
        const index = found.find((i) => i.name === name);
        if (index) return index;
        if (offset + PAGE >= total || !found.length) return null;
      }
    },

    /** Resolves once the builds and drops this process started have ended. */
    settled: () => (backend.indexes ? backend.indexes.settled() : Promise.resolve()),
  };
}

const PAGE = 1000;

export type DataIndexes = ReturnType<typeof createDataIndexes>;
export type { DataIndex, IndexField, IndexFailure, IndexStatus } from './types';
export { INDEX_FAILURES, INDEX_LIMITS, INDEX_STATUSES } from './types';
