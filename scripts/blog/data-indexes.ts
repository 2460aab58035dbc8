import { CatalogueError } from '@/lib/core/errors';
import { createDataIndexes, type DataBackend, type DataClient, type DataIndex } from '@/lib/data/tools';
import { OWNER } from '@/lib/data/types';

// `npm run blog -- data indexes create|list|drop ...`: the collections' indexes (lib/data/indexes: Wix Data's Create,
// List and Drop Index) on DATA_DIR's database, as the owner, the way /api/data/v2/indexes makes them. The database
// builds an index after create answers it BUILDING, and drops it after drop marks it DROPPING: the CLI waits for that
// end (ACTIVE, FAILED or DROPPED) before it closes the database, and says each status as it goes (stderr); the index
// as it ends is printed as JSON (stdout). A FAILED build exits as the service's errors do: 2 when the data broke it
// (Wix's WDE0113, a value repeated under a unique index; WDE0114), 1 otherwise.

export type IndexesCommand =
  | {
      action: 'indexes';
      op: 'create';
      collection: string;
      name: string;
      fields: { path: string; order: 'ASC' | 'DESC' }[];
      unique: boolean;
      caseInsensitive: boolean;
    }
  | { action: 'indexes'; op: 'list'; collection: string }
  | { action: 'indexes'; op: 'drop'; collection: string; name: string };

interface IndexesIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const show = (index: unknown) => JSON.stringify(index, null, 2);
/** Wix's failure codes the data causes (a repeated value, a value too large): the CLI's "bad input". */
const DATA_FAILURES = new Set(['WDE0113', 'WDE0114']);

export async function runIndexes(backend: DataBackend, client: DataClient, command: IndexesCommand, io: IndexesIo) {
  const indexes = createDataIndexes({ backend, collection: (id) => client.collection(id) });
  const said = (index: Pick<DataIndex, 'name' | 'status'>) =>
    io.err(`index ${index.name} of ${command.collection}: ${index.status}`);

  /** Waits for the database's build or drop, then answers the index as it ended. */
  async function ended(name: string): Promise<DataIndex> {
    await indexes.settled();
    const index = await indexes.find(command.collection, name, OWNER);
    if (!index) throw new Error(`the index ${name} of ${command.collection} is no longer listed`);
    said(index);
    io.out(show(index));
    return index;
  }

  switch (command.op) {
    case 'create': {
      const { collection, name, fields, unique, caseInsensitive } = command;
      said(await indexes.create(collection, { name, fields, unique, caseInsensitive }, OWNER));
      const index = await ended(name);
      if (index.status === 'FAILED' && index.failure) {
        const { code, description, itemId } = index.failure;
        throw new CatalogueError(
          DATA_FAILURES.has(code) ? 409 : 500,
          code,
          `${description}${itemId ? ` (item ${itemId})` : ''}`,
        );
      }
      return;
    }
    case 'list': {
      let total = 0;
      let shown = 0;
      for (let offset = 0; ;) {
        const page = await indexes.list(command.collection, { limit: 1000, offset }, OWNER);
        for (const index of page.indexes) io.out(JSON.stringify(index));
        total = page.pagingMetadata.total;
        shown += page.indexes.length;
        offset += page.indexes.length;
        if (!page.indexes.length || offset >= total) break;
      }
      io.err(`${shown} index${shown === 1 ? '' : 'es'} of ${command.collection}`);
      return;
    }
    case 'drop': {
      await indexes.drop(command.collection, command.name, OWNER);
      said({ name: command.name, status: 'DROPPING' });
      await ended(command.name);
      return;
    }
  }
}

/** `field,-field` (or several words): ascending, or descending with a leading `-`, as `--sort` reads them. */
export function indexFields(words: string[]): { path: string; order: 'ASC' | 'DESC' }[] {
  return words
    .flatMap((word) => word.split(','))
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) =>
      s.startsWith('-') ? { path: s.slice(1), order: 'DESC' } : { path: s.replace(/^\+/, ''), order: 'ASC' },
    );
}
