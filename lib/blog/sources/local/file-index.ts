import { isAscii } from 'node:buffer';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

// What the store derives from each post file, kept beside the content in `<content>/.index/<name>.json`
// (git-ignored) so a start does not read and validate every file again: each entry carries the mtime and size its
// file had when read, and is used only while the file still has them. A missing, foreign or damaged index is
// ignored (the files are read); a folder that cannot be written to keeps working without one.

/** Bump when what an entry holds changes shape (the Post schema, what the store strips): old indexes are ignored. */
export const INDEX_VERSION = 2;

export interface Stamp {
  mtimeMs: number;
  size: number;
}

export interface Indexed<T> extends Stamp {
  value: T;
}

const indexFile = (dir: string, name: string) => path.join(/*turbopackIgnore: true*/ dir, '.index', `${name}.json`);

export const sameStamp = (a: Stamp, b: Stamp) => a.mtimeMs === b.mtimeMs && a.size === b.size;

/** The entries of an index, by file name; empty when there is none or it cannot be used. */
export async function readIndex<T>(dir: string, name: string): Promise<Map<string, Indexed<T>>> {
  const entries = new Map<string, Indexed<T>>();
  let parsed: unknown;
  try {
    // Written in ASCII (see writeIndex): decoded as Latin-1, a one-byte string, it reads and parses about a third
    // faster than the same text decoded as UTF-8 (1.7 s → 1.2 s for 100,000 posts).
    const bytes = await readFile(indexFile(dir, name));
    parsed = JSON.parse(bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8'));
  } catch {
    return entries;
  }
  const { version, rows } = (parsed ?? {}) as { version?: unknown; rows?: unknown };
  if (version !== INDEX_VERSION || !Array.isArray(rows)) return entries;
  for (const row of rows) {
    if (!Array.isArray(row) || row.length !== 4) continue;
    const [file, mtimeMs, size, value] = row as [unknown, unknown, unknown, T];
    if (typeof file === 'string' && typeof mtimeMs === 'number' && typeof size === 'number') entries.set(file, { mtimeMs, size, value });
  }
  return entries;
}

const ROWS_PER_WRITE = 2000;
const NON_ASCII = /[\u007f-\uffff]/g;
const escapeChar = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
let writeCount = 0;

/**
 * Writes an index (to a temporary file, then renamed over the old one), a few thousand rows at a time so a
 * large folder does not hold the event loop for the whole serialisation.
 */
export async function writeIndex<T>(dir: string, name: string, entries: Iterable<[string, Indexed<T>]>): Promise<void> {
  const file = indexFile(dir, name);
  const tmp = `${file}.${process.pid}.${++writeCount}.tmp`;
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(tmp, 'w');
  try {
    await handle.write(`{"version":${INDEX_VERSION},"rows":[\n`);
    let batch: string[] = [];
    let first = true;
    const flush = async () => {
      if (!batch.length) return;
      await handle.write(`${first ? '' : ',\n'}${batch.join(',\n')}`);
      first = false;
      batch = [];
    };
    for (const [fileName, entry] of entries) {
      batch.push(JSON.stringify([fileName, entry.mtimeMs, entry.size, entry.value]).replace(NON_ASCII, escapeChar));
      if (batch.length >= ROWS_PER_WRITE) await flush();
    }
    await flush();
    await handle.write('\n]}\n');
  } catch (error) {
    await handle.close();
    await rm(tmp, { force: true });
    throw error;
  }
  await handle.close();
  await rename(tmp, file);
}
