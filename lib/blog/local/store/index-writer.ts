import { type Indexed, writeIndex } from '../file-index';

// The indexes beside the content (file-index.ts), written in the background while the store goes on.

export const POSTS_INDEX = 'posts';
export const SEARCH_INDEX = 'search';
export type IndexName = typeof POSTS_INDEX | typeof SEARCH_INDEX;

/** Files that may differ from an index before it is written again. */
const STALE_ENTRIES_KEPT = 50;

/**
 * Whether an index is worth writing again: when the folder differs from what it held by more than a few files (a
 * handful read again at each start costs less than rewriting the whole index, ~1 s of CPU at 100,000 posts), or when
 * there was none.
 */
export const indexIsStale = (differing: number, entries: number, indexed: number) =>
  differing > Math.max(STALE_ENTRIES_KEPT, entries / 100) || (differing > 0 && indexed === 0);

export class IndexWriter {
  private readonly writes = new Map<string, { running: Promise<void>; again: boolean }>();

  /** `entriesOf` gives an index's entries as they are when its write starts. */
  constructor(
    private readonly dir: string,
    private readonly entriesOf: (name: IndexName) => [string, Indexed<unknown>][],
  ) {}

  /** Writes an index in the background; one write at a time, the latest state last. */
  save(name: IndexName): void {
    const pending = this.writes.get(name);
    if (pending) {
      pending.again = true;
      return;
    }
    const state = { running: Promise.resolve(), again: false };
    const run = async (): Promise<void> => {
      const entries = this.entriesOf(name);
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

  /** Resolves when every index write started so far has finished. */
  async flushed(): Promise<void> {
    while (this.writes.size) await Promise.all([...this.writes.values()].map((w) => w.running));
  }
}
