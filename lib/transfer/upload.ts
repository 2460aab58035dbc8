import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { readSource } from './detect';
import { type Bundle, ImportError } from './types';

// An export as the dashboard takes it, one file (lib/transfer/index.ts keeps it in a folder of its own): WordPress's
// .xml, Ghost's .json, Substack's or Medium's .zip as their platforms write them, read as the CLI reads them
// (detect.ts); any other .zip is a folder zipped (a WordPress export with its wp-content/uploads, Ghost's JSON with
// its images, a folder of Markdown, this site's own export), unpacked beside it and read as that folder. Unpacking
// refuses what would write outside its folder (an entry named `../x` or `/x`) and what would unpack to more than
// MAX_UNPACKED_BYTES, before any of it is inflated.

/** The most a zipped folder may unpack to (its entries' own sizes, summed before anything is inflated). */
export const MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;

/** A zip entry's name as a path inside `dir`, or null when it would land outside it. */
function inside(dir: string, name: string): string | null {
  if (name.includes('\0') || path.isAbsolute(name) || /^[a-zA-Z]:/.test(name)) return null;
  const target = path.resolve(dir, name);
  return target.startsWith(dir + path.sep) ? target : null;
}

/** Unpacks `bytes` into `dir` (made here); answers the folder the export's files are in. */
export async function unpack(bytes: Uint8Array, dir: string): Promise<string> {
  const root = path.resolve(dir);
  let total = 0;
  const refused: string[] = [];
  const entries = unzipSync(bytes, {
    filter: (entry) => {
      if (entry.name.endsWith('/') || entry.name.startsWith('__MACOSX/')) return false;
      if (!inside(root, entry.name)) {
        refused.push(entry.name);
        return false;
      }
      total += entry.originalSize;
      if (total > MAX_UNPACKED_BYTES) {
        throw new ImportError(
          `the zip unpacks to more than ${MAX_UNPACKED_BYTES / 1024 ** 3} GB: zip the export alone, without backups`,
        );
      }
      return true;
    },
  });
  if (refused.length) {
    throw new ImportError(`the zip names files outside its own folder (${refused[0]}): nothing was read`);
  }
  for (const [name, content] of Object.entries(entries)) {
    const target = inside(root, name)!;
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  }
  // A folder zipped whole holds that one folder: its content is the export.
  const names = (await readdir(root)).filter((name) => !name.startsWith('.'));
  if (
    names.length === 1 &&
    (await readdir(root, { withFileTypes: true })).find((e) => e.name === names[0])?.isDirectory()
  )
    return path.join(root, names[0]!);
  return root;
}

/** Whether a zip is one its platform's reader takes whole (Substack's posts.csv, Medium's posts/*.html). */
function platformZip(bytes: Uint8Array): boolean {
  let whole = false;
  unzipSync(bytes, {
    filter: (entry) => {
      if (path.posix.basename(entry.name) === 'posts.csv' || /(^|\/)posts\/[^/]+\.html$/.test(entry.name)) {
        whole = true;
      }
      return false;
    },
  });
  return whole;
}

/** The export in `file` (its name as the owner's), read into a Bundle; a zipped folder is unpacked into `dir`. */
export async function readUpload(file: string, dir: string): Promise<Bundle> {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.xml' || ext === '.json') return readSource(file);
  if (ext !== '.zip') {
    throw new ImportError(
      `${path.basename(file)}: not an export this import reads (WordPress .xml, Ghost .json, or a .zip)`,
    );
  }
  const bytes = new Uint8Array(await readFile(file));
  let whole: boolean;
  try {
    whole = platformZip(bytes);
  } catch {
    throw new ImportError(`${path.basename(file)}: not a zip file this import can open`);
  }
  return readSource(whole ? file : await unpack(bytes, dir));
}
