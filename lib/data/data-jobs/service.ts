import { randomUUID } from 'node:crypto';
import { CatalogueError, isCatalogueError } from '@/lib/core/errors';
import { dataErrors } from '../errors';
import { workOnce } from '../jobs';
import { OWNER } from '../permissions';
import type { DataItem } from '../model';
import { createJobsContext, DATA_JOBS_QUEUE, type DataJobsSettings } from './context';
import { storeFile } from './file-parts';
import type { ImportFormat } from './import-file';
import { dataJobs, type JobRecord, type WritePolicy } from './records';
import { runJob } from './run';
import { type DataJob, jobView } from './view';

// The data service's long operations as jobs (issue 32): an import of items into a collection, a truncate, a re-index,
// each a record in the site's own records (records.ts) worked by one worker per instance on the site's pg-boss queue
// (lib/data/jobs.ts). The record is the truth: any instance answers a job's status from it, and a run that takes a job
// over (its worker died: an instance killed or restarted) resumes from what it says. The shapes are Wix's: a Background
// Task's (`/cms/v1/tasks`: id, type, status NEW → RUNNING → COMPLETED | FAILED, startedAt, finishedAt, itemsSucceeded,
// itemsFailed, estimatedItemCount) with a Data Movement job's `progress { current, total }` and `error` (view.ts).
// Here: a job asked for, answered, and worked; a run of one is run.ts, each type's work its own file (import-job.ts,
// truncate-job.ts, reindex-job.ts), over the state they share (context.ts).

/** What a job is asked to do, once the request's envelope is read (rest.ts). */
export type JobSpec =
  | {
      type: 'IMPORT_ITEMS';
      dataCollectionId: string;
      writePolicy: WritePolicy;
      /** The file as the owner sent it: read (and its rows checked) by the job, as Wix's Data Movement reads one. */
      file: { text: string; name: string; format: ImportFormat };
    }
  | { type: 'TRUNCATE' | 'REINDEX'; dataCollectionId: string };

/** Who asked for a job: the owner, in one of their sessions. */
export interface Requester {
  sessionId?: string;
}

export function createDataJobs(settings: DataJobsSettings) {
  const ctx = createJobsContext(settings);
  const { leaseMs, records } = ctx;
  const run = (jobId: string) => runJob(ctx, jobId);

  return {
    /** Records the job (an import's file with it) and puts it on the queue; answers it as NEW. */
    async submit(spec: JobSpec, requester: Requester): Promise<DataJob> {
      if (spec.type === 'REINDEX' && !settings.indexes) {
        throw new CatalogueError(400, 'WDE0051', "REINDEX: this site cannot rebuild a collection's indexes yet");
      }
      const id = randomUUID();
      const fileParts = spec.type === 'IMPORT_ITEMS' ? await storeFile(records, id, spec.file.text) : 0;
      const record = (await records().insert(
        dataJobs.id,
        {
          _id: id,
          type: spec.type,
          status: 'NEW',
          dataCollectionId: spec.dataCollectionId,
          ...(spec.type === 'IMPORT_ITEMS' && {
            writePolicy: spec.writePolicy,
            format: spec.file.format,
            fileName: spec.file.name,
            fileParts,
          }),
          itemsSucceeded: 0,
          itemsSkipped: 0,
          itemsFailed: 0,
          generation: 0,
          requestedBy: 'owner',
          ...(requester.sessionId && { sessionId: requester.sessionId }),
        },
        OWNER,
      )) as JobRecord;
      try {
        await (await ctx.queue()).send(DATA_JOBS_QUEUE, { jobId: id });
      } catch (error) {
        await ctx
          .finish(record, 'FAILED', { code: 'WDE0053', description: 'the job queue is unavailable' })
          .catch(() => undefined);
        console.warn(JSON.stringify({ msg: 'data jobs: could not queue a job', error: String(error) }));
        throw dataErrors.unavailable();
      }
      console.info(
        JSON.stringify({ msg: 'data jobs: new', jobId: id, type: spec.type, collection: spec.dataCollectionId }),
      );
      return jobView(record);
    },

    /** The job as the API answers it; null for an id no job has. */
    async get(id: string): Promise<DataJob | null> {
      if (typeof id !== 'string' || id === '' || id.length > 100) return null;
      const record = await ctx.read(id).catch((error: unknown) => {
        // An id the service refuses as an id (WDE0002) names no job.
        if (isCatalogueError(error) && error.status < 500) return null;
        throw error;
      });
      return record ? jobView(record) : null;
    },

    run,

    /**
     * The worker of this instance (one job at a time), and every job left NEW or RUNNING asked for again: a stopped
     * instance's job stays active in the queue until it expires, and its record says where it got to. A job another
     * instance still runs is asked about again once its lease has passed, until it has ended.
     */
    async start(): Promise<void> {
      const boss = await ctx.queue();
      await workOnce<{ jobId: string }>(
        boss,
        DATA_JOBS_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: settings.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          if (!job) return;
          const outcome = await run(job.data.jobId);
          if (outcome === 'busy') {
            await boss.send(DATA_JOBS_QUEUE, job.data, { startAfter: Math.max(1, Math.ceil(leaseMs / 1000)) });
          }
        },
      );
      const { items } = await records().query(
        dataJobs.id,
        { filter: { status: { $in: ['NEW', 'RUNNING'] } }, limit: 1000 },
        OWNER,
      );
      for (const job of items as DataItem[]) await boss.send(DATA_JOBS_QUEUE, { jobId: job._id });
    },
  };
}

export type DataJobs = ReturnType<typeof createDataJobs>;
