import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { Category, Post, Tag } from '../../schemas';

// The content folder in memory. A snapshot is reused while the folder is unchanged: edits are written
// atomically (write + rename), which bumps the posts folder's mtime, so three stats tell if anything moved.
// Only files whose mtime or size changed are read again.

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

  constructor(readonly dir: string) {}

  async read(): Promise<Snapshot> {
    const signature = await this.folderSignature();
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

  /** Forget the folder signature, so the next read checks every file's mtime and size again. */
  invalidate(): void {
    this.signature = '';
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
    const [posts, categories, tags] = await Promise.all([
      this.loadPosts(),
      readList(path.join(/*turbopackIgnore: true*/ this.dir, 'categories.json'), Category),
      readList(path.join(/*turbopackIgnore: true*/ this.dir, 'tags.json'), Tag),
    ]);
    this.snapshot = { posts, categories, tags };
    this.signature = signature;
    return this.snapshot;
  }

  private async loadPosts(): Promise<Post[]> {
    const folder = path.join(/*turbopackIgnore: true*/ this.dir, 'posts');
    const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
    const present = new Set(names);
    for (const name of this.files.keys()) if (!present.has(name)) this.files.delete(name);
    let next = 0;
    const worker = async () => {
      while (next < names.length) {
        const name = names[next++]!;
        const file = path.join(folder, name);
        const info = await stat(file).catch(() => null);
        if (!info) {
          this.files.delete(name);
          continue;
        }
        const known = this.files.get(name);
        if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) continue;
        this.files.set(name, { mtimeMs: info.mtimeMs, size: info.size, post: await readPost(file) });
      }
    };
    await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker));
    return names.flatMap((name) => this.files.get(name)?.post ?? []);
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
