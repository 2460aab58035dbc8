import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { Category, Post, Tag } from '../../schemas';

// The content folder in memory. A snapshot is reused while the folder is unchanged: edits are written
// atomically (write + rename), which bumps the posts folder's mtime, so three stats tell if anything moved.
// Only files whose mtime or size changed are read again.
//
// An event that names its post (`invalidate([id])`) is trusted: only that post's file is read again, plus any file
// added to or gone from the folder, so the cost of an edit does not grow with the folder (a full check stats every
// file: ~0.5 s at 10,000 posts). A folder change no event explains still gets the full check.

export interface Snapshot {
  /** Every post in the folder, drafts included. */
  posts: Post[];
  categories: Category[];
  tags: Tag[];
}

interface FileEntry {
  mtimeMs: number;
  size: number;
  post: Post | null;
}

const READ_CONCURRENCY = 64;

export class ContentStore {
  private signature = '';
  private snapshot: Snapshot | null = null;
  private loading: { signature: string; snapshot: Promise<Snapshot> } | null = null;
  private readonly files = new Map<string, FileEntry>();
  /** Posts an event named since the last load (their files are read again), and whether a full check is due. */
  private readonly changed = new Set<string>();
  private fullCheck = false;
  /** Bumped by every invalidate(): part of the state a snapshot answers for. */
  private generation = 0;

  constructor(readonly dir: string) {}

  async read(): Promise<Snapshot> {
    const signature = `${await this.folderSignature()}#${this.generation}`;
    if (this.snapshot && signature === this.signature) return this.snapshot;
    // A load that began before a later write must not answer for it: share a load only for the same signature.
    if (this.loading?.signature !== signature) {
      const previous = this.loading?.snapshot.catch(() => undefined) ?? Promise.resolve();
      const snapshot = previous.then(() => this.load(signature));
      const loading = { signature, snapshot };
      this.loading = loading;
      void snapshot.finally(() => {
        if (this.loading === loading) this.loading = null;
      }).catch(() => undefined);
    }
    return this.loading!.snapshot;
  }

  /**
   * Something changed. With post ids (an event named them), the next read reads those posts' files again and
   * looks for files added or removed; without, it checks every file's mtime and size again.
   */
  invalidate(postIds?: readonly string[]): void {
    if (postIds?.length) for (const id of postIds) this.changed.add(id);
    else this.fullCheck = true;
    this.generation++;
  }

  private async folderSignature(): Promise<string> {
    const parts = await Promise.all(
      ['posts', 'categories.json', 'tags.json'].map((name) =>
        stat(path.join(/*turbopackIgnore: true*/ this.dir, name)).then(
          (s) => `${s.mtimeMs}:${s.size}`,
          () => 'missing',
        ),
      ),
    );
    return parts.join('|');
  }

  private async load(signature: string): Promise<Snapshot> {
    // What this load answers for; an invalidate() during it bumps the generation, so the next read loads again.
    const changed = new Set(this.changed);
    const full = this.fullCheck || !this.snapshot || changed.size === 0;
    this.changed.clear();
    this.fullCheck = false;
    const [posts, categories, tags] = await Promise.all([
      this.loadPosts(full ? null : changed),
      readList(path.join(/*turbopackIgnore: true*/ this.dir, 'categories.json'), Category),
      readList(path.join(/*turbopackIgnore: true*/ this.dir, 'tags.json'), Tag),
    ]);
    this.snapshot = { posts, categories, tags };
    this.signature = signature;
    return this.snapshot;
  }

  /** Every post file; with `changed`, only new files and those holding a changed post are looked at. */
  private async loadPosts(changed: Set<string> | null): Promise<Post[]> {
    const folder = path.join(/*turbopackIgnore: true*/ this.dir, 'posts');
    const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
    const present = new Set(names);
    for (const name of this.files.keys()) if (!present.has(name)) this.files.delete(name);
    const toCheck = changed ? names.filter((name) => this.holdsChanged(name, changed)) : names;
    let next = 0;
    const worker = async () => {
      while (next < toCheck.length) {
        const name = toCheck[next++]!;
        const file = path.join(folder, name);
        const info = await stat(file).catch(() => null);
        if (!info) {
          this.files.delete(name);
          continue;
        }
        const known = this.files.get(name);
        // A file an event named is read again even if its mtime and size look the same (an edit within the same
        // millisecond, or the same length).
        if (!changed && known && known.mtimeMs === info.mtimeMs && known.size === info.size) continue;
        this.files.set(name, { mtimeMs: info.mtimeMs, size: info.size, post: await readPost(file) });
      }
    };
    await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, toCheck.length) }, worker));
    return names.flatMap((name) => this.files.get(name)?.post ?? []);
  }

  /** A file not read yet, one named after a changed post, or one that held a changed post (any name). */
  private holdsChanged(name: string, changed: Set<string>): boolean {
    const known = this.files.get(name);
    if (!known) return true;
    if (changed.has(name.slice(0, -'.json'.length))) return true;
    return known.post !== null && changed.has(known.post.id);
  }
}

async function readPost(file: string): Promise<Post | null> {
  try {
    const parsed = Post.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (parsed.success) return parsed.data;
    console.warn(JSON.stringify({ msg: 'skipping invalid post file', file, issues: parsed.error.issues.slice(0, 3) }));
  } catch (error) {
    console.warn(JSON.stringify({ msg: 'skipping unreadable post file', file, error: String(error) }));
  }
  return null;
}

async function readList<T>(file: string, schema: z.ZodType<T>): Promise<T[]> {
  const raw = await readFile(file, 'utf8').catch(() => '[]');
  let items: unknown;
  try {
    items = JSON.parse(raw);
  } catch {
    console.warn(JSON.stringify({ msg: 'skipping unreadable list file', file }));
    return [];
  }
  return (Array.isArray(items) ? items : []).flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
