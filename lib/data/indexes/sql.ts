import { randomUUID } from 'node:crypto';
import type { CatalogueError } from '@/lib/core/errors';
import { dataErrors } from '../errors';
import type { SqlDatabase, SqlExecutor } from '../sql-database';
import type { CollectionDeclaration } from '../model';
import { PREFIX, createStatement, dropStatement, failureOf, sqlNameOf } from './sql-ddl';
import { COLUMNS, REGISTRY, type Row, current, forgetDropped, rowsOf, setStatus, toIndex } from './sql-registry';
import { INDEX_FAILURES, INDEX_LIMITS, type IndexBackend, type IndexSpec } from './types';

// Indexes on the SQL backends (PGlite, a Postgres server): a Postgres index on the collection's table, built on the
// expression each filter compares (lib/data/sql.ts fieldExpression), so the planner uses it for the service's own
// queries and sorts; `unique` makes it a unique index (several items may lack the field: NULLs are distinct),
// `caseInsensitive` indexes lower() of a text field, and a list field gets a GIN index (its elements: $hasSome,
// $hasAll, $eq of an element). A registry table (`_data_indexes`, beside the collections' `data_*` tables, made by
// migration 1: lib/data/migrations) holds each index's name, fields and status as Wix's list answers them.
//
// Statuses as they move: Create registers the index BUILDING and answers at once; the build runs on (in this process,
// one transaction holding the index's advisory lock): CREATE INDEX, then ACTIVE. Data that breaks a unique index
// makes it FAILED, with Wix's failure code WDE0113 and one of the items holding a repeated value; a value too large to
// index WDE0114; anything else WDE0112. Drop marks it DROPPING and answers; the drop runs on the same way, then
// DROPPED (kept a day in the list, its name free at once). An ACTIVE index whose Postgres index is gone or not valid
// (dropped by hand, a restore without it) lists as INVALID. A build or drop whose process ended midway (no one holds
// its lock) is finished by the next list: a build becomes FAILED WDE0112, a drop is done.
//
// A build holds the table's SHARE lock: writes to that collection wait until it ends (a blog's collections build in
// milliseconds). On a Postgres server it runs without the pool's statement deadline (`SqlDatabase.maintenance`).
// Here are the index's course and its locks; the Postgres index's statements are sql-ddl.ts, the registry's rows
// sql-registry.ts.

export interface SqlIndexSettings {
  /** A collection's table (sql-backend.ts). */
  table: (collectionId: string) => string;
  /** Where a build that failed is said, one line (default console.warn as JSON). */
  log?: (line: Record<string, unknown>) => void;
}

/** The advisory lock of one index's build and drop, and of one collection's slots. */
const lockOf = (collectionId: string, name: string) => `wix-blog data index ${JSON.stringify([collectionId, name])}`;
const slotsLockOf = (collectionId: string) => `wix-blog data indexes of ${collectionId}`;
const LOCK = 'select pg_advisory_xact_lock(hashtext($1))';

