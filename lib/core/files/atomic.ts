import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

// A reader sees the old file or the new one, never a torn one: the bytes go to a temporary file in the
// same folder (so the rename stays on one file system), are flushed to disk, then renamed over the target.
// Temporary names start with a dot and end in .tmp, so the content store never mistakes one for a post.

export const tempName = (file: string) =>
  path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);

export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const temp = tempName(file);
  try {
    const handle = await open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(path.dirname(file));
}

/** JSON as the content folder keeps it: two-space indent and a final newline. */
export const writeJsonAtomic = (file: string, value: unknown) =>
  writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);

// Makes the rename itself durable; some file systems refuse to open a folder for syncing, which is harmless.
async function syncFolder(folder: string) {
  const handle = await open(folder, 'r').catch(() => null);
  if (!handle) return;
  await handle.sync().catch(() => {});
  await handle.close();
}
