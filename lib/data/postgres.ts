import pg from 'pg';
import type { DataBackend } from './backend';
import { dataErrors } from './errors';
import type { MigrationOptions } from './migrations';
import { createSqlBackend } from './sql-backend';
import type { SqlDatabase, SqlExecutor } from './sql-database';

// The data service on a Postgres server (DATABASE_URL): the embedded backend's SQL (sql-backend.ts) through a
// node-postgres pool, so several instances of the site share their data. No folder lock: the server keeps its own.
//
// Outages: a call that cannot reach the server, loses its connection or outlasts the timeouts below answers 503
// WDE0053 (`dataErrors.unavailable`), never a hang. Every write of several items is one statement or one transaction,
// so a connection lost midway leaves nothing half-written. The pool opens new connections on the next call: when the
// server is back, calls work again without a restart.

/** Connecting (or waiting for a free pooled connection) gives up after this long. */
const CONNECT_TIMEOUT_MS = 3_000;
/** The server cancels a statement (lock waits included) after this long... */
const STATEMENT_TIMEOUT_MS = 5_000;
/** ...and the client stops waiting for an answer shortly after, should the server not even say so. */
const QUERY_TIMEOUT_MS = 6_000;
/** A transaction left idle (a process stopped midway) releases its locks after this long. */
const IDLE_IN_TRANSACTION_MS = 10_000;
/** Maintenance (an index build on a large collection, lib/data/indexes/sql.ts) may take this long per statement. */
const MAINTENANCE_MS = 10 * 60_000;

/** Node's socket errors for a server that is not there or went away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * SQLSTATEs that say the server cannot serve now: 08 connection exception, 28 bad credentials, 3D000 no such database,
 * 53 out of resources (too many connections), 57014 statement timeout, 57P01-57P05 shutting down, starting, crashed.
 */
const SERVER_STATES = /^(08|28|3D000|53|57014|57P0[1-5])/;

/** node-postgres's own messages for a connection that ended or timed out (these carry no code). */
const CLIENT_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection ended|Client was closed/i;

/** Whether `error` means the server is out of reach (as opposed to a statement it refused). */
export function isUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_STATES.test(code))) return true;
  return typeof message === 'string' && CLIENT_MESSAGES.test(message);
}

/** `url`: postgres://user:password@host:port/database (lib/core/config checked it); `options`: the data's shape. */
export function createPostgresBackend(url: string, options: MigrationOptions = {}): DataBackend {
  const password = passwordOf(url);
  const pool = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    keepAlive: true,
    application_name: 'wix-blog data',
  });

  // One line when the server goes away and one when it answers again, not one per call. Never the URL or password.
  let down = false;
  const report = (error: unknown) => {
    if (down) return;
    down = true;
    const { code, message } = error as { code?: unknown; message?: unknown };
    const text = String(message ?? error);
    console.warn(
      JSON.stringify({
        msg: 'data service: database unavailable',
        code: typeof code === 'string' ? code : undefined,
        error: password ? text.split(password).join('***') : text,
      }),
    );
  };
  const recovered = () => {
    if (!down) return;
    down = false;
    console.warn(JSON.stringify({ msg: 'data service: database available again' }));
  };
  // A pooled connection the server closes while idle (a restart) is dropped from the pool with this event; unheard,
  // it would end the process.
  pool.on('error', report);

  const fail = (error: unknown): never => {
    if (!isUnavailable(error)) throw error;
    report(error);
    throw dataErrors.unavailable();
  };

  /** One statement; `timeoutMs` replaces the pool's client-side deadline (maintenance). */
  async function run<R>(on: pg.Pool | pg.PoolClient, text: string, params?: unknown[], timeoutMs?: number) {
    // node-postgres reads a query's own `query_timeout` (pg/lib/client.js); its typings do not name it.
    const config: pg.QueryConfig & { query_timeout?: number } = { text, values: params, query_timeout: timeoutMs };
    const { rows, rowCount } = await on.query<R & pg.QueryResultRow>(config);
    return { rows: rows as R[], affectedRows: rowCount ?? 0 };
  }

  /** A transaction; with `timeoutMs`, each statement may take that long (the server's and the client's deadline). */
  async function transaction<T>(fn: (tx: SqlExecutor) => Promise<T>, timeoutMs?: number): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      return fail(error);
    }
    let broken: unknown;
    // A connection lost while checked out is also an 'error' event on it (its query fails the same): heard here, it
    // would otherwise end the process.
    const lost = (error: Error) => void (broken ??= error);
    client.on('error', lost);
    try {
      await client.query('begin');
      if (timeoutMs !== undefined) await client.query(`set local statement_timeout = ${Math.floor(timeoutMs)}`);
      const result = await fn({
        query: (text, params) => run(client, text, params, timeoutMs === undefined ? undefined : timeoutMs + 1_000),
      });
      await client.query('commit');
      recovered();
      return result;
    } catch (error) {
      broken = error;
      // Without a commit the server rolls back on its own when the connection is gone; otherwise say so now.
      if (!isUnavailable(error)) await client.query('rollback').catch(() => {});
      return fail(error);
    } finally {
      client.off('error', lost);
      // A connection that failed is closed rather than handed to the next caller.
      client.release(isUnavailable(broken) ? (broken as Error) : undefined);
    }
  }

  const db: SqlDatabase = {
    async query<R>(text: string, params?: unknown[]) {
      try {
        const result = await run<R>(pool, text, params);
        recovered();
        return result;
      } catch (error) {
        return fail(error);
      }
    },

    transaction: (fn) => transaction(fn),
    maintenance: (fn) => transaction(fn, MAINTENANCE_MS),

    close: () => pool.end(),
  };
  return createSqlBackend(db, 'postgres', options);
}

/** The URL's password (percent-decoded, as the server gets it), to keep it out of what is logged. */
function passwordOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}
