import { isCatalogueError } from '@/lib/core/errors';
import { OWNER } from '../permissions';
import { holder, iso, type JobsContext, Superseded } from './context';
import { RowError } from './import-file';
import { runImport } from './import-job';
import { dataJobClaims, type JobError } from './records';
import { runReindex } from './reindex-job';
import { runTruncate } from './truncate-job';

// One run of a job, as the queue's worker asks for it: the job claimed (a new generation, its claim record), its
// type's work done (import-job.ts, truncate-job.ts, reindex-job.ts), and the job ended, failed, or left for the
// queue to try again.

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

/** Whether a run that failed so should be tried again (the database away, a bug) rather than fail the job now. */
const passing = (error: unknown) => !(error instanceof RowError) && !(isCatalogueError(error) && error.status < 500);

/**
 * Takes job `jobId` if no live run holds it: NEW, or RUNNING with a heartbeat older than the lease. Answers `busy`
 * when another run holds it (the caller asks again later), `done` when there is nothing (more) to do.
 */
export async function runJob(ctx: JobsContext, jobId: string): Promise<'done' | 'busy'> {
  const { leaseMs, maxRuns, now } = ctx;
  const record = await ctx.read(jobId);
  if (!record || record.status === 'COMPLETED' || record.status === 'FAILED') return 'done';
  const beat = Date.parse(record.heartbeatDate ?? '');
  if (record.status === 'RUNNING' && now().getTime() - beat < leaseMs) return 'busy';
  const generation = (record.generation ?? 0) + 1;
  if (generation > maxRuns) {
    await ctx.finish(record, 'FAILED', {
      code: 'WDE0053',
      description: `the job stopped ${maxRuns} times without finishing: ${record.lastError ?? 'its worker was lost'}`,
    });
    return 'done';
  }
  try {
    await ctx.records().insert(dataJobClaims.id, { _id: `${jobId}#${generation}`, jobId }, OWNER);
  } catch (error) {
    if (isCatalogueError(error) && error.wde === 'WDE0074') return 'busy';
    throw error;
  }
  let held = await ctx.write({
    ...record,
    status: 'RUNNING',
    generation,
    heartbeatDate: iso(now()),
    startedDate: record.startedDate ?? iso(now()),
  });
  const hold = holder(ctx, jobId, generation);
  try {
    if (held.type === 'IMPORT_ITEMS') held = await runImport(ctx, held, hold);
    else if (held.type === 'TRUNCATE') held = await runTruncate(ctx, held, hold);
    else held = await runReindex(ctx, held, hold);
    await ctx.finish(await hold.current(), 'COMPLETED');
  } catch (error) {
    if (error instanceof Superseded) return 'done';
    const latest = await hold.current().catch(() => null);
    if (!latest) return 'done';
    if (passing(error)) {
      // Tried again by the queue: the next run takes the job over at once (its heartbeat is let go).
      await ctx.write({ ...latest, lastError: String(error), heartbeatDate: new Date(0).toISOString() });
      throw error;
    }
    await ctx.finish(latest, 'FAILED', jobError(error));
  }
  return 'done';
}
