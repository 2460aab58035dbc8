import { existsSync } from 'node:fs';
import path from 'node:path';
import { readConfig } from '@/lib/core/config';
import { createDataClient, createEmbeddedBackend, createPostgresBackend, DataFolderBusyError } from '@/lib/data/tools';
import type { DataIo } from '../data-io';
import { IMPORT_COLLECTIONS, importRecords, type ImportRecords, offeredPlanIds } from '@/lib/transfer/tools';

// The site's records as the import and the export open them: DATABASE_URL's database, or DATA_DIR's when no running
// site holds it; else what was skipped, and why, for the report.

const SKIPPED = {
  import: 'comments and subscribers were not imported',
  export: 'members and subscribers were not exported',
};

export interface Opened {
  records?: ImportRecords;
  missing?: string;
  plans: string[];
  close(): Promise<void>;
}

/** The site's records, for comments, subscribers and plans; what they could not be opened for, otherwise. */
export async function openRecords(io: DataIo, purpose: 'import' | 'export'): Promise<Opened> {
  const c = readConfig(io.env);
  const dataDir = path.resolve(c.dataDir);
  if (!c.databaseUrl && !existsSync(path.join(dataDir, 'PG_VERSION')) && !io.openBackend) {
    return {
      missing: `${dataDir} (DATA_DIR) holds no database yet: start the site once, then ${purpose} again`,
      plans: [],
      close: async () => {},
    };
  }
  let at = new Date();
  const backend = c.databaseUrl
    ? createPostgresBackend(c.databaseUrl)
    : (io.openBackend?.(dataDir) ?? createEmbeddedBackend(dataDir, { waitMs: 0, log: () => {} }));
  const client = createDataClient({
    backend,
    collections: IMPORT_COLLECTIONS,
    now: () => at,
  });
  try {
    return {
      records: importRecords(client, (date) => (at = date)),
      plans: await offeredPlanIds(client),
      close: () => client.close(),
    };
  } catch (error) {
    await client.close().catch(() => undefined);
    if (!(error instanceof DataFolderBusyError)) throw error;
    return {
      missing:
        `the running site (${error.holder}) holds ${dataDir}: ${SKIPPED[purpose]}; stop it (or use DATABASE_URL) ` +
        `and run the ${purpose} again`,
      plans: [],
      close: async () => {},
    };
  }
}
