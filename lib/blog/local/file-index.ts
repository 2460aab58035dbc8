import { isAscii } from 'node:buffer';
import { mkdir, open, rename, rm } from 'node:fs/promises';
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

const CHUNK_BYTES = 1 << 22;

/**
 * The entries of an index, by file name; empty when there is none or it cannot be used. Read a few megabytes at a
 * time and parsed a line (a row) at a time: the whole file never sits in memory as one string, which at 100,000
 * posts (145 MB) would double the memory the process holds right after it starts.
 */
export async function readIndex<T>(dir: string, name: string): Promise<Map<string, Indexed<T>>> {
  const entries = new Map<string, Indexed<T>>();
  let handle;
  try {
    handle = await open(indexFile(dir, name));
  } catch {
    return entries;
  }
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let rest = '';
    let header = true;
    let ended = false;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      // Written in ASCII (see writeIndex): anything else is not our index. Decoded as Latin-1 it makes one-byte
      // strings, which read and parse about a third faster than UTF-8.
      if (!isAscii(chunk)) return new Map();
      const lines = (rest + chunk.toString('latin1')).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        if (header) {
          if (line !== `{"version":${INDEX_VERSION},"rows":[`) return new Map();
          header = false;
        } else if (line === ']}') ended = true;
        else if (line) addRow(entries, JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line));
      }
    }
    // A file cut short (a crash while writing, a copy in progress) is not trusted at all.
    return ended && rest === '' ? entries : new Map();
  } catch {
    return new Map();
  } finally {
    await handle.close();
  }
}

function addRow<T>(entries: Map<string, Indexed<T>>, row: unknown) {
  if (!Array.isArray(row) || row.length !== 4) return;
  const [file, mtimeMs, size, value] = row as [unknown, unknown, unknown, T];
  if (typeof file === 'string' && typeof mtimeMs === 'number' && typeof size === 'number')
    entries.set(file, { mtimeMs, size, value });
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
    // One row per line, so a reader can parse it a line at a time (and it is still one JSON document).
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
    await handle.write(first ? ']}\n' : '\n]}\n');
  } catch (error) {
    await handle.close();
    await rm(tmp, { force: true });
    throw error;
  }
  await handle.close();
  await rename(tmp, file);
}
