import { defineCollection, type ItemOf, OWNER_ONLY } from '@/lib/data/types';

// Where the dashboard's imports keep their state, in the site's own records (internal collections, the owner's only):
// each job's record, the truth every instance answers from, and its file in parts until the job ends
// (import-jobs.ts).

export const transferImports = defineCollection({
  id: 'transfer-imports',
  internal: true,
  fields: {
    fileName: { type: 'text' },
    dryRun: { type: 'boolean' },
    status: { type: 'text', indexed: true },
    step: { type: 'text' },
    fileParts: { type: 'number' },
    done: { type: 'number' },
    total: { type: 'number' },
    heartbeatDate: { type: 'datetime' },
    startedDate: { type: 'datetime' },
    finishedDate: { type: 'datetime' },
    report: { type: 'object' },
    error: { type: 'text' },
    runs: { type: 'number' },
  },
  permissions: OWNER_ONLY,
});

export const transferImportFiles = defineCollection({
  id: 'transfer-import-files',
  internal: true,
  fields: { jobId: { type: 'text', indexed: true }, part: { type: 'number' }, text: { type: 'text' } },
  permissions: OWNER_ONLY,
});

export const TRANSFER_COLLECTIONS = [transferImports, transferImportFiles];

export type ImportRecord = ItemOf<typeof transferImports>;
