import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { type Config, readConfig } from '@/lib/core/config';
import {
  createDataClient,
  createEmbeddedBackend,
  createPostgresBackend,
  MIGRATIONS,
  recordBackup,
  siteBackups,
} from '@/lib/data/tools';
import { servedBy } from '@/lib/platform';
import {
  ARCHIVE_FORMAT,
  type Entry,
  isEmptyFolder,
  MANIFEST,
  type Manifest,
  pgTool,
  readArchive,
  safePath,
} from './archive';
import type { DataIo } from './data-io';
import { UsageError } from './errors';

// `npm run blog -- restore FILE`: a backup (backup.ts) brought back onto an empty DATA_DIR (the embedded database's
// folder, or DATA_DIR's keys beside DATABASE_URL's empty database) and, when it holds one, an empty content folder.
// Everything is checked before anything is written: a folder or database that holds anything, an archive of the
// other kind of database, or data from a newer release is refused, and nothing changes. The folders are written under
// a temporary name beside their place and renamed into it once whole; a Postgres dump is restored in one transaction.
// The restored data is then opened (its log replayed, its migrations applied) and records the backup it came from.

/** A restore that would overwrite something, or cannot be done here: said, and nothing changed. */
export class Refused extends Error {
  override name = 'Refused';
}

const nothingChanged = 'nothing was changed';

async function readAll(entry: Entry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function manifestOf(text: string, file: string): Manifest {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(text) as Partial<Manifest>;
  } catch {
    throw new UsageError(`${file} is not a backup of this site: its backup.json is not JSON`);
  }
  if (manifest.format !== ARCHIVE_FORMAT || (manifest.kind !== 'embedded' && manifest.kind !== 'postgres')) {
    throw new UsageError(`${file} is not a backup this release reads (format ${String(manifest.format)})`);
  }
  return manifest as Manifest;
}

