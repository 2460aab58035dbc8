import type PgBoss from 'pg-boss';
import type { DataClient } from '../client';
import { ensureQueue } from '../jobs';
import { OWNER } from '../permissions';
import type { DataIndex } from '../indexes/types';
import { type Caller, MAX_BULK_ITEMS } from '../model';
import { removeFile } from './file-parts';
import { dataJobClaims, dataJobs, type JobError, type JobRecord } from './records';

// What the jobs' service, their runs and each job type's work share: the settings, read once into a context (the
// site's records and collections, the queue, the clock, the limits), and the steps on a job's record every part takes
// the same way: read, write, end it (finish), and hold it while a run works (holder).

export const DATA_JOBS_QUEUE = 'data-jobs';

/** How long the queue lets a job be active before giving it to another worker (pg-boss's default: 15 minutes). */
const QUEUE_EXPIRE_SECONDS = 120;

/** What a re-index asks of the collection's indexes (lib/data/indexes: Wix Data's Indexes API, as the owner). */
export interface JobIndexes {
  list(
    collectionId: string,
    paging: { limit: number; offset: number },
    caller: Caller,
  ): Promise<{ indexes: DataIndex[]; pagingMetadata: { total: number } }>;
  create(collectionId: string, index: unknown, caller: Caller): Promise<DataIndex>;
  drop(collectionId: string, name: string, caller: Caller): Promise<void>;
}

export interface DataJobsSettings {
  /** The site's records, holding the jobs (records.ts's collections declared on it). */
  records: () => DataClient;
  /** The site's collections, where the jobs import and truncate. */
  data: () => DataClient;
  /** The site's job queue. */
  boss: () => Promise<PgBoss>;
  /** The collection's indexes, which a re-index rebuilds; absent: a REINDEX job is refused when asked for. */
  indexes?: () => JobIndexes;
  /** How often a re-index asks whether an index has been built (default 500 ms). */
  indexPollMs?: number;
  /** Items per write (default and at most 1000, the service's bulk limit). */
  batchSize?: number;
  /** A RUNNING job whose record has not moved for this long has lost its worker (default 60 s). */
  leaseMs?: number;
  /** Runs that may claim one job before it fails for good (default 10). */
  maxRuns?: number;
  /** How often an idle worker asks the queue for work (default 2 s). */
  pollingIntervalSeconds?: number;
  /** Called before each batch of an import is written (tests stop a worker there). */
  beforeBatch?: (jobId: string, batch: number) => Promise<void>;
  now?: () => Date;
}

/** The jobs' shared state and steps, handed to the service, the runs and each job type's work. */
export interface JobsContext {
  readonly settings: DataJobsSettings;
  /** Items per write: the setting, at most the service's bulk limit. */
  readonly batchSize: number;
  readonly leaseMs: number;
  readonly maxRuns: number;
  readonly now: () => Date;
  /** The site's records (asked of the settings at every call). */
  records(): DataClient;
  /** The site's queue, the jobs' queue made on it. */
  queue(): Promise<PgBoss>;
  read(id: string): Promise<JobRecord | null>;
  write(record: JobRecord): Promise<JobRecord>;
  /** Ends a job: COMPLETED, or FAILED with its error; its file goes. */
  finish(record: JobRecord, status: 'COMPLETED' | 'FAILED', error?: JobError): Promise<JobRecord>;
}

/** A job's record ended: the run stops, whoever ended it. */
export class Superseded extends Error {
  override name = 'Superseded';
}

export const iso = (date: Date) => date.toISOString();

export function createJobsContext(settings: DataJobsSettings): JobsContext {
  const now = settings.now ?? (() => new Date());
  const maxRuns = settings.maxRuns ?? 10;
  const records = () => settings.records();

  async function queue(): Promise<PgBoss> {
    const boss = await settings.boss();
    // Made once per queue handle (lib/data/jobs.ts): a job may be asked for before this instance's worker started.
    await ensureQueue(boss, DATA_JOBS_QUEUE, {
      // A job whose instance died comes back to any instance after this long (its record's lease has passed by then);
      // one a live run still holds is answered busy there (its heartbeat is fresh) and asked about later.
      expireInSeconds: QUEUE_EXPIRE_SECONDS,
      retryLimit: maxRuns,
      retryDelay: 5,
      retryBackoff: true,
    });
    return boss;
  }

  const read = async (id: string) => (await records().get(dataJobs.id, id, OWNER)) as JobRecord | null;
  const write = async (record: JobRecord) => (await records().save(dataJobs.id, record, OWNER)) as JobRecord;

  async function finish(record: JobRecord, status: 'COMPLETED' | 'FAILED', error?: JobError): Promise<JobRecord> {
    const ended = await write({
      ...record,
      status,
      finishedDate: iso(now()),
      heartbeatDate: iso(now()),
      writingBatch: undefined,
      ...(error && { error: error as unknown as Record<string, unknown> }),
    });
    // What only a running job needs goes: its file, and its runs' claims.
    const claims = Array.from({ length: record.generation ?? 0 }, (_, n) => `${record._id}#${n + 1}`);
    await Promise.all([
      removeFile(records, record),
      claims.length && records().bulkRemove(dataJobClaims.id, claims, OWNER),
    ]).catch((e: unknown) =>
      console.warn(JSON.stringify({ msg: 'data jobs: could not remove a finished job file', error: String(e) })),
    );
    console.info(JSON.stringify({ msg: `data jobs: ${status.toLowerCase()}`, jobId: record._id, type: record.type }));
    return ended;
  }

  return {
    settings,
    batchSize: Math.min(settings.batchSize ?? MAX_BULK_ITEMS, MAX_BULK_ITEMS),
    leaseMs: settings.leaseMs ?? 60_000,
    maxRuns,
    now,
    records,
    queue,
    read,
    write,
    finish,
  };
}

/** A run's hold on a job: every write checks the run still holds it, and moves the heartbeat. */
export interface Holder {
  /** The job's record, while this run holds it (Superseded once it does not). */
  current(): Promise<JobRecord>;
  /** Writes `changes` to the job's record, while this run holds it. */
  update(changes: Partial<JobRecord>): Promise<JobRecord>;
}

/** A run that holds the job (generation `generation`): every write checks it still does, and moves the heartbeat. */
export function holder(ctx: JobsContext, jobId: string, generation: number): Holder {
  return {
    async current(): Promise<JobRecord> {
      const record = await ctx.read(jobId);
      if (!record || record.generation !== generation || record.status !== 'RUNNING') throw new Superseded(jobId);
      return record;
    },
    async update(changes: Partial<JobRecord>): Promise<JobRecord> {
      const record = await this.current();
      return ctx.write({ ...record, ...changes, heartbeatDate: iso(ctx.now()) });
    },
  };
}
