import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ContentFolder } from '@/lib/blog/tools';
import { readConfig } from '@/lib/core/config';
import {
  createDataClient,
  createEmbeddedBackend,
  createPostgresBackend,
  DataFolderBusyError,
  subscribers,
} from '@/lib/data/tools';
import { OWNER } from '@/lib/data/types';
import { postComments } from '@/lib/comments/tools';
import { pricingPlans } from '@/lib/plans/tools';
import type { DataIo } from '../data-io';
import { UsageError } from '../errors';
import { cliSettings } from '../settings';
import { applyBundle } from './apply';
import { exportSite } from './export';
import { formatReport } from './report';
import type { ImportRecords } from './records';
import { readSource, type SourceChoice } from './detect';

// `npm run blog -- import FILE|FOLDER [--from KIND] [--dry-run]` and `export FOLDER`: the commands around apply.ts and
// export.ts. The import reads the export (detect.ts says which platform wrote it), writes the content folder, and the
// comments and subscribers into the site's records when it can open them: DATABASE_URL's database, or DATA_DIR's
// when no running site holds it (else those are skipped, said so, and a later run with the site stopped adds them).

export const IMPORT_USAGE = `import FILE|FOLDER [--from wordpress|ghost|substack|medium|markdown] [--dry-run]
  WordPress's export (.xml, with its wp-content/uploads beside it), Ghost's (.json or its folder), Substack's (.zip),
  Medium's (.zip or its folder), a folder of Markdown files. Run it again: it updates what it made, nothing twice.
export FOLDER
  Every post as Markdown with its media, a WordPress export (wordpress.xml), and the members and subscribers as CSV.`;

const KINDS = ['wordpress', 'ghost', 'substack', 'medium', 'markdown'] as const;

interface Opened {
  records?: ImportRecords;
  missing?: string;
  plans: string[];
  close(): Promise<void>;
}

/** The site's records, for comments, subscribers and plans; what they could not be opened for, otherwise. */
async function openRecords(io: DataIo): Promise<Opened> {
  const c = readConfig(io.env);
  const dataDir = path.resolve(c.dataDir);
  if (!c.databaseUrl && !existsSync(path.join(dataDir, 'PG_VERSION')) && !io.openBackend) {
    return {
      missing: `${dataDir} (DATA_DIR) holds no database yet: start the site once, then import again`,
      plans: [],
      close: async () => {},
    };
  }
  let at = new Date();
  const backend = c.databaseUrl
    ? createPostgresBackend(c.databaseUrl)
    : (io.openBackend?.(dataDir) ?? createEmbeddedBackend(dataDir, { waitMs: 0, log: () => {} }));
  const client = createDataClient({ backend, collections: [postComments, subscribers, pricingPlans], now: () => at });
  try {
    const { items } = await client.query(pricingPlans.id, { limit: 100 }, OWNER);
    return {
      records: { client, stampWith: (date) => (at = date) },
      plans: items.map((item) => item._id),
      close: () => client.close(),
    };
  } catch (error) {
    await client.close().catch(() => undefined);
    if (!(error instanceof DataFolderBusyError)) throw error;
    return {
      missing: `the running site (${error.holder}) holds ${dataDir}: comments and subscribers were not imported; stop it (or use DATABASE_URL) and run the import again`,
      plans: [],
      close: async () => {},
    };
  }
}

export async function runImport(argv: string[], io: DataIo): Promise<number> {
  const dryRun = argv.includes('--dry-run');
  const fromAt = argv.indexOf('--from');
  const from = fromAt >= 0 ? argv[fromAt + 1] : undefined;
  if (from !== undefined && !KINDS.includes(from as SourceChoice)) {
    throw new UsageError(`--from takes one of ${KINDS.join(', ')}`);
  }
  const target = argv.filter((arg, i) => !arg.startsWith('--') && (fromAt < 0 || i !== fromAt + 1))[0];
  if (!target) throw new UsageError(`import needs a file or folder: ${IMPORT_USAGE}`);
  if (!existsSync(target)) throw new UsageError(`no file or folder ${target}`);
  const bundle = await readSource(target, from as SourceChoice | undefined);
  const { contentDir: configured, siteUrl } = cliSettings(io.env);
  // A new site's folder is made for it; a dry run into one reads an empty folder instead, and writes nothing.
  let contentDir = configured;
  if (!existsSync(path.join(configured, 'posts'))) {
    if (dryRun) contentDir = await mkdtemp(path.join(tmpdir(), 'blog-import-dry-'));
    await mkdir(path.join(contentDir, 'posts'), { recursive: true });
  }
  const opened = await openRecords(io);
  try {
    const report = await applyBundle(bundle, {
      folder: new ContentFolder(contentDir),
      siteUrl,
      dryRun,
      records: opened.records,
      recordsMissing: opened.missing,
      paidPlanIds: opened.plans,
    });
    io.out(formatReport(report));
    return 0;
  } finally {
    await opened.close();
  }
}

export async function runExport(argv: string[], io: DataIo): Promise<number> {
  const out = argv.find((arg) => !arg.startsWith('--'));
  if (!out) throw new UsageError(`export needs a folder: ${IMPORT_USAGE}`);
  if (existsSync(out) && (!statSync(out).isDirectory() || (await readdir(out)).length)) {
    throw new UsageError(`${out} is not an empty folder: export into a new one`);
  }
  const { contentDir, siteUrl } = cliSettings(io.env);
  const opened = await openRecords(io);
  try {
    const report = await exportSite({
      folder: new ContentFolder(contentDir),
      out,
      records: opened.records?.client,
      siteUrl,
    });
    io.out(JSON.stringify(report, null, 2));
    if (opened.missing)
      io.err(
        `blog: ${opened.missing.replace('comments and subscribers were not imported', 'members and subscribers were not exported')}`,
      );
    return 0;
  } finally {
    await opened.close();
  }
}
