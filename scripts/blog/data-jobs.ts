import { readFileSync } from 'node:fs';
import path from 'node:path';
import cliProgress from 'cli-progress';
import type { DataJob } from '@/lib/data';
import type { DataIo } from './data-io';
import type { DataCommand } from './data-args';
import { UsageError } from './errors';
import { type Answer, type OwnerSite, ownerSite, SiteCommandError } from './owner-site';

// `npm run blog -- data import <collection> <file> --job [--detach]` and `data job <id>`: the import as a job of the
// running site (SITE_URL), asked for as its owner (OWNER_PASSWORD, the site's: the CLI signs in as the dashboard's
// login does, and out again at the end). The file goes to POST /api/data/v2/jobs/import as it is; the site reads and
// checks it and writes it in batches, whatever happens to this process. Attached, the CLI follows the job (GET
// /api/data/v2/jobs/{id}) with a progress bar until it ends; --detach, or Ctrl-C, leaves it running, and
// `data job <id>` follows it again (a finished job: its outcome). Exit status: 0 COMPLETED (or detached); 2 bad
// input, a FAILED job whose rows or items the service refused; 1 the site unreachable or failing, a job FAILED on the
// site's side.

type JobCommand = Extract<DataCommand, { action: 'import' }> | Extract<DataCommand, { action: 'job' }>;

/** How often an attached CLI asks for the job. */
const POLL_MS = 500;
/** How long an attached CLI keeps asking a site that does not answer (restarting, say) before it lets go. */
const UNREACHABLE_MS = 120_000;
const JOBS_PATH = '/api/data/v2/jobs';

const siteOf = (io: DataIo) => ownerSite(io, 'a job is asked for');
type Site = OwnerSite;

/** The media type a file is sent as: its name says CSV; else a JSON array, or JSON lines. */
function mediaType(file: string, text: string): string {
  if (path.extname(file).toLowerCase() === '.csv') return 'text/csv';
  return text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('[')
    ? 'application/json'
    : 'application/x-ndjson';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function collectionOf(job: DataJob): string {
  const options = job.importItemsOptions ?? job.truncateOptions ?? job.reindexOptions;
  return options?.dataCollectionId ?? '';
}

/** Where the job's progress shows: a bar on a terminal, else a line each time it moves. */
function progressOf(io: DataIo, job: DataJob) {
  const label = `${collectionOf(job)} (job ${job.id.slice(0, 8)})`;
  if (io.errStream?.isTTY) {
    let bar: cliProgress.SingleBar | undefined;
    return {
      show(next: DataJob) {
        if (next.progress.total === null) return;
        if (!bar) {
          bar = new cliProgress.SingleBar(
            { stream: io.errStream, format: `${label} [{bar}] {value}/{total} items, {percentage}%, ETA {eta}s` },
            cliProgress.Presets.shades_classic,
          );
          bar.start(next.progress.total, next.progress.current);
        }
        bar.setTotal(next.progress.total);
        bar.update(next.progress.current);
      },
      stop: () => bar?.stop(),
    };
  }
  let last = '';
  return {
    show(next: DataJob) {
      const { current, total } = next.progress;
      const line = `${label}: ${next.status}${total === null ? '' : `, ${current}/${total} items`}`;
      if (line !== last) io.err(line);
      last = line;
    },
    stop: () => {},
  };
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const wake = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    signal?.addEventListener('abort', wake, { once: true });
  });

const reattach = (id: string) => `"npm run blog -- data job ${id}" follows it again`;

/**
 * Follows the job until it ends (or `signal` aborts: the job runs on). A site that stops answering for a while (a
 * restart: the job resumes there) is asked again; one that answers the job is gone is an error.
 */
async function follow(site: Site, id: string, io: DataIo, signal?: AbortSignal): Promise<DataJob | undefined> {
  let bar: ReturnType<typeof progressOf> | undefined;
  let failingSince: number | undefined;
  try {
    for (;;) {
      let answer: Answer | undefined;
      try {
        answer = await site.call('GET', `${JOBS_PATH}/${encodeURIComponent(id)}`);
      } catch (error) {
        if (!(error instanceof SiteCommandError)) throw error;
      }
      if (answer && answer.status === 200) {
        failingSince = undefined;
        const job = answer.body.job as DataJob;
        bar ??= progressOf(io, job);
        bar.show(job);
        if (job.status === 'COMPLETED' || job.status === 'FAILED') return job;
      } else if (answer && answer.status < 500) {
        throw site.refused(answer, `job ${id}`);
      } else {
        failingSince ??= Date.now();
        if (Date.now() - failingSince > UNREACHABLE_MS) {
          throw new SiteCommandError(
            `${site.siteUrl} has not answered for a while; the job goes on there: ${reattach(id)}`,
            1,
          );
        }
      }
      await sleep(io.jobPollMs ?? POLL_MS, signal);
      if (signal?.aborted) return undefined;
    }
  } finally {
    bar?.stop();
  }
}

