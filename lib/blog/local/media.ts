import { constants } from 'node:fs';
import { open, readdir, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MAX_LISTED_MEDIA, type MediaFile } from '../source';

/** An image file's name as it may be listed: word characters, dots and dashes, no leading dot, an image extension. */
const IMAGE_NAME = /^[\w-]+(?:\.[\w-]+)*\.(?:png|jpe?g|gif|webp|avif)$/i;

/**
 * The regular files of the media folder's top level that are images by name, as `/media/<file>`, sorted, the first
 * `MAX_LISTED_MEDIA`. Symbolic links and subfolders are left out; a missing folder lists nothing.
 */
export async function listMediaImages(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && IMAGE_NAME.test(entry.name))
      .map((entry) => entry.name)
      .sort()
      .slice(0, MAX_LISTED_MEDIA)
      .map((name) => `/media/${name}`);
  } catch {
    return [];
  }
}

/**
 * Opens a regular file whose real path (symlinks resolved) lies inside the real media root; null otherwise.
 * Missing, unreadable, a FIFO, a loop of links: all null.
 */
export async function openMediaFile(root: string, segments: string[]): Promise<MediaFile | null> {
  let handle: FileHandle | undefined;
  try {
    const [realRoot, real] = await Promise.all([realpath(root), realpath(path.join(root, ...segments))]);
    if (!real.startsWith(realRoot + path.sep)) return null;
    // O_NONBLOCK: opening a FIFO must not hang (no effect on regular files); O_NOFOLLOW: no symlink swapped in since.
    handle = await open(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
    const stats = await handle.stat({ bigint: true });
    if (stats.isFile()) {
      const opened = handle;
      return {
        stamp: { size: stats.size, mtimeNs: stats.mtimeNs, ino: stats.ino },
        size: Number(stats.size),
        mtimeMs: Number(stats.mtimeMs),
        // The stream closes the handle when it ends, fails or the client goes away.
        stream: (start, end) => Readable.toWeb(opened.createReadStream({ start, end })) as ReadableStream<Uint8Array>,
        close: () => opened.close().catch(() => {}),
      };
    }
  } catch {
    // A plain "not here".
  }
  await handle?.close().catch(() => {});
  return null;
}
