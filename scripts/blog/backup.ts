import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import { type Config, readConfig } from '@/lib/core/config';
import {
  appliedMigrations,
  type BackupRecord,
  createDataClient,
  createEmbeddedBackend,
  createPostgresBackend,
  DataFolderBusyError,
  recordBackup,
  siteBackups,
  takeSnapshot,
} from '@/lib/data/tools';
import { servedBy } from '@/lib/platform';
import {
  addFolder,
  ARCHIVE_FORMAT,
  type ArchiveWriter,
  type Entry,
  MANIFEST,
  type Manifest,
  pgTool,
  safePath,
  writeArchive,
} from './archive';
import type { DataIo } from './data-io';
import { UsageError } from './errors';
import { ownerSite, SiteCommandError } from './owner-site';
import { Refused, runRestore } from './restore';

// `npm run blog -- backup FILE` and `restore FILE` (docs/deploy.md, "Backups"). A backup is one archive (archive.ts)
// of the site's own records and, for the local source, its content folder, taken while the site runs and serves:
// - the embedded database: PGlite is one process's, so while a site holds DATA_DIR (its lock) the CLI asks it, as its
//   owner, for a snapshot (POST /api/owner/backup: PGlite's copy of its folder, taken while no statement runs); when no
//   process holds it, the CLI opens the folder and takes the same snapshot itself;
// - DATABASE_URL's database: pg_dump's custom format (one consistent snapshot of its own), and DATA_DIR's keys;
// - the content folder, file by file, without what the site derives from it (.index/).
// The last backup is then recorded in the site's records (`site-backups`), which the dashboard shows. Exit status: 0
// done; 2 bad input or a refusal (nothing changed); 1 a failure (the site, pg_dump, the disk).

export const BACKUP_USAGE = `Backups (docs/deploy.md):
  backup <file>    one archive (.tar.gz) of the site's records, taken while the site runs: the embedded database
                   (asked of the site at SITE_URL as its owner, OWNER_PASSWORD, while it holds DATA_DIR; else read
                   from DATA_DIR) or DATABASE_URL's (pg_dump), with the content folder for the local source
  restore <file>   brings an archive back onto an empty DATA_DIR (or DATABASE_URL's empty database) and an empty
                   BLOG_CONTENT_DIR; refuses anything else, changing nothing`;

const SNAPSHOT_PATH = '/api/owner/backup';
/** How long the CLI waits for the site's whole snapshot. */
const SNAPSHOT_TIMEOUT_MS = 10 * 60_000;
/** What is not copied from the embedded database's folder: this process's lock, the mail outbox. */
const NOT_DATA = (rel: string) =>
  rel === '.lock' || rel === 'postmaster.pid' || rel === 'outbox' || /^outbox\//.test(rel);
/** What the site derives from the content folder, and makes again. */
const DERIVED = (rel: string) => rel === '.index';

/** The records' snapshot, however it was taken, and where its record of the backup goes. */
interface Source {
  takenAt: string;
  migration: number;
  via: string;
  write(add: ArchiveWriter): Promise<void>;
  record(record: BackupRecord): Promise<void>;
  close(): Promise<void>;
}

export async function runBackup(argv: string[], io: DataIo): Promise<number> {
  const [command, file, ...rest] = argv;
  if (!file || rest.length) throw new UsageError(`${command} takes one file: npm run blog -- ${command} <file>`);
  try {
    return command === 'restore' ? await runRestore(path.resolve(file), io) : await backup(path.resolve(file), io);
  } catch (error) {
    if (error instanceof Refused) {
      io.err(`blog: ${error.message}`);
      return 2;
    }
    if (!(error instanceof SiteCommandError)) throw error;
    io.err(`blog: ${error.message}`);
    return error.status;
  }
}

async function backup(file: string, io: DataIo): Promise<number> {
  const c = readConfig(io.env);
  if (existsSync(file) && (await stat(file)).isDirectory()) throw new UsageError(`${file} is a folder, not a file`);
  const content = servedBy('blog', c) === 'local';
  const records = servedBy('records', c);
  const source = records === 'postgres' ? await postgresSource(c) : await embeddedSource(c, io);
  try {
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      kind: records,
      takenAt: source.takenAt,
      migration: source.migration,
      content,
    };
    let files = 0;
    const bytes = await writeArchive(file, async (add) => {
      await add.file(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
      await source.write(add);
      if (content) files = await addFolder(add, path.resolve(c.contentDir), 'content', DERIVED);
    });
    await source.record({ takenAt: source.takenAt, bytes, kind: records, content });
    io.out(
      `backup: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MiB): the ${records === 'postgres' ? 'Postgres' : 'embedded'} ` +
        `database ${source.via}, taken at ${source.takenAt}` +
        (content ? `; the content folder ${c.contentDir} (${files} files)` : ''),
    );
    return 0;
  } finally {
    await source.close();
  }
}

