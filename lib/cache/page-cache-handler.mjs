// Next's page cache (next.config `cacheHandler`): its file-system cache, except that a not-found render is
// only written where a page was before. Every made-up URL (/post/<anything>) renders a 404 that Next would
// otherwise store on disk, one ~48 KB entry per path and without bound; a 404 is cheap to render again.
import FileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache.js';

const FileSystemCache = FileSystemCacheModule.default ?? FileSystemCacheModule;

/** @param {unknown} data */
export const isNotFoundPage = (data) =>
  typeof data === 'object' &&
  data !== null &&
  (data.kind === 'APP_PAGE' || data.kind === 'PAGES') &&
  data.status === 404;

export default class PageCacheHandler extends FileSystemCache {
  /** @type {FileSystemCache['set']} */
  async set(key, data, ctx) {
    // A page that existed and is now gone (a deleted post) is overwritten, so a restart cannot bring it back.
    if (isNotFoundPage(data) && !this.hasEntry(key)) return;
    return super.set(key, data, ctx);
  }

  /** Whether the key has a stored page: its own, or the build's prerender it is seeded from. @param {string} key */
  hasEntry(key) {
    const marker = key.indexOf('/$/');
    const keys = marker === -1 ? [key] : [key, key.slice(marker + 2)];
    return keys.some((k) => {
      try {
        return this.fs.existsSync(this.getFilePath(`${k}.html`, 'APP_PAGE'));
      } catch {
        return false;
      }
    });
  }
}
