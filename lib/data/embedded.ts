import { PGlite, type Transaction } from '@electric-sql/pglite';
import { lockFolder } from './folder-lock';
import type { DataBackend } from './backend';
import { type SqlDatabase, type SqlExecutor, createSqlBackend } from './sql-backend';

// The embedded backend: Postgres compiled to WebAssembly (PGlite), in-process, persisted in a folder. Real indexes and
// transactions with nothing to install or start; the SQL (sql-backend.ts) is the one a Postgres server runs
// (postgres.ts, when DATABASE_URL is set).

const executor = (db: PGlite | Transaction): SqlExecutor => ({
  async query<R>(text: string, params?: unknown[]) {
    const { rows, affectedRows } = await db.query<R>(text, params);
    return { rows, affectedRows: affectedRows ?? 0 };
  },
});

/** `dataDir`: a folder (created if missing) or undefined for memory only (tests). */
export function createEmbeddedBackend(dataDir?: string): DataBackend {
  const release = dataDir === undefined ? () => {} : lockFolder(dataDir);
  const db = new PGlite(dataDir);
  const sql: SqlDatabase = {
    ...executor(db),
    transaction: (fn) => db.transaction((tx) => fn(executor(tx))),
    async close() {
      try {
        await db.close();
      } finally {
        release();
      }
    },
  };
  return createSqlBackend(sql, 'embedded');
}
