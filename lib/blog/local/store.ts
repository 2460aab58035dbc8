import { readFile, readdir, stat } from 'node:fs/promises';
import { statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { Category, Post, Tag } from '../types';
import { type Indexed, type Stamp, readIndex, sameStamp, writeIndex } from './file-index';
import { statFolder } from './folder-stats';

// The content folder in memory. A snapshot is reused while the folder is unchanged: edits are written
// atomically (write + rename), which bumps the posts folder's mtime, so three stats tell if anything moved.
// Only files whose mtime or size changed are read again.
//
// Posts are held without their bodies (rich content and text): `body()` reads them from the post's file when a
// page or a call asks for them, so memory grows with the number of posts, not with what they say. What each file
// gave is kept in an index beside the content (`file-index.ts`), so a start reads only the files changed since.
//
// An event that names its post (`invalidate([id])`) is trusted: only that post's file is read again (the folder is
// listed only when the post has no file yet), and the new snapshot says what changed, so views can be patched
// instead of rebuilt: the cost of an edit does not grow with the folder. A change no event explains gets the full
// check (every file's mtime and size).

export interface PostChange {
  before: Post | null;
  after: Post | null;
}

export interface Snapshot {
  /**
   * Every post in the folder, drafts included, without `richContent`, `richContentCompressed` or `contentText`
   * (listed on first access).
   */
  readonly posts: Post[];
  categories: Category[];
  tags: Tag[];
  /**
   * The snapshot this one was made from by events naming posts, and what changed since it (one entry per post);
   * absent after a full check. A reader that has derived what it needs drops them (`settled()`).
   */
  base?: Snapshot;
  changes?: PostChange[];
}

/** The parts of a post read from its file on demand. */
export type PostBody = Pick<Post, 'richContent' | 'richContentCompressed' | 'contentText'>;

type FileEntry = Indexed<Post | null>;

/** The post files as read: by file name, and which file holds each post id and each slug. */
class Catalog {
  readonly files = new Map<string, FileEntry>();
  readonly fileOf = new Map<string, string>();
  private readonly slugs = new Map<string, string[]>();

  postOf(name: string | undefined): Post | null {
    return name === undefined ? null : (this.files.get(name)?.value ?? null);
  }

  withSlug(slug: string): Post[] {
    return (this.slugs.get(slug) ?? []).flatMap((name) => this.postOf(name) ?? []);
  }

  keep(name: string, entry: FileEntry) {
    this.forget(name);
    this.files.set(name, entry);
    const post = entry.value;
    if (!post) return;
    this.fileOf.set(post.id, name);
    const names = this.slugs.get(post.slug);
    if (!names) this.slugs.set(post.slug, [name]);
    else if (!names.includes(name)) names.push(name);
  }

  drop(name: string) {
    this.forget(name);
    this.files.delete(name);
  }

  private forget(name: string) {
    const old = this.files.get(name)?.value;
    if (!old) return;
    if (this.fileOf.get(old.id) === name) this.fileOf.delete(old.id);
    const names = this.slugs.get(old.slug)?.filter((n) => n !== name);
    if (names?.length) this.slugs.set(old.slug, names);
    else this.slugs.delete(old.slug);
  }
}

export interface StoreOptions {
  /** What search looks at in a post (with its body): kept for every post once `searchTexts()` is first called. */
  searchText?: (post: Post) => string;
}

const READ_CONCURRENCY = 64;
/** Files that may differ from the index before it is written again. */
const STALE_ENTRIES_KEPT = 50;
const POSTS_INDEX = 'posts';
const SEARCH_INDEX = 'search';

const withoutBody = ({ richContent: _r, richContentCompressed: _c, contentText: _t, ...meta }: Post): Post => meta;

/**
 * One copy of what posts repeat: term and member ids, status, language, the site base URL, and the hero image the
 * post also carries as its media (JSON gives each post its own copies: ~60 MB at 100,000 posts). Posts are never
 * mutated, so sharing is safe.
 */
class Interner {
  private readonly strings = new Map<string, string>();

  private one(value: string): string {
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    this.strings.set(value, value);
    return value;
  }

  private many(values: string[]): string[] {
    for (let i = 0; i < values.length; i++) values[i] = this.one(values[i]!);
    return values;
  }

  post(post: Post): Post {
    this.many(post.categoryIds);
    this.many(post.tagIds);
    this.many(post.hashtags);
    post.status = this.one(post.status) as Post['status'];
    if (post.language) post.language = this.one(post.language);
    if (post.memberId) post.memberId = this.one(post.memberId);
    if (post.url?.base) post.url.base = this.one(post.url.base);
    const image = post.media?.wixMedia?.image;
    const hero = post.heroImage;
    if (
      image &&
      hero &&
      image !== hero &&
      image.id === hero.id &&
      image.url === hero.url &&
      image.altText === hero.altText &&
      image.width === hero.width &&
      image.height === hero.height &&
      image.filename === hero.filename
    ) {
      post.media!.wixMedia!.image = hero;
    }
    return post;
  }
}

export class ContentStore {
  private signature = '';
  private snapshot: Snapshot | null = null;
  private loading: { signature: string; snapshot: Promise<Snapshot> } | null = null;
  private catalog = new Catalog();
  private readonly shared = new Interner();
  /** Posts an event named since the last load (their files are read again), and whether a full check is due. */
  private readonly changed = new Set<string>();
  private fullCheck = false;
  /** Bumped by every invalidate(): part of the state a snapshot answers for. */
  private generation = 0;
  private texts: Map<string, Indexed<string>> | null = null;
  private textsLoading: Promise<void> | null = null;
  private readonly writes = new Map<string, { running: Promise<void>; again: boolean }>();

  constructor(
    readonly dir: string,
    private readonly options: StoreOptions = {},
  ) {}

  private get postsDir() {
    return path.join(/*turbopackIgnore: true*/ this.dir, 'posts');
  }

  async read(): Promise<Snapshot> {
    const signature = `${await this.folderSignature()}#${this.generation}`;
    if (this.snapshot && signature === this.signature) return this.snapshot;
    // A load that began before a later write must not answer for it: share a load only for the same signature.
    if (this.loading?.signature !== signature) {
      const previous = this.loading?.snapshot.catch(() => undefined) ?? Promise.resolve();
      const snapshot = previous.then(() => this.load(signature));
      const loading = { signature, snapshot };
      this.loading = loading;
      void snapshot
        .finally(() => {
          if (this.loading === loading) this.loading = null;
        })
        .catch(() => undefined);
    }
    return this.loading!.snapshot;
  }

  /**
   * Something changed. With post ids (an event named them), the next read reads those posts' files again;
   * without, it checks every file's mtime and size again.
   */
  invalidate(postIds?: readonly string[]): void {
    if (postIds?.length) for (const id of postIds) this.changed.add(id);
    else this.fullCheck = true;
    this.generation++;
  }

  /** A post's body, read from its file (null when the post or its file is gone). */
  async body(postId: string): Promise<PostBody | null> {
    const name = this.catalog.fileOf.get(postId);
    if (!name) return null;
    const post = await readPost(path.join(this.postsDir, name));
    if (!post || post.id !== postId) return null;
    return {
      richContent: post.richContent,
      richContentCompressed: post.richContentCompressed,
      contentText: post.contentText,
    };
  }

  /** A post by id, as last read (drafts too); lookups by id and slug cost the same at any folder size. */
  post(postId: string): Post | null {
    return this.catalog.postOf(this.catalog.fileOf.get(postId));
  }

  /** The posts with a slug (one per language at most, in a well-formed folder), as last read. */
  postsWithSlug(slug: string): Post[] {
    return this.catalog.withSlug(slug);
  }

  /**
   * What search looks at in each post, by post id. The first call reads it from the search index (or the files);
   * afterwards every post file the store reads keeps it current.
   */
  async searchTexts(): Promise<(postId: string) => string | undefined> {
    await this.read();
    if (!this.texts) {
      this.textsLoading ??= this.loadTexts().finally(() => (this.textsLoading = null));
      await this.textsLoading;
    }
    return (postId) => {
      const name = this.catalog.fileOf.get(postId);
      return name === undefined ? undefined : this.texts?.get(name)?.value;
    };
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
    const base = this.snapshot;
    const full = this.fullCheck || !base || changed.size === 0;
    this.changed.clear();
    this.fullCheck = false;
    const [changes, categories, tags] = await Promise.all([
      full ? this.checkAll() : this.readNamed(changed),
      readList(path.join(/*turbopackIgnore: true*/ this.dir, 'categories.json'), Category),
      readList(path.join(/*turbopackIgnore: true*/ this.dir, 'tags.json'), Tag),
    ]);
    // Every post, listed only if a reader asks (a full build of the views does; a patched one does not).
    const { catalog } = this;
    let posts: Post[] | undefined;
    const snapshot: Snapshot = {
      get posts() {
        if (!posts) {
          posts = [];
          for (const entry of catalog.files.values()) if (entry.value) posts.push(entry.value);
        }
        return posts;
      },
      categories,
      tags,
    };
    if (changes && base) {
      // Patched from the previous snapshot; if that one was itself patched and never settled, merge its changes so
      // a reader always finds at most one step back.
      const merged = new Map<string, PostChange>();
      for (const change of base.base ? (base.changes ?? []) : [])
        merged.set((change.before ?? change.after)!.id, change);
      for (const change of changes) {
        const id = (change.before ?? change.after)!.id;
        const earlier = merged.get(id);
        merged.set(id, { before: earlier ? earlier.before : change.before, after: change.after });
      }
      snapshot.base = base.base ?? base;
      snapshot.changes = [...merged.values()];
    }
    this.snapshot = snapshot;
    this.signature = signature;
    return snapshot;
  }

  /** Every file's mtime and size against what was read (or indexed); reads the files that differ. */
  private async checkAll(): Promise<null> {
    const known = this.catalog.files;
    // The folder is listed and stat'ed on a worker thread while this one parses the index.
    const [listing, indexed] = await Promise.all([
      statFolder(this.postsDir),
      known.size === 0 ? readIndex<Post | null>(this.dir, POSTS_INDEX) : null,
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
        catalog.keep(name, { ...current, value: fromIndex.value && this.shared.post(fromIndex.value) });
      else {
        catalog.keep(name, { ...current, value: null });
        toRead.push([name, current]);
      }
    }
    await this.readFiles(toRead, catalog);
    this.catalog = catalog;
    if (this.texts) for (const name of this.texts.keys()) if (!catalog.files.has(name)) this.texts.delete(name);
    // Written when the folder differs from what the index (or, later, memory) held by more than a few files (a
    // handful read again at each start costs less than rewriting the whole index, ~1 s of CPU at 100,000 posts).
    const differing = toRead.length + Math.abs(previous.size - (catalog.files.size - toRead.length));
    if (differing > Math.max(STALE_ENTRIES_KEPT, catalog.files.size / 100) || (differing > 0 && previous.size === 0))
      this.saveIndex(POSTS_INDEX);
    return null;
  }

  /** Reads again only the files of the named posts; lists the folder only for a post that has no known file. */
  private async readNamed(ids: Set<string>): Promise<PostChange[]> {
    const changes: PostChange[] = [];
    const { catalog } = this;
    const before = new Map([...ids].map((id) => [id, catalog.postOf(catalog.fileOf.get(id))]));
    const names = new Set<string>();
    let listed = false;
    for (const id of ids) {
      const name = catalog.fileOf.get(id) ?? `${id}.json`;
      if (catalog.fileOf.has(id) || statSync(path.join(this.postsDir, name), { throwIfNoEntry: false }))
        names.add(name);
      else if (!listed) {
        // A created post in a file not named after it: look for new files.
        listed = true;
        const present = (await readdir(this.postsDir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
        for (const n of present) if (!catalog.files.has(n)) names.add(n);
      }
    }
    const toRead: [string, Stamp][] = [];
    for (const name of names) {
      const info = statSync(path.join(this.postsDir, name), { throwIfNoEntry: false });
      const held = catalog.postOf(name);
      if (!info) {
        catalog.drop(name);
        this.texts?.delete(name);
        continue;
      }
      // A file an event named is read again even if its mtime and size look the same (an edit within the same
      // millisecond, or the same length).
      toRead.push([name, { mtimeMs: info.mtimeMs, size: info.size }]);
      if (held && !before.has(held.id)) before.set(held.id, held);
    }
    await this.readFiles(toRead, catalog);
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

  /** Reads post files, READ_CONCURRENCY at a time, handing each parsed post (null if invalid) to `take`. */
  private async eachPost(
    toRead: [string, Stamp][],
    take: (name: string, stamp: Stamp, post: Post | null) => void,
  ): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < toRead.length) {
        const [name, stamp] = toRead[next++]!;
        take(name, stamp, await readPost(path.join(this.postsDir, name)));
      }
    };
    await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, toRead.length) }, worker));
  }

  private readFiles(toRead: [string, Stamp][], catalog: Catalog): Promise<void> {
    return this.eachPost(toRead, (name, stamp, post) => {
      catalog.keep(name, { ...stamp, value: post && this.shared.post(withoutBody(post)) });
      if (this.texts && this.options.searchText) {
        if (post) this.texts.set(name, { ...stamp, value: this.options.searchText(post) });
        else this.texts.delete(name);
      }
    });
  }

  private async loadTexts(): Promise<void> {
    const derive = this.options.searchText;
    if (!derive) throw new Error('ContentStore: searchTexts() needs the searchText option');
    const indexed = await readIndex<string>(this.dir, SEARCH_INDEX);
    const texts = new Map<string, Indexed<string>>();
    const toRead: [string, Stamp][] = [];
    for (const [name, entry] of this.catalog.files) {
      const text = indexed.get(name);
      if (text && sameStamp(text, entry)) texts.set(name, text);
      else if (entry.value) toRead.push([name, entry]);
    }
    await this.eachPost(toRead, (name, stamp, post) => {
      if (post) texts.set(name, { mtimeMs: stamp.mtimeMs, size: stamp.size, value: derive(post) });
    });
    this.texts = texts;
    const differing = toRead.length + Math.abs(indexed.size - (texts.size - toRead.length));
    if (differing > Math.max(STALE_ENTRIES_KEPT, texts.size / 100) || (differing > 0 && indexed.size === 0))
      this.saveIndex(SEARCH_INDEX);
  }

  /** Writes an index in the background; one write at a time, the latest state last. */
  private saveIndex(name: typeof POSTS_INDEX | typeof SEARCH_INDEX): void {
    const pending = this.writes.get(name);
    if (pending) {
      pending.again = true;
      return;
    }
    const state = { running: Promise.resolve(), again: false };
    const run = async (): Promise<void> => {
      const entries: [string, Indexed<unknown>][] =
        name === POSTS_INDEX ? [...this.catalog.files] : [...(this.texts ?? [])];
      await writeIndex(this.dir, name, entries).catch((error: NodeJS.ErrnoException) =>
        // A folder removed meanwhile has nothing left to index.
        error.code === 'ENOENT'
          ? undefined
          : console.warn(
              JSON.stringify({
                msg: 'content index not written (the folder is read again at each start)',
                index: name,
                error: String(error),
              }),
            ),
      );
      if (state.again) {
        state.again = false;
        return run();
      }
      this.writes.delete(name);
    };
    state.running = run();
    this.writes.set(name, state);
  }

  /** Resolves when every index write started so far has finished (tests, and the content generator). */
  async flushed(): Promise<void> {
    while (this.writes.size) await Promise.all([...this.writes.values()].map((w) => w.running));
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
