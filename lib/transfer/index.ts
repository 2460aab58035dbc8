import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ContentFolder } from '@/lib/blog/tools';
import { config } from '@/lib/core/config';
import { processSingleton } from '@/lib/core/process-singleton';
import { datedRecordsClient, recordsClient, siteJobs } from '@/lib/data';
import { servedBy } from '@/lib/platform';
import { applyBundle } from './apply';
import { createImportJobs, type ImportJobs, type ImportRunner, TRANSFER_COLLECTIONS } from './import-jobs';
import { IMPORT_COLLECTIONS, importRecords, offeredPlanIds } from './records';
import { ImportError } from './types';
import { readUpload } from './upload';
import { importIntoWixSite } from './wix-import';

// Moving a blog in and out (issue 48). The importers and exporters (sources/, apply.ts, export.ts, wix-target.ts)
// write and read what they are handed; here the server hands them its own: the content folder's writer on the
// site's content directory (as the owner's desk opens it: the folder's watcher then tells every instance what
// changed, and the redirects' table is read again by the proxy), and a client of the site's own records whose clock
// the import sets (a comment keeps its date). The dashboard's upload is a job on the site's queue (import-jobs.ts),
// worked by one worker per instance, started with the others (instrumentation.ts). The CLI opens its own stores
// (scripts/blog/transfer) and reaches the same pieces through tools.ts.

export { importEnded, IMPORT_ACCEPT, MAX_IMPORT_BYTES, type ImportJobView } from './view';
export { ImportError } from './types';

/** An import into the site's content folder and records, as the CLI's import into its own. */
const importLocally: ImportRunner = async (read, { dryRun, onProgress }) => {
  const c = config();
  const bundle = await read();
  if (bundle.posts.length + bundle.people.length + bundle.comments.length === 0) {
    throw new ImportError(`the ${bundle.source} export holds no posts, members or comments: was it exported whole?`);
  }
  await mkdir(path.join(c.contentDir, 'posts'), { recursive: true });
  let at = new Date();
  const client = datedRecordsClient(() => at, ...IMPORT_COLLECTIONS);
  return applyBundle(bundle, {
    folder: new ContentFolder(c.contentDir),
    siteUrl: c.siteUrl,
    dryRun,
    records: importRecords(client, (date) => (at = date)),
    paidPlanIds: await offeredPlanIds(client),
    onProgress,
  });
};

/** An import into the Wix site's Blog, through its API key (as the CLI's): comments and subscribers stay out. */
const importAtWix: ImportRunner = async (read, { dryRun, onProgress }) => {
  const c = config();
  const warnings: string[] = [];
  const report = await importIntoWixSite(await read(), {
    wix: c.wix,
    siteUrl: c.siteUrl,
    contentDir: c.contentDir,
    dryRun,
    memberHint:
      'import with `npm run blog -- import FILE --member ID` (a member of the site: the writer of every post)',
    onProgress,
    warn: (message) => warnings.push(message),
  });
  report.warnings.push(...warnings.map((message) => ({ item: 'site', message })));
  return report;
};

/** The site's imports, one service per process (its worker and the owner's routes share it). */
export function siteImports(): ImportJobs {
  return processSingleton('transfer-imports', () =>
    createImportJobs({
      records: () => recordsClient(...TRANSFER_COLLECTIONS),
      queue: siteJobs,
      readFile: readUpload,
      run: (read, options) => (servedBy('blog') === 'wix' ? importAtWix : importLocally)(read, options),
      workDir: path.join(tmpdir(), 'blog-imports'),
    }),
  );
}

/** At the server's start: this instance's import worker (instrumentation.ts). */
export async function startImports(): Promise<void> {
  await mkdir(path.join(tmpdir(), 'blog-imports'), { recursive: true });
  await siteImports().start();
}
