import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { ContentFolder } from '@/lib/blog/tools';
import { readConfig } from '@/lib/core/config';
import { servedBy } from '@/lib/platform';
import type { DataIo } from '../data-io';
import { UsageError } from '../errors';
import { cliSettings } from '../settings';
import { applyBundle } from '@/lib/transfer/tools';
import { exportSite } from '@/lib/transfer/tools';
import { formatReport } from '@/lib/transfer/tools';
import { openRecords } from './command-records';
import { importIntoWix } from './command-wix';
import { readSource, type SourceChoice } from '@/lib/transfer/tools';

// `npm run blog -- import FILE|FOLDER [--from KIND] [--member ID] [--dry-run]` and `export FOLDER`: the commands
// around apply.ts, wix-target.ts and export.ts. The import reads the export (detect.ts says which platform wrote it)
// and writes it where the environment's blog is (servedBy('blog', readConfig(io.env))):
// - the local platform: the content folder, and the comments and subscribers into the site's records when it can
//   open them: DATABASE_URL's database, or DATA_DIR's when no running site holds it (else those are skipped, said
//   so, and a later run with the site stopped adds them);
// - a Wix site: its Blog, through applyBundleToWix with an SDK client of the site's API key (WIX_API_KEY,
//   WIX_SITE_ID; WIX_API_BASE_URL reroutes it, as every Wix client of the site). Wix takes no writer of the export's:
//   every new post is written by one member of the site, `--member ID` (checked: members.getMember), else the site's
//   owner when Wix can tell (userMember.queryUserMembers: the site's members who are Wix users; one of them is the
//   owner); else the run stops, asking for --member. Paid posts are for the site's public pricing plans
//   (plans.listPublicPlans, as lib/plans/wix.ts lists them). The old addresses' redirects go into the content folder
//   (BLOG_CONTENT_DIR), the table the site serves in front of Wix (lib/core/redirects.ts). Comments and subscribers
//   stay out (wix-target.ts says why). `--dry-run` reads the site and writes nothing, there as here.

export const IMPORT_USAGE = `import FILE|FOLDER [--from wordpress|ghost|substack|medium|markdown] [--member ID] [--dry-run]
  WordPress's export (.xml, with its wp-content/uploads beside it), Ghost's (.json or its folder), Substack's (.zip),
  Medium's (.zip or its folder), a folder of Markdown files. Run it again: it updates what it made, nothing twice.
  Into the content folder; on a Wix site (WIX_API_KEY and WIX_SITE_ID), into its Blog: the media into its Media
  Manager, new posts written by the member --member ID (default: the site's owner, when Wix can tell), paid posts
  for its pricing plans, the old addresses' redirects into the content folder; comments and subscribers stay out.
export FOLDER
  Every post as Markdown with its media, a WordPress export (wordpress.xml), and the members and subscribers as CSV.`;

const KINDS = ['wordpress', 'ghost', 'substack', 'medium', 'markdown'] as const;
/** The import's flags that take a value. */
const VALUE_FLAGS = ['--from', '--member'] as const;

interface ImportArgs {
  target?: string;
  from?: SourceChoice;
  member?: string;
  dryRun: boolean;
}

function parseImport(argv: string[]): ImportArgs {
  const values = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if ((VALUE_FLAGS as readonly string[]).includes(arg)) {
      const value = argv[++i];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg} needs a value: ${IMPORT_USAGE}`);
      values.set(arg, value);
    } else if (!arg.startsWith('--')) positional.push(arg);
  }
  const from = values.get('--from');
  if (from !== undefined && !KINDS.includes(from as SourceChoice)) {
    throw new UsageError(`--from takes one of ${KINDS.join(', ')}`);
  }
  const member = values.get('--member')?.trim();
  if (values.has('--member') && !member) throw new UsageError('--member takes the id of a member of the Wix site');
  return { target: positional[0], from: from as SourceChoice | undefined, member, dryRun: argv.includes('--dry-run') };
}

/** How far the posts are: a bar on a terminal; else a line every PROGRESS_EVERY posts (none for a small export). */
const PROGRESS_EVERY = 500;

function progress(io: DataIo, total: number) {
  if (io.errStream?.isTTY && total > 0) {
    const bar = new cliProgress.SingleBar(
      { stream: io.errStream, format: 'posts [{bar}] {value}/{total}, {percentage}%, ETA {eta}s' },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0);
    return { step: (done: number) => bar.update(done), stop: () => bar.stop() };
  }
  return {
    step: (done: number, of: number) => {
      if (of > PROGRESS_EVERY && (done % PROGRESS_EVERY === 0 || done === of)) io.err(`posts: ${done}/${of}`);
    },
    stop: () => {},
  };
}

export async function runImport(argv: string[], io: DataIo): Promise<number> {
  const { target, from, member, dryRun } = parseImport(argv);
  if (!target) throw new UsageError(`import needs a file or folder: ${IMPORT_USAGE}`);
  if (!existsSync(target)) throw new UsageError(`no file or folder ${target}`);
  const c = readConfig(io.env);
  if (servedBy('blog', c) === 'wix') return await importIntoWix(target, from, c, io, { member, dryRun });
  if (member) {
    throw new UsageError(
      '--member names the writer of the posts imported into a Wix site: here the import writes the content folder ' +
        "(with the export's own writers)",
    );
  }
  const bundle = await readSource(target, from);
  const { contentDir: configured, siteUrl } = cliSettings(io.env);
  // A new site's folder is made for it; a dry run into one reads an empty folder instead, and writes nothing.
  let contentDir = configured;
  if (!existsSync(path.join(configured, 'posts'))) {
    if (dryRun) contentDir = await mkdtemp(path.join(tmpdir(), 'blog-import-dry-'));
    await mkdir(path.join(contentDir, 'posts'), { recursive: true });
  }
  const opened = await openRecords(io, 'import');
  try {
    const bar = progress(io, bundle.posts.length);
    const report = await applyBundle(bundle, {
      folder: new ContentFolder(contentDir),
      siteUrl,
      dryRun,
      records: opened.records,
      recordsMissing: opened.missing,
      paidPlanIds: opened.plans,
      onProgress: bar.step,
    });
    bar.stop();
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
  const opened = await openRecords(io, 'export');
  try {
    const report = await exportSite({
      folder: new ContentFolder(contentDir),
      out,
      records: opened.records?.client,
      siteUrl,
    });
    io.out(JSON.stringify(report, null, 2));
    if (opened.missing) io.err(`blog: ${opened.missing}`);
    return 0;
  } finally {
    await opened.close();
  }
}
