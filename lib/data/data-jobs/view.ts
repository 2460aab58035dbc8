import { errors } from '@/lib/core/errors';
import type { ImportFormat } from './import-file';
import type { JobError, JobRecord, JobStatus, JobType, WritePolicy } from './records';

// A job as the JSON API answers it, read from its record: Wix's Background Task's shape (id, type, status,
// startedAt, finishedAt, itemsSucceeded, itemsFailed, estimatedItemCount) with a Data Movement job's
// `progress { current, total }` and `error`.

/** A job as the JSON API answers it (GET /api/data/v2/jobs/{id}). */
export interface DataJob {
  id: string;
  type: JobType;
  status: JobStatus;
  importItemsOptions?: { dataCollectionId: string; writePolicy: WritePolicy; format: ImportFormat; fileName: string };
  truncateOptions?: { dataCollectionId: string };
  reindexOptions?: { dataCollectionId: string };
  requestedBy: 'OWNER';
  createdDate: string;
  updatedDate: string;
  /** Empty while NEW. */
  startedAt?: string;
  /** Empty until COMPLETED or FAILED. */
  finishedAt?: string;
  /** Items handled so far (written, skipped or failed) of `total` (null until known: an import reads its file). */
  progress: { current: number; total: number | null };
  estimatedItemCount?: number;
  itemsSucceeded: number;
  itemsSkipped: number;
  itemsFailed: number;
  /** Why a FAILED job failed. */
  error?: JobError;
  /** What failed of a COMPLETED job (a re-index: each index that did not build), as Wix's Task lists them. */
  failures?: JobError[];
}

/**
 * The catalogue's answer for a job id no job has: 404 WDE0073, the catalogue's "does not exist" (a job is an item of
 * the service's own jobs collection), whatever the id looks like.
 */
export const unknownJob = (id: string) => errors.notFound(`no data job has the id "${id.slice(0, 100)}"`);

/** The answer's shape of a record. */
export function jobView(record: JobRecord): DataJob {
  const type = record.type as JobType;
  const dataCollectionId = record.dataCollectionId ?? '';
  const handled = (record.itemsSucceeded ?? 0) + (record.itemsSkipped ?? 0) + (record.itemsFailed ?? 0);
  return {
    id: record._id,
    type,
    status: (record.status ?? 'NEW') as JobStatus,
    ...(type === 'IMPORT_ITEMS' && {
      importItemsOptions: {
        dataCollectionId,
        writePolicy: record.writePolicy as WritePolicy,
        format: record.format as ImportFormat,
        fileName: record.fileName ?? '',
      },
    }),
    ...(type === 'TRUNCATE' && { truncateOptions: { dataCollectionId } }),
    ...(type === 'REINDEX' && { reindexOptions: { dataCollectionId } }),
    requestedBy: 'OWNER',
    createdDate: record._createdDate,
    updatedDate: record._updatedDate,
    ...(record.startedDate && { startedAt: record.startedDate }),
    ...(record.finishedDate && { finishedAt: record.finishedDate }),
    progress: { current: handled, total: record.estimatedItemCount ?? null },
    ...(record.estimatedItemCount !== undefined && { estimatedItemCount: record.estimatedItemCount }),
    itemsSucceeded: record.itemsSucceeded ?? 0,
    itemsSkipped: record.itemsSkipped ?? 0,
    itemsFailed: record.itemsFailed ?? 0,
    ...(record.status === 'FAILED' && record.error && { error: record.error as unknown as JobError }),
    ...((record.failures?.length ?? 0) > 0 && { failures: record.failures as JobError[] }),
  };
}
