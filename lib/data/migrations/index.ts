import { isCatalogueError } from '@/lib/core/errors';
import { dataErrors } from '../errors';
import type { SqlDatabase, SqlExecutor } from '../sql-database';
import { collectionsAndIndexes } from './0001-collections-and-indexes';
import { analyticsTables } from './0002-analytics';
import type { Migration } from './types';

// The data's shape, as numbered migrations (issue 42): every change of it (a table, a column, a registry) is a file
// here with the next number, never a statement run lazily where the data is first used. A database records the
// migrations applied to it in `_migrations` (number, name, when). The SQL backend (sql-backend.ts) runs the missing
// ones before its first statement in each process, all in one transaction under the schema's advisory lock: several
// instances starting at once on one Postgres server wait for each other, and each migration is applied once; a
// migration that fails leaves the database as it was (the previous release still runs on it). Data from a release
// newer than this code (a migration number it does not know) is refused rather than used.

export type { Migration } from './types';

/** Every migration, in order. */
export const MIGRATIONS: readonly Migration[] = [collectionsAndIndexes, analyticsTables];

/**
 * Schema changes are made under one advisory lock (any key of our own): the migrations, and the tables and indexes a
 * collection's first use makes (two processes preparing one collection at once would otherwise race in `create table
 * if not exists`, a unique violation in Postgres's catalogue).
 */
export const SCHEMA_LOCK = "select pg_advisory_xact_lock(hashtext('wix-blog data schema'))";

const RECORD = '"_migrations"';

/** The data was migrated by a newer release: this one does not know its shape. */
export class NewerDataError extends Error {
  override name = 'NewerDataError';
  constructor(
    readonly newest: number,
    readonly known: number,
  ) {
    super(
      `the data was migrated by a newer release of the site (migration ${newest}; this release knows up to ${known}): ` +
        'run that release, or restore a backup made before it',
    );
  }
}

/** The collections' tables in the database, quoted as sql-backend.ts names them. */
async function collectionTables(tx: SqlExecutor): Promise<string[]> {
  const { rows } = await tx.query<{ name: string }>(
    `select '"' || replace(c.relname, '"', '""') || '"' as name from pg_class c ` +
      "where c.relkind in ('r', 'p') and c.relname like 'data\\_%' and pg_table_is_visible(c.oid) order by c.relname",
  );
  return rows.map((row) => row.name);
}

/**
 * Applies the migrations `db` lacks, in one transaction holding the schema lock (a Postgres server's long-statement
 * deadline where it has one); answers the numbers applied (none when it is current).
 */
export async function migrate(db: SqlDatabase, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  const run = <T>(fn: (tx: SqlExecutor) => Promise<T>) => (db.maintenance ? db.maintenance(fn) : db.transaction(fn));
  return run(async (tx) => {
    await tx.query(SCHEMA_LOCK);
    await tx.query(
      `create table if not exists ${RECORD} (id integer primary key, name text not null, ` +
        'applied_at timestamptz not null default clock_timestamp())',
    );
    const { rows } = await tx.query<{ id: number }>(`select id from ${RECORD}`);
    const applied = new Set(rows.map((row) => Number(row.id)));
    const known = migrations.at(-1)?.id ?? 0;
    const newest = Math.max(0, ...applied);
    if (newest > known) throw new NewerDataError(newest, known);
    const pending = migrations.filter((migration) => !applied.has(migration.id));
    const tables = pending.some((migration) => migration.table) ? await collectionTables(tx) : [];
    for (const migration of pending) {
      await migration.up?.(tx);
      for (const table of tables) await migration.table?.(tx, table);
      await tx.query(`insert into ${RECORD} (id, name) values ($1, $2)`, [migration.id, migration.name]);
    }
    return pending.map((migration) => migration.id);
  });
}

/**
 * Makes a collection's table if it is missing, in the caller's transaction (holding the schema lock): every
 * migration's `table` step in order, so it has the shape the migrations gave the tables made before.
 */
export async function makeCollectionTable(
  tx: SqlExecutor,
  table: string,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<void> {
  const { rows } = await tx.query<{ missing: boolean }>('select to_regclass($1) is null as missing', [table]);
  if (!rows[0]?.missing) return;
  for (const migration of migrations) await migration.table?.(tx, table);
}

/** The numbers recorded as applied in `db`, in order (none before the first start). */
export async function appliedMigrations(db: SqlExecutor): Promise<{ id: number; name: string; appliedAt: string }[]> {
  const { rows } = await db.query<{ id: number; name: string; applied_at: Date | string }>(
    `select id, name, applied_at from ${RECORD} order by id`,
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name, appliedAt: new Date(row.applied_at).toISOString() }));
}

export interface MigrationOptions {
  /** The data's shape (default: the site's, lib/data/migrations); tests pass their own. */
  migrations?: readonly Migration[];
  /** Where the line per migration run or failure goes (default console.warn as JSON). */
  log?: (line: Record<string, unknown>) => void;
}

/**
 * `db`, with the migrations applied before its first statement (once per process; a failure is tried again by the next
 * call, which answers 503 WDE0053 meanwhile, as an unavailable database does). Everything on the database goes through
 * it: the collections, the indexes, the job queue on the embedded database, the backup's snapshot.
 */
export function migratedDatabase(db: SqlDatabase, options: MigrationOptions = {}): SqlDatabase {
  const { migrations = MIGRATIONS, log = (line) => console.warn(JSON.stringify(line)) } = options;
  let ready: Promise<void> | undefined;
  let failed: string | undefined;
  const current = () =>
    (ready ??= migrate(db, migrations).then(
      (applied) => {
        failed = undefined;
        if (applied.length) log({ msg: 'data service: migrations applied', applied });
      },
      (error: unknown) => {
        ready = undefined;
        if (isCatalogueError(error)) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        if (reason !== failed) log({ msg: 'data service: migrations failed', reason });
        failed = reason;
        throw dataErrors.unavailable();
      },
    ));
  const after =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      await current();
      return fn(...args);
    };
  return {
    query: after((text: string, params?: unknown[]) => db.query(text, params)),
    transaction: after((fn) => db.transaction(fn)),
    ...(db.script && { script: after((text: string) => db.script!(text)) }),
    ...(db.maintenance && { maintenance: after((fn) => db.maintenance!(fn)) }),
    ...(db.snapshot && { snapshot: after(() => db.snapshot!()) }),
    close: () => db.close(),
  } as SqlDatabase;
}
