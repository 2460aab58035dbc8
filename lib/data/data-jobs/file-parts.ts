import { CatalogueError } from '@/lib/core/errors';
import type { DataClient } from '../client';
import { OWNER } from '../permissions';
import { MAX_BULK_ITEMS } from '../model';
import { dataJobFiles, type JobRecord } from './records';

// An import's file as the owner sent it, kept in the site's records (`data-job-files`) from the job's submit until
// it ends: in parts, so no one record grows with the file, each `{jobId}:{n}`. `records` is asked for the client at
// every call, as the service's settings give it.

/** How much of an import's file one record holds (characters; a record of the site's records stays small). */
export const FILE_PART_CHARS = 256 * 1024;

/** The text in parts of at most `size` characters, never splitting a surrogate pair. */
export function fileParts(text: string, size = FILE_PART_CHARS): string[] {
  const parts: string[] = [];
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + size, text.length);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
    parts.push(text.slice(start, end));
    start = end;
  }
  return parts;
}

/** Keeps job `jobId`'s file; answers how many parts it took (the job's record says so, for reading it back). */
export async function storeFile(records: () => DataClient, jobId: string, file: string): Promise<number> {
  const parts = fileParts(file);
  const list = parts.map((text, part) => ({ _id: `${jobId}:${part}`, jobId, part, text }));
  for (let i = 0; i < list.length; i += MAX_BULK_ITEMS) {
    await records().bulkInsert(dataJobFiles.id, list.slice(i, i + MAX_BULK_ITEMS), OWNER);
  }
  return parts.length;
}

/** The job's file, its parts joined; a part gone missing is the service's own failure (WDE0053). */
export async function readFile(records: () => DataClient, record: JobRecord): Promise<string> {
  const parts: string[] = [];
  for (let n = 0; n < (record.fileParts ?? 0); n++) {
    const part = await records().get(dataJobFiles.id, `${record._id}:${n}`, OWNER);
    if (!part) throw new CatalogueError(500, 'WDE0053', `part ${n + 1} of the job's file is missing`);
    parts.push(String(part.text ?? ''));
  }
  return parts.join('');
}

/** Removes the job's file, once the job has ended. */
export async function removeFile(records: () => DataClient, record: JobRecord): Promise<void> {
  const ids = Array.from({ length: record.fileParts ?? 0 }, (_, n) => `${record._id}:${n}`);
  for (let i = 0; i < ids.length; i += MAX_BULK_ITEMS) {
    await records().bulkRemove(dataJobFiles.id, ids.slice(i, i + MAX_BULK_ITEMS), OWNER);
  }
}
