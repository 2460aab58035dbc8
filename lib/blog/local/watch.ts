import { type FSWatcher, watch } from 'node:fs';
import path from 'node:path';
import { CATEGORIES_FILE, POSTS_FOLDER, TAGS_FILE } from './folder';

// The content folder watched: what the CLI, an editor or `git pull` writes there reaches the site without anyone
// telling it. The operating system's notices (inotify, FSEvents) name the files; they are gathered for a moment
// (an atomic write is a temporary file, then a rename) and handed on together. A notice can be lost (a folder on a
// network file system sends none), so the folder is also looked at every `pollMs`: its mtime moves on every atomic
// write, which the store's read sees (three stats when nothing moved).

export interface FolderNotice {
  /** Post files (by name) that were written, renamed or removed. */
  posts: string[];
  /** categories.json or tags.json was written. */
  terms: boolean;
}

export interface WatchOptions {
  /** How long notices are gathered before they are handed on. */
  settleMs?: number;
  /** How often the folder is looked at whatever the notices say. */
  pollMs?: number;
}

const TERMS = new Set<string>([CATEGORIES_FILE, TAGS_FILE]);
/** A post's file; not an atomic write's temporary (`.name.json.pid.hex.tmp`, lib/core/files/atomic.ts). */
const isPostFile = (name: string) => name.endsWith('.json') && !name.startsWith('.');

/**
 * Watches `dir`'s posts folder and its terms files; calls `onNotice` with what changed (`null` on the poll's beat,
 * when nothing was noticed). Answers the function that stops it. Never keeps the process alive.
 */
export function watchContentFolder(
  dir: string,
  onNotice: (notice: FolderNotice | null) => void,
  { settleMs = 100, pollMs = 10_000 }: WatchOptions = {},
): () => void {
  const posts = new Set<string>();
  let terms = false;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    const notice = { posts: [...posts], terms };
    posts.clear();
    terms = false;
    onNotice(notice);
  };
  const noted = () => {
    timer ??= setTimeout(flush, settleMs);
    timer.unref();
  };
  const watchers: FSWatcher[] = [];
  const open = (folder: string, onName: (name: string) => void) => {
    try {
      const watcher = watch(folder, { persistent: false }, (_type, name) => {
        if (name) onName(name.toString());
      });
      // A folder removed or made unreadable: the poll goes on looking.
      watcher.on('error', (error) => {
        console.warn(JSON.stringify({ msg: 'content folder: watching stopped', folder, error: String(error) }));
        watcher.close();
      });
      watchers.push(watcher);
    } catch (error) {
      // No folder yet, or no watcher on this file system: the poll alone.
      console.warn(JSON.stringify({ msg: 'content folder: not watched', folder, error: String(error) }));
    }
  };
  open(path.join(dir, POSTS_FOLDER), (name) => {
    if (!isPostFile(name)) return;
    posts.add(name);
    noted();
  });
  open(dir, (name) => {
    if (!TERMS.has(name)) return;
    terms = true;
    noted();
  });
  const poll = setInterval(() => onNotice(null), pollMs);
  poll.unref();
  return () => {
    for (const watcher of watchers) watcher.close();
    clearInterval(poll);
    if (timer) clearTimeout(timer);
  };
}
