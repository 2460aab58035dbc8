// What the data service asks of a SQL database, the embedded one (PGlite, embedded.ts) or a Postgres server's pool
// (postgres.ts): the few calls the SQL backend (sql-backend.ts), the owner's indexes, the migrations and the job queue
// run through. Types only, so each of those names it without importing another.

export interface SqlResult<R> {
  rows: R[];
  /** Rows an insert, update or delete touched. */
  affectedRows: number;
}

export interface SqlExecutor {
  /** One statement; values travel as parameters ($1...), never in the text. */
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<SqlResult<R>>;
}

export interface SqlDatabase extends SqlExecutor {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * Several statements in one text, without parameters (the job queue's schema and its own transactions, jobs.ts): the
   * last statement's rows. Only the embedded database offers it; a Postgres server's queue connects by itself.
   */
  script?(text: string): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * As `transaction`, for work that takes as long as the data needs (an index build, lib/data/indexes/sql.ts): without
   * the statement deadline a Postgres server's pool puts on every call. Absent: `transaction` (PGlite has none).
   */
  maintenance?<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * A consistent copy of the embedded database's folder, a gzipped tarball (PGlite's dumpDataDir after a checkpoint,
   * taken while no statement runs: the committed transactions, as a crash would leave them): its backup. Absent on a
   * Postgres server, whose backups pg_dump makes.
   */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}