/** PGlite's tarball (the site's answer, or our own snapshot) into `data/`, less the lock and the outbox. */
async function addDataTarball(add: ArchiveWriter, gzipped: Readable) {
  const entries = extract();
  pipeline(gzipped, createGunzip(), entries as never).catch((error: unknown) => entries.destroy(error as Error));
  await add.folder('data');
  for await (const entry of entries as AsyncIterable<Entry>) {
    const rel = safePath(entry.header.name);
    if (rel === null) throw new Error(`the database's snapshot names a path outside its folder: ${entry.header.name}`);
    if (rel === '' || NOT_DATA(rel) || (entry.header.type !== 'file' && entry.header.type !== 'directory')) {
      entry.resume();
      continue;
    }
    if (entry.header.type === 'directory') {
      entry.resume();
      await add.folder(`data/${rel}`);
    } else {
      await add.stream(`data/${rel}`, entry.header.size, entry, 0o600, entry.header.mtime);
    }
  }
}

/** The embedded database: this process's own snapshot when the folder is free, else the running site's. */
async function embeddedSource(c: Config, io: DataIo): Promise<Source> {
  const dataDir = path.resolve(c.dataDir);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new UsageError(`${dataDir} (DATA_DIR) holds no database: nothing to back up`);
  }
  const client = createDataClient({
    backend: createEmbeddedBackend(dataDir, { waitMs: 0, log: () => {} }),
    collections: [siteBackups],
  });
  let holder: number;
  try {
    const { tarball, takenAt, migration } = await takeSnapshot(client);
    return {
      takenAt,
      migration,
      via: `from ${dataDir} (no site held it)`,
      write: (add) => addDataTarball(add, Readable.fromWeb(tarball.stream() as WebReadableStream)),
      record: (record) => recordBackup(client, record),
      close: () => client.close(),
    };
  } catch (error) {
    await client.close();
    if (!(error instanceof DataFolderBusyError)) throw error;
    holder = error.pid;
  }
  const site = ownerSite(io, `the site (process ${holder}) holds ${dataDir}: its backup is asked for`);
  await site.signIn();
  try {
    const response = await site.request(
      'POST',
      SNAPSHOT_PATH,
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' },
      SNAPSHOT_TIMEOUT_MS,
    );
    if (response.status !== 200 || !response.body) {
      const text = await response.text();
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = { error: { message: text.slice(0, 300) } };
      }
      throw site.refused({ status: response.status, body }, `${site.siteUrl} did not take the snapshot`);
    }
    const body = Readable.fromWeb(response.body as WebReadableStream);
    return {
      takenAt: response.headers.get('x-backup-taken-at') ?? new Date().toISOString(),
      migration: Number(response.headers.get('x-data-migration') ?? 0),
      via: `through the site at ${site.siteUrl} (process ${holder} holds ${dataDir})`,
      write: (add) => addDataTarball(add, body),
      async record(record) {
        const form = new URLSearchParams({
          takenAt: record.takenAt,
          bytes: String(record.bytes),
          content: String(record.content),
        });
        const answer = await site.call('PUT', SNAPSHOT_PATH, {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        });
        if (answer.status !== 204)
          throw site.refused(answer, `the archive is whole, but ${site.siteUrl} did not record it`);
      },
      close: () => site.signOut(),
    };
  } catch (error) {
    await site.signOut();
    throw error;
  }
}

/** DATABASE_URL's database through pg_dump (its own consistent snapshot), and DATA_DIR's keys beside it. */
async function postgresSource(c: Config): Promise<Source> {
  const url = c.databaseUrl!;
  const client = createDataClient({ backend: createPostgresBackend(url), collections: [siteBackups] });
  const temp = await mkdtemp(path.join(tmpdir(), 'blog-backup-'));
  try {
    const migration = (await appliedMigrations(client.sql!)).at(-1)?.id ?? 0;
    const dump = path.join(temp, 'database.dump');
    const takenAt = new Date().toISOString();
    await pgTool('pg_dump', ['--format=custom', '--no-password', `--file=${dump}`], url);
    const dataDir = path.resolve(c.dataDir);
    const keys = existsSync(dataDir) ? (await readdir(dataDir)).filter((name) => name.endsWith('.key')) : [];
    return {
      takenAt,
      migration,
      via: `at DATABASE_URL (pg_dump)${keys.length ? `, with ${keys.length} keys of ${dataDir}` : ''}`,
      async write(add) {
        await add.stream('database.dump', (await stat(dump)).size, createReadStream(dump));
        await add.folder('data');
        for (const name of keys) {
          const at = path.join(dataDir, name);
          await add.stream(`data/${name}`, (await stat(at)).size, createReadStream(at));
        }
      },
      record: (record) => recordBackup(client, record),
      async close() {
        await rm(temp, { recursive: true, force: true });
        await client.close();
      },
    };
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    await client.close();
    throw error;
  }
}
