import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, type Header, pack } from 'tar-stream';

// The backup archive (backup.ts, restore.ts): one gzipped tar, its first entry `backup.json` (what it holds), then
// `data/` (the embedded database's folder, or DATA_DIR's keys beside a Postgres dump), `database.dump` (pg_dump's
// custom format, with DATABASE_URL) and `content/` (the content folder, for the local source). Written to a temporary
// name beside the file, synced, then renamed: a FILE that exists is a whole archive. And Postgres's own tools, run
// with the password in their environment, never on their command line.

export const MANIFEST = 'backup.json';
export const ARCHIVE_FORMAT = 1;

export interface Manifest {
  format: number;
  /** Whose data: the embedded database's folder (`data/`), or a Postgres server's dump (`database.dump`). */
  kind: 'embedded' | 'postgres';
  /** When the snapshot of the records was taken. */
  takenAt: string;
  /** The last migration applied to the data (lib/data/migrations): a release that knows fewer cannot restore it. */
  migration: number;
  /** Whether `content/` holds the content folder. */
  content: boolean;
}

/** An archive's entry as read: its header, and its bytes (to be read, or resumed, before the next entry). */
export interface Entry extends AsyncIterable<Buffer> {
  header: Header;
  resume(): unknown;
}

export interface ArchiveWriter {
  file(name: string, data: Buffer | string, mode?: number, mtime?: Date): Promise<void>;
  /** An entry of `size` bytes, from a stream (a file, another archive's entry). */
  stream(name: string, size: number, data: AsyncIterable<Uint8Array>, mode?: number, mtime?: Date): Promise<void>;
  folder(name: string, mode?: number): Promise<void>;
}

/** Writes an archive through `fill`; answers its size. Nothing is left under `file` unless it is whole. */
export async function writeArchive(file: string, fill: (add: ArchiveWriter) => Promise<void>): Promise<number> {
  const partial = `${file}.partial-${process.pid}`;
  const tar = pack();
  const written = pipeline(tar, createGzip(), createWriteStream(partial, { mode: 0o600 }));
  // A failed write ends the pack, whose entries then fail too; the first error is the one reported.
  written.catch(() => tar.destroy());
  type EntryHeader = Partial<Header> & Pick<Header, 'name'>;
  const whole = (header: EntryHeader, data?: Buffer) =>
    new Promise<void>((resolve, reject) => {
      const done = (error?: Error | null) => (error ? reject(error) : resolve());
      if (data === undefined) tar.entry(header, done);
      else tar.entry(header, data, done);
    });
  async function streamed(header: EntryHeader, data: AsyncIterable<Uint8Array>) {
    let settle!: (error?: Error | null) => void;
    const done = new Promise<void>((resolve, reject) => (settle = (error) => (error ? reject(error) : resolve())));
    done.catch(() => {}); // awaited below; a failure midway must not count as unhandled meanwhile
    const sink = tar.entry(header, (error) => settle(error));
    for await (const chunk of data) if (!sink.write(chunk)) await once(sink as never, 'drain');
    sink.end(undefined);
    await done;
  }
  try {
    await fill({
      file: (name, data, mode = 0o600, mtime) => {
        const bytes = typeof data === 'string' ? Buffer.from(data) : data;
        return whole({ name, size: bytes.length, mode, mtime }, bytes);
      },
      stream: (name, size, data, mode = 0o600, mtime) => streamed({ name, size, mode, mtime }, data),
      folder: (name, mode = 0o700) => whole({ name: `${name}/`, type: 'directory', mode }),
    });
    tar.finalize();
    await written;
    const handle = await open(partial, 'r');
    await handle.sync().finally(() => handle.close());
    await rename(partial, file);
    return (await stat(file)).size;
  } catch (error) {
    tar.destroy();
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

/** An archive's entries in order (each to be read, or resumed, before the next). */
export function readArchive(file: string): AsyncIterable<Entry> {
  const entries = extract();
  pipeline(createReadStream(file), createGunzip(), entries as never).catch((error: unknown) =>
    entries.destroy(error as Error),
  );
  return entries as AsyncIterable<Entry>;
}

/** An entry's path as a relative POSIX path, or null when it would leave its folder (absolute, `..`). */
export function safePath(name: string): string | null {
  const normal = path.posix.normalize(name.replace(/^(\.?\/)+/, ''));
  if (normal === '.' || normal === '') return '';
  if (path.posix.isAbsolute(normal) || normal === '..' || normal.startsWith('../')) return null;
  return normal.replace(/\/$/, '');
}

/** Every file and folder under `dir` (relative, POSIX), minus what `skip` names (a folder skipped: all under it). */
export async function* walk(
  dir: string,
  skip: (rel: string) => boolean,
  rel = '',
): AsyncGenerator<{
  rel: string;
  folder: boolean;
}> {
  for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (skip(child)) continue;
    if (entry.isDirectory()) {
      yield { rel: child, folder: true };
      yield* walk(dir, skip, child);
    } else if (entry.isFile()) {
      yield { rel: child, folder: false };
    }
  }
}

/** Adds the folder `dir` under `prefix/`, each file as it is now (read whole, so a file written meanwhile is one). */
export async function addFolder(add: ArchiveWriter, dir: string, prefix: string, skip: (rel: string) => boolean) {
  let files = 0;
  await add.folder(prefix, 0o755);
  for await (const { rel, folder } of walk(dir, skip)) {
    const at = path.join(dir, rel);
    const { mode, mtime } = await stat(at);
    if (folder) await add.folder(`${prefix}/${rel}`, mode & 0o777);
    else {
      await add.file(`${prefix}/${rel}`, await readFile(at), mode & 0o777, mtime);
      files += 1;
    }
  }
  return files;
}

/** A folder that does not exist or holds nothing. */
export async function isEmptyFolder(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * Runs a PostgreSQL client tool (pg_dump, pg_restore) on DATABASE_URL's database: the URL without its password on the
 * command line (any user may list processes), the password in PGPASSWORD. Its own message when it fails, without it.
 */
export async function pgTool(tool: string, args: string[], url: string): Promise<void> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  try {
    await promisify(execFile)(tool, [...args, `--dbname=${parsed.href}`], {
      // The tool inherits this process's environment (PATH, PG* settings), as without `env`: not configuration.
      // eslint-disable-next-line no-restricted-properties
      env: { ...process.env, PGPASSWORD: password, PGCONNECT_TIMEOUT: '10' },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { code, stderr } = error as { code?: unknown; stderr?: string };
    if (code === 'ENOENT') {
      throw new Error(
        `${tool} was not found: install PostgreSQL's client tools, of your server's major version or newer ` +
          '(Debian: postgresql-client)',
      );
    }
    const said = (stderr ?? '').trim().split('\n').slice(0, 5).join('\n');
    throw new Error(`${tool} failed: ${password ? said.split(password).join('***') : said}`);
  }
}
