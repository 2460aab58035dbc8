import type { CollectionDeclaration } from '../model';

// Indexes per collection, as Wix Data has them: the Indexes API of @wix/data (`indexes`: createIndex, listIndexes,
// dropIndex; its typings in node_modules/@wix/auto_sdk_data_indexes/build/cjs/index.typings.d.ts, the REST shapes in
// build/cjs/meta.d.ts) and its REST reference (POST, GET and DELETE https://www.wixapis.com/wix-data/v2/indexes:
// https://dev.wix.com/docs/rest/business-solutions/cms/indexes/create-index, Index Types:
// https://dev.wix.com/docs/api-reference/business-solutions/cms/collection-management/indexes/index-types). The names,
// statuses and failure codes are Wix's; an index is the REST `Index` (`id`, where the SDK says `_id`).

/** The seed's index statuses (section 4), Wix's `Status` but its never-returned UNKNOWN. */
export const INDEX_STATUSES = ['BUILDING', 'ACTIVE', 'DROPPING', 'DROPPED', 'FAILED', 'INVALID'] as const;
export type IndexStatus = (typeof INDEX_STATUSES)[number];

export type IndexOrder = 'ASC' | 'DESC';

export interface IndexField {
  /** A field of the collection (its key, or a system field: `_id`, `_owner`, `_createdDate`, `_updatedDate`). */
  path: string;
  order: IndexOrder;
}

/** Why an index is FAILED (or INVALID): Wix's `Failure`. */
export interface IndexFailure {
  /** One of INDEX_FAILURES. */
  code: string;
  description: string;
  /** The item that broke the build (a unique index: one of the items holding a value twice). */
  itemId?: string | null;
}

export interface DataIndex {
  id: string;
  name: string;
  fields: IndexField[];
  status: IndexStatus;
  /** Only when FAILED or INVALID. */
  failure?: IndexFailure;
  unique: boolean;
  caseInsensitive: boolean;
  /** USER: made through this API (Wix also lists its own SYSTEM and AUTO indexes; the site's are not listed). */
  source: 'USER' | 'SYSTEM' | 'AUTO';
}

/** A checked Create Index request (validate.ts). */
export interface IndexSpec {
  name: string;
  fields: IndexField[];
  unique: boolean;
  caseInsensitive: boolean;
}

/**
 * Wix's limits (Index Types, the typings' @maxSize, @maxLength): 3 regular indexes a collection, of at most 3 fields,
 * and 1 unique index, of 1 field; a FAILED index keeps its slot until it is dropped (Create Index).
 */
export const INDEX_LIMITS = { regular: 3, unique: 1, fields: 3, uniqueFields: 1, name: 128, path: 128 } as const;

/** Wix's `Failure.code` values: an unknown error, a duplicate key (a unique index over data that repeats a value). */
export const INDEX_FAILURES = {
  unknown: 'WDE0112',
  duplicateKey: 'WDE0113',
  /** A value too large to index ("Document too large while building collection index"). */
  tooLarge: 'WDE0114',
} as const;

/** What a backend does with an index request the service (index.ts) has checked and authorized. */
export interface IndexBackend {
  /**
   * Registers the index as BUILDING and answers it; the build goes on (ACTIVE, or FAILED with its failure). Throws 409
   * WDE9409 when the name is taken (a DROPPED index's name is free) or the collection's slots are full.
   */
  create(collection: CollectionDeclaration, spec: IndexSpec): Promise<DataIndex>;
  /** The collection's indexes, oldest first, and how many there are. */
  list(collection: CollectionDeclaration, page: { limit: number; offset: number }): Promise<IndexPage>;
  /** Marks the index DROPPING and drops it (DROPPED); one DROPPING or DROPPED is left as it is. 404 WDE9404: none. */
  drop(collection: CollectionDeclaration, name: string): Promise<void>;
  /** Resolves once the builds and drops this process started have ended. */
  settled(): Promise<void>;
}

export interface IndexPage {
  indexes: DataIndex[];
  total: number;
}
