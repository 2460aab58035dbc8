// Next's page cache (next.config `cacheHandler`): its file-system cache, with two changes.
// - A not-found render is only written where a page was before. Every made-up URL (/post/<anything>) renders a 404
//   that Next would otherwise store on disk, one ~48 KB entry per path and without bound; a 404 is cheap to render.
// - A render that began before one of its tags was revalidated is not stored. Next stamps a page with the time it is
//   stored, not the time its render began, so a render in flight when a webhook clears `posts` (a prefetch of the
//   feed, say) would store what it read before the edit as if it were newer than the edit, until the next event.
import FileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import TagsManifestModule from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';

const FileSystemCache = FileSystemCacheModule.default ?? FileSystemCacheModule;
const { areTagsExpired } = TagsManifestModule.default ?? TagsManifestModule;

/** @param {unknown} data */
export const isNotFoundPage = (data) =>
  typeof data === 'object' &&
  data !== null &&
  (data.kind === 'APP_PAGE' || data.kind === 'PAGES') &&
  data.status === 404;

/** The cache tags a rendered page carries (Next's `x-next-cache-tags` header). @param {any} data */
const pageTags = (data) => {
  const header = data?.headers?.['x-next-cache-tags'];
  return typeof header === 'string' && header ? header.split(',') : [];
};

/** Renders in flight: when each key's render began (its cache miss). Process-wide: Next makes a handler per request. */
const renderStarts = (globalThis[Symbol.for('wix-blog.page-cache.render-starts')] ??= new Map());
/** A render takes well under this; a miss older than it had no render that finished (an error, a crash). */
const RENDER_WINDOW_MS = 60_000;
const MAX_RENDERS_IN_FLIGHT = 10_000;

export default class PageCacheHandler extends FileSystemCache {
  /** @type {FileSystemCache['get']} */
  async get(...args) {
    const entry = await super.get(...args);
    // A miss is followed by a render of that key, whose result `set` receives.
    if (!entry && !renderStarts.has(args[0])) {
      if (renderStarts.size >= MAX_RENDERS_IN_FLIGHT) renderStarts.clear();
      renderStarts.set(args[0], Date.now());
    }
    return entry;
  }

  /** @type {FileSystemCache['set']} */
  async set(key, data, ctx) {
    const startedAt = renderStarts.get(key);
    renderStarts.delete(key);
    // A page that existed and is now gone (a deleted post) is overwritten, so a restart cannot bring it back.
    if (isNotFoundPage(data) && !this.hasEntry(key)) return;
    // Read before an invalidation of its own tags: the next request renders it again, from what is there now.
    if (
      startedAt !== undefined &&
      Date.now() - startedAt < RENDER_WINDOW_MS &&
      // startedAt - 1: an invalidation in the very millisecond the render began counts as after it.
      areTagsExpired(pageTags(data), startedAt - 1)
    ) {
      return;
    }
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
