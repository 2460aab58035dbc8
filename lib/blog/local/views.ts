import type { OrderedPosts, PostFilter } from '../query/engine';
import { type SortSpec, patchSorted, sortPosts } from '../query/sort';
import type { Category, Post, Tag } from '../types';
import type { PostChange, Snapshot } from './store';

// What the local source derives from a snapshot: the published posts, the lists a listing or query asks for
// (sorted, filtered), and the term counts. Built once per snapshot; a snapshot made by events naming a few posts is
// patched from the views of the one before: each changed post is taken out of every list it was in and put back
// where it now belongs (binary search), so an edit touches a few posts, not every post. At 100,000 posts a pass
// over every post costs tens of milliseconds (each post is a cache miss), so the patch makes none.

export const isPublic = (post: Post) => post.status === 'PUBLISHED';
const MAX_LISTS = 32;
/** Past this many changed posts, building afresh is as cheap as patching. */
const MAX_PATCHED_CHANGES = 256;

interface List {
  sort: SortSpec[];
  filter?: PostFilter;
  posts: Post[];
}

export interface SnapshotViews {
  published: Post[];
  drafts: Post[];
  /** Published posts in a sort, with a filter: memoised per sort and filter (the most recently used few). */
  select: OrderedPosts;
  categories: Category[];
  tags: Tag[];
  /** Internal state handed from one snapshot's views to the next; patching takes it over. */
  state: { counts: Counts; at: Map<string, number>; lists: Map<string, List>; handedOver: boolean };
}

/** Published posts per term, and posts of any status per term. */
interface Counts {
  published: Map<string, number>;
  any: Map<string, number>;
}

function count(counts: Counts, post: Post, delta: 1 | -1) {
  for (const id of [...post.categoryIds, ...post.tagIds]) {
    counts.any.set(id, (counts.any.get(id) ?? 0) + delta);
    if (isPublic(post)) counts.published.set(id, (counts.published.get(id) ?? 0) + delta);
  }
}

/** Categories and tags with their post counts (published posts; tags also count drafts in `postCount`). */
function terms(snapshot: Snapshot, counts: Counts): { categories: Category[]; tags: Tag[] } {
  const categories: Category[] = snapshot.categories.map((c) => ({ ...c, postCount: counts.published.get(c.id) ?? 0 }));
  const tags: Tag[] = snapshot.tags.map((t) => ({
    ...t,
    postCount: counts.any.get(t.id) ?? 0,
    publishedPostCount: counts.published.get(t.id) ?? 0,
  }));
  categories.sort(
    (a, b) => (a.displayPosition ?? Infinity) - (b.displayPosition ?? Infinity) || a.label.localeCompare(b.label),
  );
  tags.sort((a, b) => a.label.localeCompare(b.label));
  return { categories, tags };
}

function selector(published: Post[], lists: Map<string, List>): OrderedPosts {
  return (sort, filter) => {
    const key = `${JSON.stringify(sort)}|${filter?.key ?? ''}`;
    let list = lists.get(key);
    if (list) lists.delete(key);
    else {
      if (lists.size >= MAX_LISTS) lists.delete(lists.keys().next().value!);
      const sorted = sortPosts(filter ? published.filter(filter.test) : published, sort);
      list = { sort, filter, posts: sorted };
    }
    lists.set(key, list);
    return list.posts;
  };
}

function build(snapshot: Snapshot): SnapshotViews {
  const published: Post[] = [];
  const drafts: Post[] = [];
  const at = new Map<string, number>();
  const counts: Counts = { published: new Map(), any: new Map() };
  for (const post of snapshot.posts) {
    const list = isPublic(post) ? published : drafts;
    at.set(post.id, list.length);
    list.push(post);
    count(counts, post, 1);
  }
  const lists = new Map<string, List>();
  return {
    published,
    drafts,
    select: selector(published, lists),
    ...terms(snapshot, counts),
    state: { counts, at, lists, handedOver: false },
  };
}

/**
 * The published and draft lists after a change: a post replaced where it is, or removed (the last one of its list
 * moves into its place) and added at the end of the other. `at` holds each post's index in its list.
 */
function patchPartition(published: Post[], drafts: Post[], at: Map<string, number>, { before, after }: PostChange) {
  const id = (before ?? after)!.id;
  const from = before ? (isPublic(before) ? published : drafts) : null;
  const to = after ? (isPublic(after) ? published : drafts) : null;
  const index = at.get(id);
  if (from && index !== undefined && from === to) {
    from[index] = after!;
    return;
  }
  if (from && index !== undefined) {
    const last = from.pop()!;
    at.delete(id);
    if (last.id !== id) {
      from[index] = last;
      at.set(last.id, index);
    }
  }
  if (to) {
    at.set(id, to.length);
    to.push(after!);
  }
}

export function buildViews(snapshot: Snapshot, base?: SnapshotViews): SnapshotViews {
  const changes = snapshot.changes;
  if (!base || base.state.handedOver || !changes || changes.length > MAX_PATCHED_CHANGES) return build(snapshot);
  // The maps are taken over (copying them is a pass over every post); the lists are copied, which is cheap.
  const { counts, at, lists: baseLists } = base.state;
  base.state.handedOver = true;
  const published = base.published.slice();
  const drafts = base.drafts.slice();
  for (const change of changes) {
    if (change.before) count(counts, change.before, -1);
    if (change.after) count(counts, change.after, 1);
    patchPartition(published, drafts, at, change);
  }
  const lists = new Map<string, List>();
  for (const [key, list] of baseLists) {
    const keeps = (post: Post | null): post is Post =>
      post !== null && isPublic(post) && (!list.filter || list.filter.test(post));
    const removed = changes.flatMap(({ before }) => (keeps(before) ? [before] : []));
    const added = changes.flatMap(({ after }) => (keeps(after) ? [after] : []));
    lists.set(key, { ...list, posts: patchSorted(list.posts, list.sort, removed, added) });
  }
  return {
    published,
    drafts,
    select: selector(published, lists),
    ...terms(snapshot, counts),
    state: { counts, at, lists, handedOver: false },
  };
}
