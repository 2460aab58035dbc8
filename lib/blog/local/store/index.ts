import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Category, type Post, Tag } from '../../types';
import { CATEGORIES_FILE, POSTS_FOLDER, TAGS_FILE, termsFileOf } from '../folder';
import { checkAll, readNamed } from './check';
import { readList, readPost } from './files';
import { makeSnapshot } from './snapshot';
import { createStoreState, type StoreState } from './state';
import { loadTexts } from './texts';
import type { FolderChanges, PostBody, Snapshot, StoreOptions, TermChange } from './types';

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
//
// Here: when to load and what a load answers for. The files as read and the steps over them are the state's
// (state.ts): the checks (check.ts), the posts' files (files.ts, catalog.ts, interner.ts), the search texts
// (texts.ts) and the index writes (index-writer.ts).

export type { FolderChanges, PostBody, PostChange, Snapshot, StoreOptions, TermChange } from './types';

export class ContentStore {
  private signature = '';
  private snapshot: Snapshot | null = null;
  private loading: { signature: string; snapshot: Promise<Snapshot> } | null = null;
  /** Posts an event named since the last load (their files are read again), and whether a full check is due. */
  private readonly changed = new Set<string>();
  private fullCheck = false;
  /** Post files the folder's watcher saw change (watch.ts), which no event may explain. */
  private readonly noticed = new Set<string>();
  /** Told what a load found changed that no event named (the folder's watcher publishes it). */
  private unexplained: ((changes: FolderChanges) => void) | null = null;
  /** Bumped by every invalidate(): part of the state a snapshot answers for. */
  private generation = 0;
  private textsLoading: Promise<void> | null = null;
  private readonly state: StoreState;

  constructor(
    readonly dir: string,
    options: StoreOptions = {},
  ) {
    this.state = createStoreState(dir, options);
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

  /**
   * The folder's watcher saw these post files change (by file name): the next read reads them again, and what they
   * changed is told to `onUnexplained`'s listener unless an event named the post meanwhile.
   */
  notice(fileNames: readonly string[]): void {
    for (const name of fileNames) this.noticed.add(name);
    this.generation++;
  }

  /**
   * Every change a load finds that no event explained: files the watcher noticed, and what a full check found once the
   * folder had been read (a write the watcher missed, or made while no process watched, seen by the folder's mtime).
   * Terms count as explained when an event asked for the full check (a category's or tag's event does).
   */
  onUnexplained(listener: ((changes: FolderChanges) => void) | null): void {
    this.unexplained = listener;
  }

  /** A post's body, read from its file (null when the post or its file is gone). */
  async body(postId: string): Promise<PostBody | null> {
    const name = this.state.catalog.fileOf.get(postId);
    if (!name) return null;
    const post = await readPost(path.join(this.state.postsDir, name));
    if (!post || post.id !== postId) return null;
    return {
      richContent: post.richContent,
      richContentCompressed: post.richContentCompressed,
      contentText: post.contentText,
    };
  }

  /** A post by id, as last read (drafts too); lookups by id and slug cost the same at any folder size. */
  post(postId: string): Post | null {
    const { catalog } = this.state;
    return catalog.postOf(catalog.fileOf.get(postId));
  }

  /** The posts with a slug (one per language at most, in a well-formed folder), as last read. */
  postsWithSlug(slug: string): Post[] {
    return this.state.catalog.withSlug(slug);
  }

  /**
   * What search looks at in each post, by post id. The first call reads it from the search index (or the files);
   * afterwards every post file the store reads keeps it current.
   */
  async searchTexts(): Promise<(postId: string) => string | undefined> {
    await this.read();
    const { state } = this;
    if (!state.texts) {
      this.textsLoading ??= loadTexts(state).finally(() => (this.textsLoading = null));
      await this.textsLoading;
    }
    return (postId) => {
      const name = state.catalog.fileOf.get(postId);
      return name === undefined ? undefined : state.texts?.get(name)?.value;
    };
  }

  /** Resolves when every index write started so far has finished (tests, and the content generator). */
  flushed(): Promise<void> {
    return this.state.indexes.flushed();
  }

  private async folderSignature(): Promise<string> {
    const parts = await Promise.all(
      [POSTS_FOLDER, CATEGORIES_FILE, TAGS_FILE].map((name) =>
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
    const explained = new Set(this.changed);
    const noticed = [...this.noticed];
    const base = this.snapshot;
    const termsExplained = this.fullCheck;
    const full = this.fullCheck || !base || (explained.size === 0 && noticed.length === 0);
    this.changed.clear();
    this.noticed.clear();
    this.fullCheck = false;
    const named = new Set(explained);
    const { catalog } = this.state;
    // A noticed file's post: the one it held, else the one its name says (readNamed lists the folder for others).
    for (const name of noticed) named.add(catalog.postOf(name)?.id ?? name.replace(/\.json$/, ''));
    const [changes, categories, tags] = await Promise.all([
      full ? checkAll(this.state) : readNamed(this.state, named),
      readList(termsFileOf(this.dir, 'category'), Category),
      readList(termsFileOf(this.dir, 'tag'), Tag),
    ]);
    // A full check swaps the catalog whole: the views are built again rather than patched.
    const snapshot = makeSnapshot(this.state.catalog, categories, tags, full ? null : changes, base);
    this.snapshot = snapshot;
    this.signature = signature;
    if (base && this.unexplained) {
      // A file read again that says what it said (its event's read came first) is no change.
      const posts = changes.filter(
        ({ before, after }) =>
          !explained.has((after ?? before)!.id) && JSON.stringify(before) !== JSON.stringify(after),
      );
      const folder: FolderChanges = {
        posts,
        categories: termsExplained ? [] : termChanges(base.categories, categories),
        tags: termsExplained ? [] : termChanges(base.tags, tags),
      };
      if (folder.posts.length || folder.categories.length || folder.tags.length) this.unexplained(folder);
    }
    return snapshot;
  }
}

/** The terms of a list that were added, changed or removed, by id. */
function termChanges<T extends Category | Tag>(before: readonly T[], after: readonly T[]): TermChange<T>[] {
  const was = new Map(before.map((term) => [term.id, term]));
  const changes: TermChange<T>[] = [];
  for (const term of after) {
    const old = was.get(term.id);
    was.delete(term.id);
    if (!old || JSON.stringify(old) !== JSON.stringify(term)) changes.push({ before: old ?? null, after: term });
  }
  for (const old of was.values()) changes.push({ before: old, after: null });
  return changes;
}
