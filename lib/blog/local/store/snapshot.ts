import type { Category, Post, Tag } from '../../types';
import type { Catalog } from './catalog';
import type { PostChange, Snapshot } from './types';

/**
 * A snapshot of the catalog as read: every post listed only if a reader asks (a full build of the views does; a
 * patched one does not). With `changes` (events named posts), it is patched from `base`: if that one was itself
 * patched and never settled, its changes are merged in, so a reader always finds at most one step back.
 */
export function makeSnapshot(
  catalog: Catalog,
  categories: Category[],
  tags: Tag[],
  changes: PostChange[] | null,
  base: Snapshot | null,
): Snapshot {
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
    const merged = new Map<string, PostChange>();
    for (const change of base.base ? (base.changes ?? []) : []) merged.set((change.before ?? change.after)!.id, change);
    for (const change of changes) {
      const id = (change.before ?? change.after)!.id;
      const earlier = merged.get(id);
      const before = earlier ? earlier.before : change.before;
      // Made and removed since the settled snapshot: no change to it at all.
      if (before === null && change.after === null) merged.delete(id);
      else merged.set(id, { before, after: change.after });
    }
    snapshot.base = base.base ?? base;
    snapshot.changes = [...merged.values()];
  }
  return snapshot;
}
