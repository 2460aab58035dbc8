import { statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Post } from '../../types';
import { type Stamp, readIndex, sameStamp } from '../file-index';
import { postFileName } from '../folder';
import { statFolder } from '../folder-stats';
import { Catalog } from './catalog';
import { indexIsStale, POSTS_INDEX } from './index-writer';
import { readFiles, type StoreState } from './state';
import type { PostChange } from './types';

// The two ways the store finds what changed in the posts folder: every file checked, or only the files of the posts
// an event named.

/**
 * Every file's mtime and size against what was read (or indexed); reads the files that differ. Answers what changed
 * against what was held in memory (nothing on the first read, when nothing was).
 */
export async function checkAll(state: StoreState): Promise<PostChange[]> {
  const known = state.catalog.files;
  // The folder is listed and stat'ed on a worker thread while this one parses the index.
  const [listing, indexed] = await Promise.all([
    statFolder(state.postsDir),
    known.size === 0 ? readIndex<Post | null>(state.dir, POSTS_INDEX) : null,
  ]);
  const previous = indexed ?? known;
  // Built aside and swapped in whole: readers meanwhile see the previous folder, never a half-listed one.
  const catalog = new Catalog();
  const toRead: [string, Stamp][] = [];
  for (let i = 0; i < listing.names.length; i++) {
    if (listing.sizes[i]! < 0) continue;
    const name = listing.names[i]!;
    const current = { mtimeMs: listing.mtimes[i]!, size: listing.sizes[i]! };
    const held = known.get(name);
    const fromIndex = held ? undefined : indexed?.get(name);
    if (held && sameStamp(held, current)) catalog.keep(name, held);
    else if (fromIndex && sameStamp(fromIndex, current))
      catalog.keep(name, { ...current, value: fromIndex.value && state.shared.post(fromIndex.value) });
    else {
      catalog.keep(name, { ...current, value: null });
      toRead.push([name, current]);
    }
  }
  await readFiles(state, toRead, catalog);
  state.catalog = catalog;
  if (state.texts) for (const name of state.texts.keys()) if (!catalog.files.has(name)) state.texts.delete(name);
  const changes: PostChange[] = [];
  for (const [name] of toRead) {
    const before = known.get(name)?.value ?? null;
    const after = catalog.postOf(name);
    if (before !== after) changes.push({ before, after });
  }
  for (const [name, entry] of known)
    if (entry.value && !catalog.files.has(name)) changes.push({ before: entry.value, after: null });
  // Written when the folder differs from what the index (or, later, memory) held by more than a few files.
  const differing = toRead.length + Math.abs(previous.size - (catalog.files.size - toRead.length));
  if (indexIsStale(differing, catalog.files.size, previous.size)) state.indexes.save(POSTS_INDEX);
  return changes;
}

/** Reads again only the files of the named posts; lists the folder only for a post that has no known file. */
export async function readNamed(state: StoreState, ids: Set<string>): Promise<PostChange[]> {
  const changes: PostChange[] = [];
  const { catalog, postsDir } = state;
  const before = new Map([...ids].map((id) => [id, catalog.postOf(catalog.fileOf.get(id))]));
  const names = new Set<string>();
  let listed = false;
  for (const id of ids) {
    const name = catalog.fileOf.get(id) ?? postFileName(id);
    if (catalog.fileOf.has(id) || statSync(path.join(postsDir, name), { throwIfNoEntry: false })) names.add(name);
    else if (!listed) {
      // A created post in a file not named after it: look for new files.
      listed = true;
      const present = (await readdir(postsDir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
      for (const n of present) if (!catalog.files.has(n)) names.add(n);
    }
  }
  const toRead: [string, Stamp][] = [];
  for (const name of names) {
    const info = statSync(path.join(postsDir, name), { throwIfNoEntry: false });
    const held = catalog.postOf(name);
    if (!info) {
      catalog.drop(name);
      state.texts?.delete(name);
      continue;
    }
    // A file an event named is read again even if its mtime and size look the same (an edit within the same
    // millisecond, or the same length).
    toRead.push([name, { mtimeMs: info.mtimeMs, size: info.size }]);
    if (held && !before.has(held.id)) before.set(held.id, held);
  }
  await readFiles(state, toRead, catalog);
  for (const [id, was] of before) {
    const now = catalog.postOf(catalog.fileOf.get(id));
    if (was !== now) changes.push({ before: was, after: now });
  }
  // A file read here that holds a post nobody named (a new file): it is a change too.
  for (const [name] of toRead) {
    const post = catalog.postOf(name);
    if (post && !before.has(post.id)) changes.push({ before: null, after: post });
  }
  return changes;
}
