import type { SqlExecutor } from '../sql-database';
import type { DataIndex, IndexFailure, IndexStatus } from './types';

// The registry of the SQL backends' indexes (`_data_indexes`, made by migration 1: lib/data/migrations), one row per
// index: reading its rows (with whether Postgres's catalogue holds each index, valid), answering one as Wix's list
// does, moving one from status to status, and forgetting the dropped ones after a day.

export interface Row {
  data_collection_id: string;
  name: string;
  id: string;
  sql_name: string;
  fields: DataIndex['fields'];
  is_unique: boolean;
  case_insensitive: boolean;
  status: IndexStatus;
  failure: IndexFailure | null;
  /** Whether Postgres holds the index, valid (null: it does not hold it). */
  valid?: boolean | null;
  /** A BUILDING or DROPPING row left longer than STALE_MS. */
  stale?: boolean;
}

export const REGISTRY = '"_data_indexes"';
export const COLUMNS =
  'data_collection_id, name, id, sql_name, fields, is_unique, case_insensitive, status, failure, created_at, updated_at';
/** A BUILDING or DROPPING index untouched this long, whose lock no one holds, was left by a process that ended. */
const STALE = "interval '10 seconds'";
/** DROPPED indexes stay in the list this long. */
const DROPPED_KEPT = "interval '1 day'";

export const toIndex = (row: Row): DataIndex => ({
  id: row.id,
  name: row.name,
  fields: row.fields,
  status: row.status,
  ...(row.failure && { failure: row.failure }),
  unique: row.is_unique,
  caseInsensitive: row.case_insensitive,
  source: 'USER',
});

/** The current row of an index (in a transaction: as it sees it). */
export async function current(on: SqlExecutor, collectionId: string, name: string): Promise<Row | undefined> {
  const { rows } = await on.query<Row>(
    `select ${COLUMNS} from ${REGISTRY} where data_collection_id = $1 and name = $2`,
    [collectionId, name],
  );
  return rows[0];
}

/** The collection's rows with what Postgres holds of each index, oldest first. */
export async function rowsOf(on: SqlExecutor, collectionId: string, page?: { limit: number; offset: number }) {
  const { rows } = await on.query<Row>(
    `select ${COLUMNS}, (select i.indisvalid and i.indisready from pg_class c join pg_index i on ` +
      'i.indexrelid = c.oid where c.relname = r.sql_name and pg_table_is_visible(c.oid)) as valid, ' +
      `(r.status in ('BUILDING', 'DROPPING') and r.updated_at < clock_timestamp() - ${STALE}) as stale ` +
      `from ${REGISTRY} r where data_collection_id = $1 order by created_at, name` +
      (page ? ' limit $2 offset $3' : ''),
    page ? [collectionId, page.limit, page.offset] : [collectionId],
  );
  return rows;
}

/** Moves the row from `from` to `to` (nothing if it moved meanwhile, or was made again under another id). */
export async function setStatus(on: SqlExecutor, row: Row, from: IndexStatus, to: IndexStatus, failure?: IndexFailure) {
  await on.query(
    `update ${REGISTRY} set status = $4, failure = $5, updated_at = clock_timestamp() ` +
      'where data_collection_id = $1 and name = $2 and id = $3 and status = $6',
    [row.data_collection_id, row.name, row.id, to, failure ? JSON.stringify(failure) : null, from],
  );
}

/** Rows DROPPED longer than DROPPED_KEPT go from the list. */
export async function forgetDropped(on: SqlExecutor, collectionId: string) {
  await on.query(
    `delete from ${REGISTRY} where data_collection_id = $1 and status = 'DROPPED' and ` +
      `updated_at < clock_timestamp() - ${DROPPED_KEPT}`,
    [collectionId],
  );
}
