import type { FilterNode } from '@/lib/core/query/filter';
import type { SortSpec } from '@/lib/core/query/sort';
import type { CollectionDeclaration, DataItem } from './model';

// What a backend does with input the client has already validated (validate.ts): it stores, finds and counts. The
// embedded backend (embedded.ts, PGlite) and the Wix Data one implement this; the same contract tests run on both.

/** A parsed filter and sort (the Wix filter language, lib/core/query), for any collection's fields. */
export type FilterTree = FilterNode;
export type SortKey = SortSpec;

export interface BackendQuery {
  filter: FilterTree;
  sort: SortKey[];
  limit: number;
  skip: number;
}

export interface DataBackend {
  readonly name: string;
  /** The SQL database under a SQL backend (the embedded one, Postgres): the job queue shares it (jobs.ts). */
  readonly sql?: import('./sql-database').SqlDatabase;
  /**
   * The collections' indexes as Wix Data's Indexes API has them (lib/data/indexes): the SQL backends' own
   * (indexes/sql.ts), Wix's through @wix/data (indexes/wix.ts).
   */
  readonly indexes?: import('./indexes/types').IndexBackend;
  /** Makes the collection's storage (and its indexes) exist; called once per collection before first use. */
  prepare(collection: CollectionDeclaration): Promise<void>;
  get(collectionId: string, id: string): Promise<DataItem | null>;
  /** Inserts all or none; an id that exists already refuses the whole batch (`ItemExistsError`). */
  insert(collectionId: string, items: DataItem[]): Promise<void>;
  /** Inserts or replaces each item by its id. */
  save(collectionId: string, items: DataItem[]): Promise<void>;
  /** Replaces the stored items with these; the ids that were not stored are returned (nothing was written for them). */
  update(collectionId: string, items: DataItem[]): Promise<string[]>;
  /** Removes these ids; returns the items that were there. */
  remove(collectionId: string, ids: string[]): Promise<DataItem[]>;
  truncate(collectionId: string): Promise<void>;
  count(collectionId: string, filter: FilterTree): Promise<number>;
  /** One page, and the number of items the filter matches. */
  query(collectionId: string, query: BackendQuery): Promise<{ items: DataItem[]; totalCount: number }>;
  /**
   * Changes a multi-reference field in one statement (no lost update between two callers): `insert` appends the ids it
   * does not hold yet, `remove` drops these ids, `replace` sets the list. Null when there is no such item.
   */
  references(
    collectionId: string,
    id: string,
    field: string,
    change: { mode: 'insert' | 'remove' | 'replace'; targets: string[]; updatedDate: string },
  ): Promise<DataItem | null>;
  /** The distinct values of a field among the items the filter matches (a list field's elements), ascending. */
  distinct(collectionId: string, field: string, filter: FilterTree): Promise<unknown[]>;
  /** One row per group: the group's field values and each named operation's result. */
  aggregate(collectionId: string, aggregation: Aggregation): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
  /**
   * Which of these collections the platform lacks, when collections are made elsewhere (a Wix site's CMS: in its
   * dashboard or by `npm run blog -- wix setup`). Absent where `prepare` makes them (the embedded database, Postgres).
   */
  missing?(ids: string[]): Promise<string[]>;
}

export type AggregateOp = 'count' | 'sum' | 'avg' | 'min' | 'max';

export interface Aggregation {
  filter: FilterTree;
  groupBy: string[];
  /** Result name → operation (and its field; count takes none). */
  operations: Record<string, { op: AggregateOp; field?: string }>;
}

/** An insert named an id that is already stored. */
export class ItemExistsError extends Error {
  constructor(readonly id: string) {
    super(`an item with _id "${id}" already exists`);
  }
}