export function createSqlIndexes(db: SqlDatabase, settings: SqlIndexSettings) {
  const { table } = settings;
  const log = settings.log ?? ((line: Record<string, unknown>) => console.warn(JSON.stringify(line)));
  /** Builds and drops under way in this process, by index lock. */
  const pending = new Map<string, Promise<void>>();
  /** A long transaction: without the pool's statement deadline where there is one. */
  const maintenance = <T>(fn: (tx: SqlExecutor) => Promise<T>) =>
    db.maintenance ? db.maintenance(fn) : db.transaction(fn);

  /** Runs a build or a drop in the background, noted so `settled` (and the backend's close) can wait for it. */
  function start(key: string, task: () => Promise<void>) {
    const run = (pending.get(key) ?? Promise.resolve()).then(task).catch((error: unknown) => {
      log({ msg: 'data service: index task failed', error: error instanceof Error ? error.message : String(error) });
    });
    const noted = run.finally(() => {
      if (pending.get(key) === noted) pending.delete(key);
    });
    pending.set(key, noted);
  }

  async function build(collection: CollectionDeclaration, row: Row) {
    const spec: IndexSpec = {
      name: row.name,
      fields: row.fields,
      unique: row.is_unique,
      caseInsensitive: row.case_insensitive,
    };
    try {
      await maintenance(async (tx) => {
        await tx.query(LOCK, [lockOf(collection.id, row.name)]);
        // A drop that came meanwhile (DROPPING) is the drop's to finish.
        const now = await current(tx, collection.id, row.name);
        if (now?.id !== row.id || now.status !== 'BUILDING') return;
        await tx.query(createStatement(table(collection.id), collection, spec, row.sql_name));
        await setStatus(tx, row, 'BUILDING', 'ACTIVE');
      });
    } catch (error) {
      const failure = await failureOf(db, table(collection.id), collection, spec, error);
      if (failure.code === INDEX_FAILURES.unknown)
        log({ msg: 'data service: index build failed', collection: collection.id, index: row.name, code: failure });
      await setStatus(db, row, 'BUILDING', 'FAILED', failure);
    }
  }

  /** Drops the Postgres index and marks the row DROPPED (its lock held). */
  async function finishDrop(row: Row) {
    await maintenance(async (tx) => {
      await tx.query(LOCK, [lockOf(row.data_collection_id, row.name)]);
      const now = await current(tx, row.data_collection_id, row.name);
      if (now?.id !== row.id || now.status !== 'DROPPING') return;
      await tx.query(dropStatement(row.sql_name));
      await setStatus(tx, row, 'DROPPING', 'DROPPED');
    });
  }

  /**
   * Builds and drops whose process ended midway (BUILDING or DROPPING for a while, no one holding their lock, none
   * under way here): a build becomes FAILED, a drop is finished. DROPPED rows past a day go.
   */
  async function recover(collectionId: string, rows: Row[]) {
    for (const row of rows) {
      if (!row.stale || pending.has(lockOf(collectionId, row.name))) continue;
      const free = await db.transaction(async (tx) => {
        const { rows: got } = await tx.query<{ free: boolean }>(
          'select pg_try_advisory_xact_lock(hashtext($1)) as free',
          [lockOf(collectionId, row.name)],
        );
        if (!got[0]?.free) return false;
        if (row.status === 'BUILDING') {
          await setStatus(tx, row, 'BUILDING', 'FAILED', {
            code: INDEX_FAILURES.unknown,
            description: 'Unknown error while building collection index: the build stopped before it ended',
          });
        }
        return true;
      });
      if (free && row.status === 'DROPPING') await finishDrop(row);
    }
    await forgetDropped(db, collectionId);
  }

  const backend: IndexBackend = {
    async create(collection, spec) {
      const sqlName = sqlNameOf(collection.id, spec.name);
      const row = await db.transaction(async (tx) => {
        await tx.query(LOCK, [slotsLockOf(collection.id)]);
        const { rows: held } = await tx.query<Pick<Row, 'name' | 'is_unique' | 'status'>>(
          `select name, is_unique, status from ${REGISTRY} where data_collection_id = $1 and status <> 'DROPPED'`,
          [collection.id],
        );
        const same = held.find((r) => r.name === spec.name);
        if (same) {
          throw dataErrors.indexConflict(
            `collection "${collection.id}" has an index named "${spec.name}" already (${same.status})` +
              (same.status === 'DROPPING' ? ': it is being dropped, try again in a moment' : ''),
          );
        }
        const limit = spec.unique ? INDEX_LIMITS.unique : INDEX_LIMITS.regular;
        if (held.filter((r) => r.is_unique === spec.unique).length >= limit) {
          throw dataErrors.indexConflict(
            `collection "${collection.id}" has ${limit} ${spec.unique ? 'unique index' : 'regular indexes'} already, ` +
              'the most it may have (a FAILED one keeps its slot): drop one first',
          );
        }
        const { rows } = await tx.query<Row>(
          `insert into ${REGISTRY} (data_collection_id, name, id, sql_name, fields, is_unique, case_insensitive, ` +
            "status) values ($1, $2, $3, $4, $5, $6, $7, 'BUILDING') on conflict (data_collection_id, name) do " +
            'update set id = excluded.id, sql_name = excluded.sql_name, fields = excluded.fields, is_unique = ' +
            'excluded.is_unique, case_insensitive = excluded.case_insensitive, status = excluded.status, failure = ' +
            `null, created_at = clock_timestamp(), updated_at = clock_timestamp() returning ${COLUMNS}`,
          [
            collection.id,
            spec.name,
            randomUUID(),
            sqlName,
            JSON.stringify(spec.fields),
            spec.unique,
            spec.caseInsensitive,
          ],
        );
        return rows[0]!;
      });
      start(lockOf(collection.id, spec.name), () => build(collection, row));
      return toIndex(row);
    },

    async list(collection, page) {
      await recover(collection.id, await rowsOf(db, collection.id));
      const rows = await rowsOf(db, collection.id, page);
      for (const row of rows) {
        if (row.status !== 'ACTIVE' || row.valid === true) continue;
        const failure = {
          code: INDEX_FAILURES.unknown,
          description:
            row.valid === null
              ? 'The database no longer holds this index: drop it and create it again'
              : 'The database holds this index but it is not valid: drop it and create it again',
        };
        await setStatus(db, row, 'ACTIVE', 'INVALID', failure);
        Object.assign(row, { status: 'INVALID', failure });
      }
      const { rows: counted } = await db.query<{ n: number }>(
        `select count(*)::int as n from ${REGISTRY} where data_collection_id = $1`,
        [collection.id],
      );
      return { indexes: rows.map(toIndex), total: counted[0]?.n ?? 0 };
    },

    async drop(collection, name) {
      const { rows } = await db.query<Row>(
        `update ${REGISTRY} set status = 'DROPPING', updated_at = clock_timestamp() where data_collection_id = $1 ` +
          `and name = $2 and status not in ('DROPPING', 'DROPPED') returning ${COLUMNS}`,
        [collection.id, name],
      );
      const row = rows[0];
      if (!row) {
        if (!(await current(db, collection.id, name))) throw dataErrors.unknownIndex(collection.id, name);
        return;
      }
      start(lockOf(collection.id, name), () => finishDrop(row));
    },

    async settled() {
      while (pending.size) await Promise.all(pending.values());
    },
  };

  /**
   * The catalogue's 409 WDE0123 for a write a unique index refused (Postgres 23505 naming one of these indexes), or
   * undefined for any other error (a stored `_id` is the backend's ItemExistsError).
   */
  async function conflict(error: unknown, collectionId: string): Promise<CatalogueError | undefined> {
    const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
    if (code !== '23505' || typeof constraint !== 'string' || !constraint.startsWith(PREFIX)) return undefined;
    const { rows } = await db
      .query<Pick<Row, 'name' | 'fields'>>(
        `select name, fields from ${REGISTRY} where data_collection_id = $1 and sql_name = $2`,
        [collectionId, constraint],
      )
      .catch(() => ({ rows: [] as Pick<Row, 'name' | 'fields'>[] }));
    const row = rows[0];
    return dataErrors.uniqueIndexConflict(
      collectionId,
      row ? { name: row.name, paths: row.fields.map((f) => f.path) } : undefined,
    );
  }

  return { backend, conflict };
}

export type SqlIndexes = ReturnType<typeof createSqlIndexes>;
