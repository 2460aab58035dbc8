import { createHash } from 'node:crypto';
import type { DataClient } from '../client';
import { dataErrors } from '../errors';
import { OWNER } from '../permissions';
import type { Holder, JobsContext } from './context';
import { readFile } from './file-parts';
import { type ImportFormat, type ImportRow, readImportText, RowError } from './import-file';
import type { JobRecord, WritePolicy } from './records';

// An IMPORT_ITEMS job's work: the owner's file read and checked, then written into the collection a batch at a time
// under the job's write policy, recording how far it got so a run taking over resumes without duplicates.

/** An id for the import's row `index` of job `jobId`: the same in every run, so a batch written twice is one. */
export function importItemId(jobId: string, index: number): string {
  const hex = createHash('sha256').update(`data-job-item\n${jobId}\n${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Which of `ids` (at most 1000) the collection holds. */
async function storedIds(data: DataClient, collectionId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const { items } = await data.query(collectionId, { filter: { _id: { $in: ids } }, limit: ids.length }, OWNER);
  return new Set(items.map((item) => item._id));
}

/**
 * An import: the file read and every row checked first (a bad row fails the job with nothing written), then a batch
 * at a time. Rows without `_id` get one derived from the job and the row, so a batch written again is the same items.
 * Before a batch the ids it would write are looked up: under INSERT a stored one fails the job (WDE0074) before the
 * batch is written, under SKIP_EXISTING those are left; `writingBatch` then says the batch may be half written, so a
 * run taking over writes only what is missing of it (the ids it found there are its own).
 */
export async function runImport(ctx: JobsContext, start: JobRecord, hold: Holder): Promise<JobRecord> {
  const { batchSize, settings } = ctx;
  const data = settings.data();
  const collectionId = start.dataCollectionId!;
  const collection = data.collection(collectionId);
  if (!collection || collection.internal) throw dataErrors.unknownCollection(collectionId);
  const rows: ImportRow[] = readImportText(
    await readFile(ctx.records, start),
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
