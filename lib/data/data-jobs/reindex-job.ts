import { CatalogueError } from '@/lib/core/errors';
import type { DataIndex } from '../indexes/types';
import { OWNER } from '../permissions';
import type { Holder, JobIndexes, JobsContext } from './context';
import type { JobError, JobRecord } from './records';

// A REINDEX job's work: each of the collection's indexes dropped and made again in turn, through the site's indexes
// (lib/data/indexes), the step it got to recorded so a run taking over goes on from there.

/** An index as a re-index asks for it again. */
type IndexRequest = Pick<DataIndex, 'name' | 'fields' | 'unique' | 'caseInsensitive'>;

/** Indexes listed a page at a time. */
const INDEX_PAGE = 100;

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
export async function runReindex(ctx: JobsContext, start: JobRecord, hold: Holder): Promise<JobRecord> {
  const indexes = ctx.settings.indexes?.();
  if (!indexes) throw new CatalogueError(400, 'WDE0051', "REINDEX: this site cannot rebuild a collection's indexes");
  const collectionId = start.dataCollectionId!;
  const pollMs = ctx.settings.indexPollMs ?? 500;
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
