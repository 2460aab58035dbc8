import PgBoss from 'pg-boss';
import type { SqlDatabase } from './sql-backend';

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
