import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type PgBoss from 'pg-boss';
import { CatalogueError } from '@/lib/core/errors';
import { ensureQueue, workOnce } from '@/lib/data';
import type { DataClient } from '@/lib/data/tools';
import { OWNER } from '@/lib/data/types';
import { type ImportRecord, TRANSFER_COLLECTIONS, transferImportFiles, transferImports } from './import-records';

export { TRANSFER_COLLECTIONS, transferImportFiles, transferImports };
import type { ImportReport } from './report';
import { type Bundle, ImportError } from './types';
import type { ImportJobView, ImportStatus, ImportStep } from './view';

// The dashboard's imports as jobs on the site's queue (issue 48): the file as the owner sent it kept in the site's
// records (in parts, as base64, until the job ends), the job's record the truth every instance answers from (its step,
// its progress, its report), and one worker per instance. A job whose worker died (an instance killed or restarted) is
// delivered again by the queue after its expiry, or asked for again at the next start, and run again from the start:
// the import is keyed by the export's ids (ids.ts), so a second run finishes what the first began and leaves what it
// made. A run takes a job only when no other holds it (a heartbeat younger than LEASE_MS).

export const TRANSFER_QUEUE = 'transfer-import';

/** How long a run's heartbeat holds its job: a job RUNNING with an older one has lost its worker. */
const LEASE_MS = 2 * 60_000;
/** How long an import asked for may wait for a worker before another may be asked for (the workers may be down). */
const WAITING_MS = 10 * 60_000;
/** How often a run writes its progress (and heartbeat) while it works. */
const PROGRESS_MS = 1000;
/** One record's share of the file (base64 characters): a record of the site's records stays small. */
const PART_CHARS = 256 * 1024;
/** The jobs the dashboard lists. */
const RECENT = 10;

/** What a run of an import does with the export's file, once read: write it (or preview it), telling its progress. */
export type ImportRunner = (
  read: () => Promise<Bundle>,
  options: { dryRun: boolean; onProgress: (done: number, total: number) => void },
) => Promise<ImportReport>;

export interface ImportJobsSettings {
  records: () => DataClient;
  queue: () => Promise<PgBoss>;
  /** Reads the file in `file` (the owner's name kept) into a Bundle, a zipped folder unpacked in `dir`. */
  readFile: (file: string, dir: string) => Promise<Bundle>;
  run: ImportRunner;
  /** Where a run keeps the file while it reads it (a folder of its own inside, removed after). */
  workDir: string;
  now?: () => Date;
  pollingIntervalSeconds?: number;
}

/** The file's name as it is kept: its last segment, without what a path or a shell would read. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(-120);
  return clean.replace(/^\.+/, '') || 'export';
}

const iso = (date: Date) => date.toISOString();

/** The job as the owner's screens and API show it. */
export function importView(record: ImportRecord): ImportJobView {
  return {
    id: record._id,
    fileName: record.fileName ?? '',
    dryRun: record.dryRun ?? false,
    status: (record.status ?? 'NEW') as ImportStatus,
    step: (record.step ?? 'queued') as ImportStep,
    progress: { current: record.done ?? 0, total: record.total ?? null },
    createdDate: record._createdDate,
    ...(record.startedDate && { startedDate: record.startedDate }),
    ...(record.finishedDate && { finishedDate: record.finishedDate }),
    ...(record.report && { report: reportView(record.report as unknown as ImportReport) }),
    ...(record.status === 'FAILED' && { error: record.error ?? 'the import failed' }),
  };
}

/** The report without the worst post's missing words (they may quote a paid post's text): counts and shares. */
function reportView(report: ImportReport): NonNullable<ImportJobView['report']> {
  return {
    source: report.source,
    dryRun: report.dryRun,
    counts: report.counts,
    warnings: report.warnings,
    remoteMedia: report.remoteMedia,
    coverage: { mean: report.coverage.mean, worst: report.coverage.worst },
  };
}

/** A failure as the owner reads it: an export the import cannot read says why; anything else says where to look. */
function failureText(error: unknown): string {
  if (error instanceof ImportError || error instanceof CatalogueError) return error.message;
  return 'the import stopped on an error of this site (its log has the details); nothing it wrote is lost, and importing the file again finishes it';
}

