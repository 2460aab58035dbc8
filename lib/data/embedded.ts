import { PGlite, type Transaction } from '@electric-sql/pglite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acquireFolder, DataFolderBusyError } from './folder-lock';
import type { DataBackend } from './backend';
import { START_PARAMS, initializeFolder } from './embedded-folder';
import { dataErrors } from './errors';
import { createSqlBackend } from './sql-backend';
import type { SqlDatabase, SqlExecutor } from './sql-database';

// The embedded backend: Postgres compiled to WebAssembly (PGlite), in-process, persisted in a folder. Real indexes and
// transactions with nothing to install or start; the SQL (sql-backend.ts) is the one a Postgres server runs
// (postgres.ts, when DATABASE_URL is set).
//
// The database opens on the first call, not when the backend is made: making it never fails, so a process whose
// folder is held elsewhere still starts. An open that fails (the folder held by a live process past `waitMs`, a
// damaged folder) makes calls answer 503 WDE0053 at once, says why in one log line, and, with `retryMs`, is tried
// again in the background until it succeeds (a second line says so); without `retryMs` the next call tries again.

const executor = (db: PGlite | Transaction): SqlExecutor => ({
  async query<R>(text: string, params?: unknown[]) {
    const { rows, affectedRows } = await db.query<R>(text, params);
    return { rows, affectedRows: affectedRows ?? 0 };
  },
});

export interface EmbeddedOptions {
  /** How long the first open waits for a live holder of the folder to end (default 5 s; a build worker ending). */
  waitMs?: number;
  /** After a failed open, try again in the background this often until it opens (the site); unset: on the next call. */
  retryMs?: number;
  /**
   * Close the database (and release the folder) once no call has run for this long; the next call opens it again. The
   * build sets it, so its prerender worker holds the folder only while pages read it, not until Next ends the worker.
   */
  idleCloseMs?: number;
  /** Release the folder on SIGINT and SIGTERM too (the build's worker, which Next ends with a signal). */
  releaseOnSignal?: boolean;
  /** Where the one line per failure and recovery goes (default console.warn as JSON). */
  log?: (line: Record<string, unknown>) => void;
}

const DEFAULT_WAIT_MS = 5_000;

const defaultLog = (line: Record<string, unknown>) => console.warn(JSON.stringify(line));

/** Why an open failed, for the operator (the folder and the holder's pid; never reaches a response). */
const reason = (error: unknown) =>
  error instanceof DataFolderBusyError ? error.holder : error instanceof Error ? error.message : String(error);

/**
 * A scratch folder for a backend made without one (the tests' throwaway databases), removed when the backend closes or
 * the process exits. A folder, not PGlite's memory file system: on memory every open ran initdb or unpacked an image
 * (~3 s of CPU each on 2 cores, either way), where a new folder is made once and copied (initializeFolder) and opens in
 * ~0.6 s; and the tests' databases then take the site's own path.
 */
function scratchFolder(): { dataDir: string; remove: () => void } {
  const parent = mkdtempSync(path.join(tmpdir(), 'embedded-scratch-'));
  const remove = () => {
    process.off('exit', remove);
    rmSync(parent, { recursive: true, force: true });
  };
  process.on('exit', remove);
  return { dataDir: path.join(parent, 'data'), remove };
}

/** `dataDir`: a folder (created if missing), or none for a scratch folder removed at close (tests). */
export function createEmbeddedBackend(folder?: string, options: EmbeddedOptions = {}): DataBackend {
  const { waitMs = DEFAULT_WAIT_MS, retryMs, idleCloseMs, releaseOnSignal, log = defaultLog } = options;
  const scratch = folder === undefined ? scratchFolder() : undefined;
  const dataDir = folder ?? scratch!.dataDir;
  let db: PGlite | undefined;
  let release = () => {};
  let opening: Promise<PGlite> | undefined;
  /** The last open's failure while the database is unavailable. */
  let failure: unknown;
  let retryTimer: NodeJS.Timeout | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  /** An idle close under way: an open waits for it (this process's own lock is still on the folder until then). */
  let closing: Promise<void> | undefined;
  let running = 0;
  let closed = false;
  let waited = false;

  async function open(): Promise<PGlite> {
    await closing;
    // Only the first open waits for a holder that is ending; later ones (retries, reopens) try once.
    const unlock = await acquireFolder(dataDir, waited ? 0 : waitMs, { releaseOnSignal });
    waited = true;
    await initializeFolder(dataDir).catch(() => {}); // else made here, as before
    const database = new PGlite(dataDir, { startParams: START_PARAMS });
    try {
      await database.waitReady;
    } catch (error) {
      unlock();
      throw error;
    }
    release = unlock;
    return database;
  }

  function start(): Promise<PGlite> {
    opening ??= open().then(
      (database) => {
        opening = undefined;
        if (closed) {
          void database.close().finally(release);
          throw dataErrors.unavailable();
        }
        db = database;
        if (failure !== undefined) log({ msg: 'data service: database open', folder: dataDir });
        failure = undefined;
        return database;
      },
      (error: unknown) => {
        opening = undefined;
        if (failure === undefined) {
          log({ msg: 'data service: database unavailable', reason: reason(error), retrying: retryMs !== undefined });
        }
        failure = error;
        if (retryMs !== undefined && !closed) scheduleRetry(retryMs);
        throw error;
      },
    );
    return opening;
  }

  function scheduleRetry(delay: number) {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void start().catch(() => {}), delay);
    retryTimer.unref();
  }

  /** The open database; a call while an open failed and a retry is pending answers 503 at once. */
  function database(): Promise<PGlite> {
    if (closed) return Promise.reject(dataErrors.unavailable());
    if (db) return Promise.resolve(db);
    if (failure !== undefined && retryMs !== undefined && !opening) {
      return Promise.reject(failure instanceof DataFolderBusyError ? failure : dataErrors.unavailable());
    }
    return start().catch((error: unknown) => {
      throw error instanceof DataFolderBusyError ? error : dataErrors.unavailable();
    });
  }

  async function using<T>(fn: (database: PGlite) => Promise<T>): Promise<T> {
    running += 1;
    clearTimeout(idleTimer);
    try {
      return await fn(await database());
    } finally {
      running -= 1;
      if (running === 0 && idleCloseMs !== undefined) {
        idleTimer = setTimeout(closeIdle, idleCloseMs);
        idleTimer.unref();
      }
    }
  }

  function closeIdle() {
    if (running > 0 || !db || opening) return;
    const database = db;
    db = undefined;
    closing = database
      .close()
      .catch(() => {})
      .finally(() => {
        release();
        release = () => {};
        closing = undefined;
      });
  }

  const sql: SqlDatabase = {
    query: (text, params) => using((database) => executor(database).query(text, params)),
    transaction: (fn) => using((database) => database.transaction((tx) => fn(executor(tx)))),
    script: (text) =>
      using(async (database) => ({
        rows: ((await database.exec(text)).at(-1)?.rows ?? []) as Record<string, unknown>[],
      })),
    // The backup (lib/data/backup): PGlite copies the folder while no statement runs; the checkpoint first writes the
    // changed pages, so a restored copy has little log to replay.
    snapshot: () =>
      using(async (database) => {
        await database.query('checkpoint');
        return database.dumpDataDir('gzip');
      }),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearTimeout(idleTimer);
      await opening?.catch(() => {});
      await closing;
      const database = db;
      db = undefined;
      try {
        await database?.close();
      } finally {
        release();
        release = () => {};
        scratch?.remove();
      }
    },
  };
  return createSqlBackend(sql, 'embedded');
}
