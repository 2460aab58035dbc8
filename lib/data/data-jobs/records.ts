import { defineCollection, OWNER_ONLY } from '../collections';
import type { ItemOf } from '../model';

// Where the data service's jobs keep their state, in the site's own records (internal collections: the JSON API
// answers their names as unknown), so every instance answers a job's status and a restarted one resumes it.

/** The seed's async job statuses, as Wix's Background Tasks name them (`NEW`, `RUNNING`, `COMPLETED`, `FAILED`). */
export type JobStatus = 'NEW' | 'RUNNING' | 'COMPLETED' | 'FAILED';

/** What a job does: import items into a collection, empty it, rebuild its indexes. */
export type JobType = 'IMPORT_ITEMS' | 'TRUNCATE' | 'REINDEX';

/**
 * How an import writes an item whose `_id` is stored already. OVERWRITE, SKIP_EXISTING and TRUNCATE_BEFORE are Wix's
 * Data Movement write policies (OVERWRITE its default); INSERT is the data service's insert (`data import` without
 * --save): such an item fails the job (WDE0074), the items of the batches before it stay written.
 */
export type WritePolicy = 'INSERT' | 'OVERWRITE' | 'SKIP_EXISTING' | 'TRUNCATE_BEFORE';
export const WRITE_POLICIES: readonly WritePolicy[] = ['INSERT', 'OVERWRITE', 'SKIP_EXISTING', 'TRUNCATE_BEFORE'];

/**
 * One job. `generation` counts the runs that claimed it (a claim record each, `data-job-claims`): a run whose
 * generation is no longer the record's stops. `heartbeatDate` moves with every batch: a RUNNING job whose heartbeat is
 * older than the lease has lost its worker, and the next run takes it over. An import records `batchesDone` after
 * each batch and `writingBatch` before one, so a run that takes over knows which batch may be half written.
 */
export const dataJobs = defineCollection({
  id: 'data-jobs',
  internal: true,
  fields: {
    type: { type: 'text' },
    status: { type: 'text', indexed: true },
    dataCollectionId: { type: 'text' },
    writePolicy: { type: 'text' },
    format: { type: 'text' },
    fileName: { type: 'text' },
    fileParts: { type: 'number' },
    estimatedItemCount: { type: 'number' },
    itemsSucceeded: { type: 'number' },
    itemsSkipped: { type: 'number' },
    itemsFailed: { type: 'number' },
    batchesDone: { type: 'number' },
    writingBatch: { type: 'number' },
    writingSkipped: { type: 'number' },
    truncatedBefore: { type: 'boolean' },
    /**
     * A re-index: the collection's indexes as they were asked for when it started (name, fields, unique,
     * caseInsensitive), rebuilt one after another; `reindexStep` the next one, `reindexPhase` where in it a run got to
     * (`dropping`: the old one may still stand; `creating`: the new one is asked for).
     */
    indexSpecs: { type: 'array' },
    reindexStep: { type: 'number' },
    reindexPhase: { type: 'text' },
    /** What went wrong with single items (a re-index: an index that did not build), as Wix's Task `failures`. */
    failures: { type: 'array' },
    generation: { type: 'number' },
    heartbeatDate: { type: 'datetime' },
    startedDate: { type: 'datetime' },
    finishedDate: { type: 'datetime' },
    /** Wix's ApplicationError: `{ code, description, data }` (code: the catalogue's WDE code). */
    error: { type: 'object' },
    /** The last failure a run was retried after (the database unavailable, a worker lost). */
    lastError: { type: 'text' },
    /** Who asked: the owner (the only one who may), and the session they asked in. */
    requestedBy: { type: 'text' },
    sessionId: { type: 'text' },
  },
  permissions: OWNER_ONLY,
});

/** An import's file as the owner sent it, in parts (`_id` `{jobId}:{n}`), removed once the job has finished. */
export const dataJobFiles = defineCollection({
  id: 'data-job-files',
  internal: true,
  fields: { jobId: { type: 'text', indexed: true }, part: { type: 'number' }, text: { type: 'text' } },
  permissions: OWNER_ONLY,
});

/** A run's claim on a job (`_id` `{jobId}#{generation}`): of two runs taking a job over, the one that inserts it. */
export const dataJobClaims = defineCollection({
  id: 'data-job-claims',
  internal: true,
  fields: { jobId: { type: 'text', indexed: true } },
  permissions: OWNER_ONLY,
});

export const DATA_JOB_COLLECTIONS = [dataJobs, dataJobFiles, dataJobClaims];

export type JobRecord = ItemOf<typeof dataJobs>;

/** Wix's ApplicationError, as a failed job carries it. */
export interface JobError {
  code: string;
  description: string;
  data?: Record<string, unknown>;
}