export function createImportJobs(settings: ImportJobsSettings) {
  const { records, queue } = settings;
  const now = settings.now ?? (() => new Date());
  const read = async (id: string) => (await records().get(transferImports.id, id, OWNER)) as ImportRecord | null;
  const write = async (record: ImportRecord) =>
    (await records().update(transferImports.id, record, OWNER)) as ImportRecord;

  async function storeFile(id: string, bytes: Uint8Array): Promise<number> {
    const text = Buffer.from(bytes).toString('base64');
    const parts: { _id: string; jobId: string; part: number; text: string }[] = [];
    for (let at = 0, n = 0; at < text.length || n === 0; at += PART_CHARS, n++) {
      parts.push({ _id: `${id}:${n}`, jobId: id, part: n, text: text.slice(at, at + PART_CHARS) });
    }
    for (let i = 0; i < parts.length; i += 100) {
      await records().bulkInsert(transferImportFiles.id, parts.slice(i, i + 100), OWNER);
    }
    return parts.length;
  }

  async function loadFile(record: ImportRecord): Promise<Buffer> {
    const parts: string[] = [];
    for (let n = 0; n < (record.fileParts ?? 0); n++) {
      const part = await records().get(transferImportFiles.id, `${record._id}:${n}`, OWNER);
      if (!part) throw new Error(`part ${n + 1} of the import's file is missing`);
      parts.push(String(part.text ?? ''));
    }
    return Buffer.from(parts.join(''), 'base64');
  }

  async function removeFile(record: ImportRecord): Promise<void> {
    const ids = Array.from({ length: record.fileParts ?? 0 }, (_, n) => `${record._id}:${n}`);
    for (let i = 0; i < ids.length; i += 100) {
      await records().bulkRemove(transferImportFiles.id, ids.slice(i, i + 100), OWNER);
    }
  }

  async function finish(record: ImportRecord, status: 'COMPLETED' | 'FAILED', extra: Partial<ImportRecord>) {
    const ended = await write({ ...record, ...extra, status, step: 'done', finishedDate: iso(now()) });
    await removeFile(ended).catch(() => undefined);
    return ended;
  }

  /** An import another tab or instance started and no worker has ended: asked for lately, or held by a live run. */
  async function underWay(): Promise<ImportRecord | null> {
    const { items } = await records().query(
      transferImports.id,
      { filter: { status: { $in: ['NEW', 'RUNNING'] } }, limit: 10 },
      OWNER,
    );
    const at = now().getTime();
    return (
      (items as ImportRecord[]).find((job) =>
        job.status === 'NEW'
          ? at - Date.parse(job._createdDate) < WAITING_MS
          : at - Date.parse(job.heartbeatDate ?? '') < LEASE_MS,
      ) ?? null
    );
  }

  /** One run of job `id`: `busy` when another run holds it (asked again later). */
  async function run(id: string): Promise<'done' | 'busy'> {
    let record = await read(id);
    if (!record || record.status === 'COMPLETED' || record.status === 'FAILED') return 'done';
    const beat = Date.parse(record.heartbeatDate ?? '');
    if (record.status === 'RUNNING' && now().getTime() - beat < LEASE_MS) return 'busy';
    record = await write({
      ...record,
      status: 'RUNNING',
      step: 'reading',
      runs: (record.runs ?? 0) + 1,
      heartbeatDate: iso(now()),
      startedDate: record.startedDate ?? iso(now()),
    });
    await mkdir(settings.workDir, { recursive: true });
    const dir = await mkdtemp(path.join(settings.workDir, `${id}-`));
    let progress = { done: record.done ?? 0, total: record.total ?? 0 };
    let writing: Promise<unknown> = Promise.resolve();
    const beatTimer = setInterval(() => {
      const { done, total } = progress;
      writing = writing
        .then(async () => {
          record = await write({ ...record!, step: 'writing', done, total, heartbeatDate: iso(now()) });
        })
        .catch(() => undefined);
    }, PROGRESS_MS);
    try {
      const file = path.join(dir, 'upload', safeFileName(record.fileName ?? 'export'));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, await loadFile(record));
      const report = await settings.run(() => settings.readFile(file, path.join(dir, 'unpacked')), {
        dryRun: record.dryRun ?? false,
        onProgress: (done, total) => (progress = { done, total }),
      });
      clearInterval(beatTimer);
      await writing;
      const posts = Object.values(report.counts.post ?? {}).reduce((sum, n) => sum + n, 0);
      await finish(record, 'COMPLETED', {
        report: report as unknown as Record<string, unknown>,
        done: progress.done || posts,
        total: progress.total || posts,
      });
      console.info(JSON.stringify({ msg: 'transfer: import ended', jobId: id, dryRun: record.dryRun ?? false }));
    } catch (error) {
      clearInterval(beatTimer);
      await writing;
      console.error(JSON.stringify({ msg: 'transfer: import failed', jobId: id, error: String(error) }));
      await finish(record, 'FAILED', { error: failureText(error) });
    } finally {
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
    return 'done';
  }

  return {
    /** Keeps the file, records the job and puts it on the queue; answers it as NEW. */
    async submit(file: { name: string; bytes: Uint8Array }, dryRun: boolean): Promise<ImportJobView> {
      const under = await underWay();
      if (under) {
        throw new CatalogueError(
          409,
          'WDE9409',
          `the import of ${under.fileName} is under way: wait for it to end, then import this one`,
        );
      }
      const id = randomUUID();
      const fileParts = await storeFile(id, file.bytes);
      const record = (await records().insert(
        transferImports.id,
        { _id: id, fileName: safeFileName(file.name), dryRun, status: 'NEW', step: 'queued', fileParts, runs: 0 },
        OWNER,
      )) as ImportRecord;
      try {
        await (await queue()).send(TRANSFER_QUEUE, { jobId: id });
      } catch (error) {
        await finish(record, 'FAILED', { error: 'the job queue is unavailable' }).catch(() => undefined);
        console.warn(JSON.stringify({ msg: 'transfer: could not queue an import', error: String(error) }));
        throw new CatalogueError(503, 'WDE0053', "the site's job queue is unavailable: try the import again shortly");
      }
      console.info(JSON.stringify({ msg: 'transfer: import queued', jobId: id, dryRun }));
      return importView(record);
    },

    /** The job as the owner's API answers it; null for an id no job has. */
    async get(id: string): Promise<ImportJobView | null> {
      if (!/^[0-9a-f-]{36}$/.test(id)) return null;
      const record = await read(id);
      return record ? importView(record) : null;
    },

    /** The latest jobs, newest first. */
    async recent(): Promise<ImportJobView[]> {
      const { items } = await records().query(
        transferImports.id,
        { sort: [{ fieldName: '_createdDate', order: 'DESC' }], limit: RECENT },
        OWNER,
      );
      return (items as ImportRecord[]).map(importView);
    },

    run,

    /** This instance's worker (one import at a time), and every job left NEW or RUNNING asked for again. */
    async start(): Promise<void> {
      const boss = await queue();
      // A job whose worker died comes back after its expiry (an import of thousands of posts takes minutes).
      await ensureQueue(boss, TRANSFER_QUEUE, { policy: 'standard', expireInSeconds: 60 * 60, retryLimit: 3 });
      await workOnce<{ jobId: string }>(
        boss,
        TRANSFER_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: settings.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          if (!job) return;
          if ((await run(job.data.jobId)) === 'busy') {
            await boss.send(TRANSFER_QUEUE, job.data, { startAfter: Math.ceil(LEASE_MS / 1000) });
          }
        },
      );
      const { items } = await records().query(
        transferImports.id,
        { filter: { status: { $in: ['NEW', 'RUNNING'] } }, limit: 1000 },
        OWNER,
      );
      for (const job of items as ImportRecord[]) await boss.send(TRANSFER_QUEUE, { jobId: job._id });
    },
  };
}

export type ImportJobs = ReturnType<typeof createImportJobs>;