/** Whether DATABASE_URL's database holds any table, view or sequence of its own. */
async function databaseHoldsData(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace ' +
        "where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' " +
        "and n.nspname not like 'pg\\_temp%' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')",
    );
    return (rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/** Every reason not to restore here, checked before anything is written. */
async function check(c: Config, manifest: Manifest, dataDir: string, contentDir: string): Promise<void> {
  const known = MIGRATIONS.at(-1)?.id ?? 0;
  if (manifest.migration > known) {
    throw new Refused(
      `the backup's data was migrated by a newer release (migration ${manifest.migration}; this one knows up to ` +
        `${known}): restore it with that release; ${nothingChanged}`,
    );
  }
  const records = servedBy('records', c);
  if (manifest.kind === 'embedded' && records === 'postgres') {
    throw new Refused(
      `the backup holds the embedded database, but DATABASE_URL is set: unset it to restore into DATA_DIR; ${nothingChanged}`,
    );
  }
  if (manifest.kind === 'postgres' && records !== 'postgres') {
    throw new Refused(
      `the backup holds a Postgres database: set DATABASE_URL to an empty database to restore it; ${nothingChanged}`,
    );
  }
  if (!(await isEmptyFolder(dataDir))) {
    throw new Refused(
      `${dataDir} (DATA_DIR) is not empty: a backup is restored onto an empty folder only, and ${nothingChanged}. ` +
        'Point DATA_DIR at a new folder (or move this one away), then run the restore again',
    );
  }
  if (manifest.kind === 'postgres' && (await databaseHoldsData(c.databaseUrl!))) {
    throw new Refused(
      `DATABASE_URL's database is not empty: a backup is restored into an empty database only, and ${nothingChanged}. ` +
        'Create a new database (createdb) and point DATABASE_URL at it, then run the restore again',
    );
  }
  if (manifest.content && !(await isEmptyFolder(contentDir))) {
    throw new Refused(
      `${contentDir} (BLOG_CONTENT_DIR) is not empty: the backup's content folder is restored onto an empty folder ` +
        `only, and ${nothingChanged}. Point BLOG_CONTENT_DIR at a new folder, then run the restore again`,
    );
  }
}

/** Puts a whole folder written beside its place into it (the place is missing or empty, as checked). */
async function moveInto(staging: string, target: string) {
  if (existsSync(target)) await rmdir(target);
  await rename(staging, target);
}

/** Writes an entry under `root` (created on first use): files as `fileMode`, folders as `folderMode`. */
async function writeEntry(entry: Entry, root: string, rel: string, modes: { file?: number; folder: number }) {
  const at = path.join(root, rel);
  if (entry.header.type === 'directory') {
    entry.resume();
    await mkdir(at, { recursive: true, mode: modes.folder });
    return;
  }
  if (entry.header.type !== 'file') {
    entry.resume();
    return;
  }
  await mkdir(path.dirname(at), { recursive: true, mode: modes.folder });
  const mode = modes.file ?? (entry.header.mode ?? 0o644) & 0o777;
  await pipeline(Readable.from(entry), createWriteStream(at, { mode }));
}

export async function runRestore(file: string, io: DataIo): Promise<number> {
  const c = readConfig(io.env);
  if (!existsSync(file)) throw new UsageError(`${file} does not exist`);
  const dataDir = path.resolve(c.dataDir);
  const contentDir = path.resolve(c.contentDir);
  const entries = readArchive(file)[Symbol.asyncIterator]();
  const first = await entries.next().catch(() => {
    throw new UsageError(`${file} is not a backup of this site (not a gzipped tar)`);
  });
  if (first.done || first.value.header.name !== MANIFEST) {
    throw new UsageError(`${file} is not a backup of this site (it does not start with ${MANIFEST})`);
  }
  let manifest: Manifest;
  try {
    manifest = manifestOf(await readAll(first.value), file);
    await check(c, manifest, dataDir, contentDir);
  } catch (error) {
    await entries.return?.();
    throw error;
  }

  const suffix = `.restoring-${process.pid}`;
  const staging = { data: `${dataDir}${suffix}`, content: `${contentDir}${suffix}` };
  const temp = await mkdtemp(path.join(tmpdir(), 'blog-restore-'));
  const dump = path.join(temp, 'database.dump');
  try {
    await mkdir(staging.data, { recursive: true, mode: 0o700 });
    if (manifest.content) await mkdir(staging.content, { recursive: true, mode: 0o755 });
    for (let next = await entries.next(); !next.done; next = await entries.next()) {
      const entry = next.value;
      const rel = safePath(entry.header.name);
      if (rel === null) throw new UsageError(`${file} names a path outside its folders: ${entry.header.name}`);
      const [top, ...restParts] = rel.split('/');
      const rest = restParts.join('/');
      if (rel === 'database.dump' && manifest.kind === 'postgres') {
        await pipeline(Readable.from(entry), createWriteStream(dump));
      } else if (top === 'data' && rest) await writeEntry(entry, staging.data, rest, { file: 0o600, folder: 0o700 });
      else if (top === 'content' && rest && manifest.content) {
        await writeEntry(entry, staging.content, rest, { folder: 0o755 });
      } else entry.resume();
    }
    if (manifest.kind === 'embedded' && !existsSync(path.join(staging.data, 'PG_VERSION'))) {
      throw new UsageError(`${file} holds no database folder (no data/PG_VERSION)`);
    }
    if (manifest.kind === 'postgres') {
      if (!existsSync(dump)) throw new UsageError(`${file} holds no database.dump`);
      await pgTool(
        'pg_restore',
        ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', '--no-password', dump],
        c.databaseUrl!,
      );
    }
    await mkdir(path.dirname(dataDir), { recursive: true });
    await moveInto(staging.data, dataDir);
    if (manifest.content) {
      await mkdir(path.dirname(contentDir), { recursive: true });
      await moveInto(staging.content, contentDir);
    }
  } finally {
    await rm(temp, { recursive: true, force: true });
    for (const dir of Object.values(staging)) await rm(dir, { recursive: true, force: true });
  }

  // Opened once: the snapshot's log replayed, the migrations since its release applied; and the backup recorded.
  const backend = manifest.kind === 'postgres' ? createPostgresBackend(c.databaseUrl!) : createEmbeddedBackend(dataDir);
  const client = createDataClient({ backend, collections: [siteBackups] });
  try {
    const { size } = await stat(file);
    const { takenAt, kind, content } = manifest;
    await recordBackup(client, { takenAt, bytes: size, kind, content, restoredAt: new Date().toISOString() });
  } finally {
    await client.close();
  }
  const files = manifest.content ? (await readdir(contentDir, { recursive: true })).length : 0;
  io.out(
    `restored ${file} (taken at ${manifest.takenAt}): the ${manifest.kind === 'postgres' ? 'Postgres database into DATABASE_URL' : `embedded database into ${dataDir}`}` +
      (manifest.content ? `; the content folder into ${contentDir} (${files} entries)` : ''),
  );
  return 0;
}