/** The job's outcome as the CLI says it; its exit status. */
function outcome(job: DataJob, io: DataIo, file?: string): number {
  const collection = collectionOf(job);
  const { current, total } = job.progress;
  if (job.status === 'COMPLETED') {
    if (job.type === 'IMPORT_ITEMS') {
      const skipped = job.itemsSkipped ? `, ${job.itemsSkipped} left as stored (SKIP_EXISTING)` : '';
      io.out(
        `imported ${plural(job.itemsSucceeded, 'item')} into ${collection}${file ? ` from ${file}` : ''}` +
          `${skipped} (job ${job.id})`,
      );
    } else if (job.type === 'REINDEX') {
      io.out(
        `job ${job.id} (REINDEX of ${collection}): COMPLETED, ${job.itemsSucceeded} of ${total ?? 0} indexes rebuilt`,
      );
    } else {
      io.out(`job ${job.id} (${job.type} of ${collection}): COMPLETED, ${plural(job.itemsSucceeded, 'item')}`);
    }
    // A completed job's partial errors (an index that did not build): each said, and the status says so.
    for (const failure of job.failures ?? []) io.err(`blog: ${failure.code} ${failure.description}`);
    return job.failures?.length ? 2 : 0;
  }
  const error = job.error ?? { code: 'WDE0053', description: 'no reason given' };
  io.err(`blog: job ${job.id} FAILED: ${error.code} ${error.description}`);
  if (job.type === 'IMPORT_ITEMS') {
    io.err(
      job.itemsSucceeded
        ? `${job.itemsSucceeded} of ${total ?? current} items were written before it, none after`
        : 'nothing was written',
    );
  }
  return error.code === 'WDE0053' ? 1 : 2;
}

/** Until Ctrl-C: the job runs on at the site, and the CLI says how to follow it again. */
function interrupted(io: DataIo): { signal: AbortSignal; done: () => void } {
  if (io.jobSignal) return { signal: io.jobSignal, done: () => {} };
  const controller = new AbortController();
  const onInt = () => controller.abort();
  process.once('SIGINT', onInt);
  return { signal: controller.signal, done: () => process.off('SIGINT', onInt) };
}

async function importJob(site: Site, command: Extract<DataCommand, { action: 'import' }>, io: DataIo) {
  const { collection, file, save, detach } = command;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  await site.signIn();
  const query = new URLSearchParams({
    dataCollectionId: collection,
    writePolicy: save ? 'OVERWRITE' : 'INSERT',
    fileName: path.basename(file),
  });
  const answer = await site.call('POST', `${JOBS_PATH}/import?${query}`, {
    headers: { 'content-type': mediaType(file, text) },
    body: text,
  });
  if (answer.status !== 202) throw site.refused(answer, `${site.siteUrl} did not take the import`);
  const job = answer.body.job as DataJob;
  io.out(`job ${job.id}: the import of ${file} into ${collection} at ${site.siteUrl} (${job.status})`);
  if (detach) {
    io.out(`detached: the job goes on at the site; ${reattach(job.id)}`);
    return 0;
  }
  return attach(site, job.id, io, file);
}

async function attach(site: Site, id: string, io: DataIo, file?: string): Promise<number> {
  const { signal, done } = interrupted(io);
  try {
    const job = await follow(site, id, io, signal);
    if (!job) {
      io.out(`detached: the job goes on at the site; ${reattach(id)}`);
      return 0;
    }
    return outcome(job, io, file);
  } finally {
    done();
  }
}

/** Runs an import as a job of the site, or follows a job; prints every error as one line, answers the exit status. */
export async function runDataJob(command: JobCommand, io: DataIo): Promise<number> {
  const site = siteOf(io);
  try {
    if (command.action === 'import') return await importJob(site, command, io);
    await site.signIn();
    return await attach(site, command.id, io);
  } catch (error) {
    if (error instanceof SiteCommandError) {
      io.err(`blog: ${error.message}`);
      return error.status;
    }
    throw error;
  } finally {
    await site.signOut();
  }
}
