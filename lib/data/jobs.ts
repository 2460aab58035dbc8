import PgBoss from 'pg-boss';
import type { SqlDatabase } from './sql-database';

// The site's job queue: pg-boss, in the site's own records database, so work survives a restart and several instances
// share it without a broker of their own. With DATABASE_URL it connects to that server (its own small pool); on the
// embedded database it runs through the data service's PGlite (one process holds the folder: jobs.ts shares that
// handle rather than opening a second one). Why pg-boss: it is a kept queue made for exactly this (retries with
// backoff, expiry of a job whose worker died, singleton keys, delayed jobs), on the database the site already has;
// BullMQ would need Redis, which a single instance does not run, and Graphile Worker needs LISTEN/NOTIFY, which the
// embedded database has only within one process.

/** A job's worker that died (a crash, a kill) gives the job back after this long, for another worker to resume. */
export const JOB_EXPIRE_SECONDS = 15 * 60;

/** pg-boss's adapter over the embedded database: one statement with parameters, or a script of several. */
export function jobsDatabase(sql: SqlDatabase) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length || !sql.script) return sql.query(text, values);
      return sql.script(text);
    },
  };
}

export interface JobsSettings {
  /** DATABASE_URL, when the records are on a Postgres server. */
  databaseUrl?: string;
  /** The embedded database's handle otherwise. */
  sql?: SqlDatabase;
  /** How often an idle worker asks for work (default 2 s). */
  pollingIntervalSeconds?: number;
}

/** A started queue over the settings' database; `stop` lets it go. */
export async function startJobs(settings: JobsSettings): Promise<PgBoss> {
  const common = {
    schema: 'site_jobs',
    application_name: 'wix-blog jobs',
    // Maintenance (expiring dead workers' jobs, archiving) runs on one instance at a time, every minute.
    maintenanceIntervalSeconds: 60,
  };
  const boss = settings.databaseUrl
    ? new PgBoss({ ...common, connectionString: settings.databaseUrl, max: 3 })
    : new PgBoss({ ...common, db: jobsDatabase(settings.sql!) });
  boss.on('error', (error: Error) => console.warn(JSON.stringify({ msg: 'jobs: queue error', error: error.message })));
  await boss.start();
  return boss;
}

/** Postgres's answer to a deadlock: the transaction it chose to abort did nothing, and may simply run again. */
const DEADLOCK = '40P01';
const QUEUE_ATTEMPTS = 8;
/** Each process makes its queues one at a time (a chain per queue handle). */
const making = new WeakMap<PgBoss, Promise<unknown>>();
/** The queues a handle has made, or is making, by name. */
const madeQueues = new WeakMap<PgBoss, Map<string, Promise<void>>>();

/**
 * Makes the queue `name` if no instance has made it yet, once per queue handle: a second call (a worker's start, then
 * each send to it) answers the first one's promise, and the options given first are the queue's. One that failed is
 * made again by the next call. pg-boss's createQueue attaches a partition to its job table and takes no lock first:
 * two made at once (several queues at a server's start, or two instances starting on a fresh database) deadlock, and
 * Postgres aborts one with 40P01. Measured: two instances making three queues each on a fresh database deadlocked in 8
 * rounds of 8 (tests/data/jobs-start.test.ts), and the instance that lost never worked its queue. So a process makes
 * its queues one after another, and a deadlock with another instance is tried again after a short random wait (making
 * a queue that exists does nothing).
 */
export function ensureQueue(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, 'name'> = {}): Promise<void> {
  const made = madeQueues.get(boss) ?? new Map<string, Promise<void>>();
  madeQueues.set(boss, made);
  const known = made.get(name);
  if (known) return known;
  const previous = making.get(boss) ?? Promise.resolve();
  const creating = previous
    .catch(() => undefined)
    .then(async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          await boss.createQueue(name, { ...options, name });
          return;
        } catch (error) {
          if ((error as { code?: string }).code !== DEADLOCK || attempt >= QUEUE_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 100 * attempt));
        }
      }
    });
  making.set(boss, creating);
  made.set(name, creating);
  creating.catch(() => {
    if (made.get(name) === creating) made.delete(name);
  });
  return creating;
}

const working = new WeakMap<PgBoss, Set<string>>();

/**
 * Works the queue `name` with `handler`, once per queue handle however often a start is tried again; answers the
 * worker's id (none when it was working already), which `boss.notifyWorker` wakes. A worker that
 * took a full batch fetches again at once: pg-boss's own worker waits its polling interval after every batch, which
 * held a backlog to a batch per interval (the fediverse's deliveries: 8 every 2 s, 197 s for 265 of them).
 */
export async function workOnce<T extends object>(
  boss: PgBoss,
  name: string,
  options: PgBoss.WorkOptions,
  handler: PgBoss.WorkHandler<T>,
): Promise<string | undefined> {
  const names = working.get(boss) ?? new Set<string>();
  working.set(boss, names);
  if (names.has(name)) return undefined;
  names.add(name);
  const batch = options.batchSize ?? 1;
  let id: string | undefined;
  try {
    id = await boss.work<T>(name, options, async (jobs) => {
      const result = await handler(jobs);
      if (jobs.length >= batch && id) boss.notifyWorker(id);
      return result;
    });
    return id;
  } catch (error) {
    names.delete(name);
    throw error;
  }
}

/**
 * Starts a feature's workers (`start`), and if that fails (the database down at the server's start, a queue that could
 * not be made) tries again after 5 s, 10 s, 20 s, … at most a minute apart, until it starts: an instance whose workers
 * did not start would otherwise leave every job to the others, or to no one. `start` must be safe to run again.
 */
export function keepStarting(
  start: () => Promise<void>,
  onFailure: (error: unknown, retryInMs: number) => void,
  firstRetryMs = 5_000,
): Promise<void> {
  return new Promise((resolve) => {
    const attempt = (waitMs: number) => {
      start().then(resolve, (error: unknown) => {
        onFailure(error, waitMs);
        setTimeout(() => attempt(Math.min(waitMs * 2, 60_000)), waitMs).unref?.();
      });
    };
    attempt(firstRetryMs);
  });
}
