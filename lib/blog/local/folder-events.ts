import { createHash } from 'node:crypto';
import type { DomainEvent } from '@/lib/core/events/types';
import type { Category, Post, Tag } from '../types';
import type { FolderChanges, PostChange, TermChange } from './store/types';

// What a change found in the content folder means, in the events the platform sends for the same change (and the
// desk sends for its own writes, lib/blog/desk/service.ts): Wix's post_created on publication, post_deleted when a
// post leaves the readers (deleted or unpublished), draft_* for what only the owner sees (and is planned, when
// scheduled), post_liked when only a live post's counts moved. A post that went from live to scheduled between two
// looks (unpublished, then scheduled) is both: it left the readers, and it waits for its time.

const isLive = (post: Post | null): post is Post => post?.status === 'PUBLISHED';

/** Two reads of a post that differ only in its counts (a like written by the CLI). */
const onlyMetricsDiffer = (before: Post, after: Post) =>
  JSON.stringify({ ...before, metrics: null }) === JSON.stringify({ ...after, metrics: null });

function postEvents({ before, after }: PostChange): DomainEvent[] {
  const post = (after ?? before)!;
  const named = { entityId: post.id, fromFolder: true as const, ...(post.language && { language: post.language }) };
  const draft = (type: 'created' | 'updated' | 'deleted'): DomainEvent => ({
    type: `wix.blog.v3.draft_${type}`,
    entityId: post.id,
    fromFolder: true,
  });
  if (isLive(after) && isLive(before))
    return [
      onlyMetricsDiffer(before, after)
        ? { type: 'wix.blog.v3.post_liked', entityId: post.id, fromFolder: true }
        : { type: 'wix.blog.v3.post_updated', ...named },
    ];
  // A draft published leaves the owner's drafts too; a post unpublished (or scheduled) joins them, and is planned.
  if (isLive(after)) return [{ type: 'wix.blog.v3.post_created', ...named }, ...(before ? [draft('updated')] : [])];
  if (isLive(before)) return [{ type: 'wix.blog.v3.post_deleted', ...named }, ...(after ? [draft('updated')] : [])];
  return [draft(!before ? 'created' : after ? 'updated' : 'deleted')];
}

function termEvent<T extends Category | Tag>(kind: 'category' | 'tag', { before, after }: TermChange<T>): DomainEvent {
  const term = (after ?? before)!;
  const change = !before ? 'created' : after ? 'updated' : 'deleted';
  return {
    type: `wix.blog.v3.${kind}_${change}`,
    entityId: term.id,
    fromFolder: true,
    ...(term.language && { language: term.language }),
  } as DomainEvent;
}

export interface FolderEvent {
  event: DomainEvent;
  /** The change itself (the event, its entity before and after), the same on every instance that found it. */
  key: string;
}

const keyOf = (event: DomainEvent, change: { before: unknown; after: unknown }) =>
  createHash('sha256')
    .update(JSON.stringify([event.type, change.before, change.after]))
    .digest('base64url');

/**
 * The events a change found in the folder stands for, one per post, category or tag it touched; each says it came from
 * the folder (the source has read it) and carries a key naming the change, for one instance of several to claim.
 */
export function folderEvents(changes: FolderChanges): FolderEvent[] {
  const keyed = (event: DomainEvent, change: { before: unknown; after: unknown }) => ({
    event,
    key: keyOf(event, change),
  });
  return [
    ...changes.posts.flatMap((change) => postEvents(change).map((event) => keyed(event, change))),
    ...changes.categories.map((change) => keyed(termEvent('category', change), change)),
    ...changes.tags.map((change) => keyed(termEvent('tag', change), change)),
  ];
}
