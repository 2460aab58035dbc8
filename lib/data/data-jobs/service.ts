import { createHash, randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { CatalogueError, errors, isCatalogueError } from '@/lib/core/errors';
import type { DataClient } from '../client';
import { dataErrors } from '../errors';
import { ensureQueue, workOnce } from '../jobs';
import { OWNER } from '../permissions';
import type { DataIndex } from '../indexes/types';
import { type Caller, type DataItem, MAX_BULK_ITEMS } from '../types';
import { type ImportFormat, type ImportRow, readImportText, RowError } from './import-file';
import {
  dataJobClaims,
  dataJobFiles,
  dataJobs,
  type JobError,
  type JobRecord,
  type JobStatus,
  type JobType,
  type WritePolicy,
} from './records';

// The data service's long operations as jobs (issue 32): an import of items into a collection, a truncate, a re-index,
// each a record in the site's own records (records.ts) worked by one worker per instance on the site's pg-boss queue
// (lib/data/jobs.ts). The record is the truth: any instance answers a job's status from it, and a run that takes a job
// over (its worker died: an instance killed or restarted) resumes from what it says. The shapes are Wix's: a Background
// Task's (`/cms/v1/tasks`: id, type, status NEW → RUNNING → COMPLETED | FAILED, startedAt, finishedAt, itemsSucceeded,
// itemsFailed, estimatedItemCount) with a Data Movement job's `progress { current, total }` and `error`.

export const DATA_JOBS_QUEUE = 'data-jobs';

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

/** An index as a re-index asks for it again. */
type IndexRequest = Pick<DataIndex, 'name' | 'fields' | 'unique' | 'caseInsensitive'>;

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

/** How long the queue lets a job be active before giving it to another worker (pg-boss's default: 15 minutes). */
const QUEUE_EXPIRE_SECONDS = 120;

/** Indexes listed a page at a time. */
const INDEX_PAGE = 100;

/** How much of an import's file one record holds (characters; a record of the site's records stays small). */
export const FILE_PART_CHARS = 256 * 1024;

/**
 * The catalogue's answer for a job id no job has: 404 WDE0073, the catalogue's "does not exist" (a job is an item of
 * the service's own jobs collection), whatever the id looks like.
 */
export const unknownJob = (id: string) => errors.notFound(`no data job has the id "${id.slice(0, 100)}"`);

/** A job's record ended: the run stops, whoever ended it. */
class Superseded extends Error {
  override name = 'Superseded';
}

const iso = (date: Date) => date.toISOString();

/** An id for the import's row `index` of job `jobId`: the same in every run, so a batch written twice is one. */
export function importItemId(jobId: string, index: number): string {
  const hex = createHash('sha256').update(`data-job-item\n${jobId}\n${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The text in parts of at most `size` characters, never splitting a surrogate pair. */
export function fileParts(text: string, size = FILE_PART_CHARS): string[] {
  const parts: string[] = [];
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + size, text.length);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
    parts.push(text.slice(start, end));
    start = end;
  }
  return parts;
}

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

/** A failure as the job's error: a catalogue error keeps its code; anything else is the catalogue's WDE0053. */
function jobError(error: unknown): JobError {
  if (error instanceof RowError) {
    // A cell of the wrong kind is WDE0046 (a value the item cannot hold); a file that does not parse, WDE0004.
    return {
      code: error.wde ?? (error.message.startsWith('column "') ? 'WDE0046' : 'WDE0004'),
      description: `${error.where}: ${error.message}`,
      data: { where: error.where },
    };
  }
  if (isCatalogueError(error)) return { code: error.wde, description: error.message, data: { kind: error.code } };
  return { code: 'WDE0053', description: error instanceof Error ? error.message : String(error) };
}

/** Which of `ids` (at most 1000) the collection holds. */
async function storedIds(data: DataClient, collectionId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const { items } = await data.query(collectionId, { filter: { _id: { $in: ids } }, limit: ids.length }, OWNER);
  return new Set(items.map((item) => item._id));
}

/** Whether a run that failed so should be tried again (the database away, a bug) rather than fail the job now. */
const passing = (error: unknown) => !(error instanceof RowError) && !(isCatalogueError(error) && error.status < 500);

export function createDataJobs(settings: DataJobsSettings) {
  const batchSize = Math.min(settings.batchSize ?? MAX_BULK_ITEMS, MAX_BULK_ITEMS);
  const leaseMs = settings.leaseMs ?? 60_000;
  const maxRuns = settings.maxRuns ?? 10;
  const now = settings.now ?? (() => new Date());
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

  async function removeFile(record: JobRecord) {
    const ids = Array.from({ length: record.fileParts ?? 0 }, (_, n) => `${record._id}:${n}`);
    for (let i = 0; i < ids.length; i += MAX_BULK_ITEMS) {
      await records().bulkRemove(dataJobFiles.id, ids.slice(i, i + MAX_BULK_ITEMS), OWNER);
    }
  }

  async function readFile(record: JobRecord): Promise<string> {
    const parts: string[] = [];
    for (let n = 0; n < (record.fileParts ?? 0); n++) {
      const part = await records().get(dataJobFiles.id, `${record._id}:${n}`, OWNER);
      if (!part) throw new CatalogueError(500, 'WDE0053', `part ${n + 1} of the job's file is missing`);
      parts.push(String(part.text ?? ''));
    }
    return parts.join('');
  }

  /** Ends a job: COMPLETED, or FAILED with its error; its file goes. */
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
      removeFile(record),
      claims.length && records().bulkRemove(dataJobClaims.id, claims, OWNER),
    ]).catch((e: unknown) =>
      console.warn(JSON.stringify({ msg: 'data jobs: could not remove a finished job file', error: String(e) })),
    );
    console.info(JSON.stringify({ msg: `data jobs: ${status.toLowerCase()}`, jobId: record._id, type: record.type }));
    return ended;
  }

  /** A run that holds the job (generation `generation`): every write checks it still does, and moves the heartbeat. */
  function holder(jobId: string, generation: number) {
    return {
      async current(): Promise<JobRecord> {
        const record = await read(jobId);
        if (!record || record.generation !== generation || record.status !== 'RUNNING') throw new Superseded(jobId);
        return record;
      },
      async update(changes: Partial<JobRecord>): Promise<JobRecord> {
        const record = await this.current();
        return write({ ...record, ...changes, heartbeatDate: iso(now()) });
      },
    };
  }

  type Holder = ReturnType<typeof holder>;

  /**
   * An import: the file read and every row checked first (a bad row fails the job with nothing written), then a batch
   * at a time. Rows without `_id` get one derived from the job and the row, so a batch written again is the same items.
   * Before a batch the ids it would write are looked up: under INSERT a stored one fails the job (WDE0074) before the
   * batch is written, under SKIP_EXISTING those are left; `writingBatch` then says the batch may be half written, so a
   * run taking over writes only what is missing of it (the ids it found there are its own).
   */
  async function runImport(start: JobRecord, hold: Holder): Promise<JobRecord> {
    const data = settings.data();
    const collectionId = start.dataCollectionId!;
    const collection = data.collection(collectionId);
    if (!collection || collection.internal) throw dataErrors.unknownCollection(collectionId);
    const rows: ImportRow[] = readImportText(
      await readFile(start),
      start.fileName ?? 'upload',
      collection,
      start.format as ImportFormat,
    );
    const seen = new Map<string, string>();
    const items = rows.map(({ where, item }, index) => {
      const id = typeof item._id === 'string' ? item._id : importItemId(start._id, index);
      const first = seen.get(id);
      if (first) throw new RowError(where, `_id "${id}" is the _id of ${first} too`, 'WDE0074');
      seen.set(id, where);
      return { ...item, _id: id };
    });
    let record = await hold.update({ estimatedItemCount: items.length });
    const policy = record.writePolicy as WritePolicy;
    if (policy === 'TRUNCATE_BEFORE' && !record.truncatedBefore) {
      await data.truncate(collectionId, OWNER);
      record = await hold.update({ truncatedBefore: true });
    }
    for (let batch = record.batchesDone ?? 0; batch * batchSize < items.length; batch++) {
      await settings.beforeBatch?.(start._id, batch);
      record = await hold.current();
      const chunk = items.slice(batch * batchSize, (batch + 1) * batchSize);
      const ids = chunk.map((item) => item._id);
      const halfWritten = record.writingBatch === batch;
      if (policy === 'OVERWRITE') {
        await data.bulkSave(collectionId, chunk, OWNER);
        record = await hold.update({
          batchesDone: batch + 1,
          itemsSucceeded: (record.itemsSucceeded ?? 0) + chunk.length,
        });
        continue;
      }
      const stored = await storedIds(data, collectionId, ids);
      let skipped = record.writingSkipped ?? 0;
      if (!halfWritten) {
        if (stored.size && policy !== 'SKIP_EXISTING') {
          const id = ids.find((i) => stored.has(i))!;
          throw new RowError(seen.get(id)!, `an item with _id "${id}" already exists`, 'WDE0074');
        }
        skipped = stored.size;
        record = await hold.update({ writingBatch: batch, writingSkipped: skipped });
      }
      const missing = chunk.filter((item) => !stored.has(item._id));
      if (missing.length) await data.bulkInsert(collectionId, missing, OWNER);
      record = await hold.update({
        batchesDone: batch + 1,
        writingBatch: undefined,
        writingSkipped: undefined,
        itemsSucceeded: (record.itemsSucceeded ?? 0) + chunk.length - skipped,
        itemsSkipped: (record.itemsSkipped ?? 0) + skipped,
      });
    }
    return record;
  }

  /** A truncate: one call to the service (emptying again is the same), its count before as the job's size. */
  async function runTruncate(start: JobRecord, hold: Holder): Promise<JobRecord> {
    const data = settings.data();
    const collectionId = start.dataCollectionId!;
    const total = start.estimatedItemCount ?? (await data.count(collectionId, {}, OWNER));
    await hold.update({ estimatedItemCount: total });
    await data.truncate(collectionId, OWNER);
    return hold.update({ itemsSucceeded: total });
  }

  /** The newest index of that name (a dropped one stays listed a day beside the one made again), or null. */
  async function newest(indexes: JobIndexes, collectionId: string, name: string): Promise<DataIndex | null> {
    let found: DataIndex | null = null;
    for (let offset = 0; ; offset += INDEX_PAGE) {
      const page = await indexes.list(collectionId, { limit: INDEX_PAGE, offset }, OWNER);
      for (const index of page.indexes) if (index.name === name) found = index;
      if (!page.indexes.length || offset + INDEX_PAGE >= page.pagingMetadata.total) return found;
    }
  }

  /**
   * A re-index: each of the collection's indexes (as listed when the job started) dropped and made again, its build
   * waited for, one after another; the items counted are the indexes. One that does not build (a unique index over
   * data that repeats a value: WDE0113) is listed in `failures` and the job goes on, as a Wix Task's partial errors.
   * A run taking over redoes the index it stopped at, unless the one it had asked for is there (building or built).
   */
  async function runReindex(start: JobRecord, hold: Holder): Promise<JobRecord> {
    const indexes = settings.indexes?.();
    if (!indexes) throw new CatalogueError(400, 'WDE0051', "REINDEX: this site cannot rebuild a collection's indexes");
    const collectionId = start.dataCollectionId!;
    const pollMs = settings.indexPollMs ?? 500;
    let record = start;
    if (!Array.isArray(record.indexSpecs)) {
      const all: DataIndex[] = [];
      for (let offset = 0; ; offset += INDEX_PAGE) {
        const page = await indexes.list(collectionId, { limit: INDEX_PAGE, offset }, OWNER);
        all.push(...page.indexes);
        if (!page.indexes.length || offset + INDEX_PAGE >= page.pagingMetadata.total) break;
      }
      const specs: IndexRequest[] = all
        .filter((index) => index.status !== 'DROPPING' && index.status !== 'DROPPED')
        .map(({ name, fields, unique, caseInsensitive }) => ({ name, fields, unique, caseInsensitive }));
      record = await hold.update({ indexSpecs: specs, estimatedItemCount: specs.length, reindexStep: 0 });
    }
    const specs = record.indexSpecs as IndexRequest[];
    const until = async (done: (index: DataIndex | null) => boolean, name: string) => {
      for (;;) {
        const index = await newest(indexes, collectionId, name);
        if (done(index)) return index;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
        await hold.update({});
      }
    };
    for (let step = record.reindexStep ?? 0; step < specs.length; step++) {
      const spec = specs[step]!;
      record = await hold.current();
      let index = await newest(indexes, collectionId, spec.name);
      const asked = record.reindexPhase === 'creating' && (index?.status === 'BUILDING' || index?.status === 'ACTIVE');
      if (!asked) {
        record = await hold.update({ reindexPhase: 'dropping' });
        if (index && index.status !== 'DROPPING' && index.status !== 'DROPPED') {
          await indexes.drop(collectionId, spec.name, OWNER);
        }
        await until((i) => !i || i.status === 'DROPPED', spec.name);
        record = await hold.update({ reindexPhase: 'creating' });
        index = await indexes.create(collectionId, spec, OWNER);
      }
      index = await until((i) => i?.status !== 'BUILDING', spec.name);
      const built = index?.status === 'ACTIVE';
      const failure: JobError = {
        code: index?.failure?.code ?? 'WDE0112',
        description: `index "${spec.name}": ${index?.failure?.description ?? `${index?.status ?? 'gone'} after its build`}`,
        data: { index: spec.name, ...(index?.failure?.itemId && { itemId: index.failure.itemId }) },
      };
      record = await hold.update({
        reindexStep: step + 1,
        reindexPhase: undefined,
        itemsSucceeded: (record.itemsSucceeded ?? 0) + (built ? 1 : 0),
        itemsFailed: (record.itemsFailed ?? 0) + (built ? 0 : 1),
        ...(!built && { failures: [...((record.failures as JobError[]) ?? []), failure].slice(0, 100) }),
      });
    }
    return record;
  }

  /**
   * Takes job `jobId` if no live run holds it: NEW, or RUNNING with a heartbeat older than the lease. Answers `busy`
   * when another run holds it (the caller asks again later), `done` when there is nothing (more) to do.
   */
  async function run(jobId: string): Promise<'done' | 'busy'> {
    const record = await read(jobId);
    if (!record || record.status === 'COMPLETED' || record.status === 'FAILED') return 'done';
    const beat = Date.parse(record.heartbeatDate ?? '');
    if (record.status === 'RUNNING' && now().getTime() - beat < leaseMs) return 'busy';
    const generation = (record.generation ?? 0) + 1;
    if (generation > maxRuns) {
      await finish(record, 'FAILED', {
        code: 'WDE0053',
        description: `the job stopped ${maxRuns} times without finishing: ${record.lastError ?? 'its worker was lost'}`,
      });
      return 'done';
    }
    try {
      await records().insert(dataJobClaims.id, { _id: `${jobId}#${generation}`, jobId }, OWNER);
    } catch (error) {
      if (isCatalogueError(error) && error.wde === 'WDE0074') return 'busy';
      throw error;
    }
    let held = await write({
      ...record,
      status: 'RUNNING',
      generation,
      heartbeatDate: iso(now()),
      startedDate: record.startedDate ?? iso(now()),
    });
    const hold = holder(jobId, generation);
    try {
      if (held.type === 'IMPORT_ITEMS') held = await runImport(held, hold);
      else if (held.type === 'TRUNCATE') held = await runTruncate(held, hold);
      else held = await runReindex(held, hold);
      await finish(await hold.current(), 'COMPLETED');
    } catch (error) {
      if (error instanceof Superseded) return 'done';
      const latest = await hold.current().catch(() => null);
      if (!latest) return 'done';
      if (passing(error)) {
        // Tried again by the queue: the next run takes the job over at once (its heartbeat is let go).
        await write({ ...latest, lastError: String(error), heartbeatDate: new Date(0).toISOString() });
        throw error;
      }
      await finish(latest, 'FAILED', jobError(error));
    }
    return 'done';
  }

  return {
    /** Records the job (an import's file with it) and puts it on the queue; answers it as NEW. */
    async submit(spec: JobSpec, requester: Requester): Promise<DataJob> {
      if (spec.type === 'REINDEX' && !settings.indexes) {
        throw new CatalogueError(400, 'WDE0051', "REINDEX: this site cannot rebuild a collection's indexes yet");
      }
      const id = randomUUID();
      const parts = spec.type === 'IMPORT_ITEMS' ? fileParts(spec.file.text) : [];
      const list = parts.map((text, part) => ({ _id: `${id}:${part}`, jobId: id, part, text }));
      for (let i = 0; i < list.length; i += MAX_BULK_ITEMS) {
        await records().bulkInsert(dataJobFiles.id, list.slice(i, i + MAX_BULK_ITEMS), OWNER);
      }
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
            fileParts: parts.length,
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
        await (await queue()).send(DATA_JOBS_QUEUE, { jobId: id });
      } catch (error) {
        await finish(record, 'FAILED', { code: 'WDE0053', description: 'the job queue is unavailable' }).catch(
          () => undefined,
        );
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
      const record = await read(id).catch((error: unknown) => {
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
      const boss = await queue();
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
