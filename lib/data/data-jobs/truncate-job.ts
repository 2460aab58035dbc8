import { OWNER } from '../permissions';
import type { Holder, JobsContext } from './context';
import type { JobRecord } from './records';

// A TRUNCATE job's work: the collection emptied, in one call to the service.

/** A truncate: one call to the service (emptying again is the same), its count before as the job's size. */
export async function runTruncate(ctx: JobsContext, start: JobRecord, hold: Holder): Promise<JobRecord> {
  const data = ctx.settings.data();
  const collectionId = start.dataCollectionId!;
  const total = start.estimatedItemCount ?? (await data.count(collectionId, {}, OWNER));
  await hold.update({ estimatedItemCount: total });
  await data.truncate(collectionId, OWNER);
  return hold.update({ itemsSucceeded: total });
}
