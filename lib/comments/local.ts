import { randomUUID } from 'node:crypto';
import type { DataClient } from '@/lib/data';
import { dataErrors } from '@/lib/data/types';
import { OWNER, countBy } from '@/lib/data/types';
import { errors } from '@/lib/core/errors';
import { type PostCommentItem, postComments } from './collection';
import { COMMENT_ID, commentOf, NEWEST_FIRST, OLDEST_FIRST, remoteCommentId } from './local-items';
export { remoteCommentId } from './local-items';
import type {
  CommentModeration,
  CommentStatus,
  CommentThread,
  MemberWriter,
  PostComment,
  PostComments,
  RemoteComments,
} from './types';

// Comments kept by the site: the internal `post-comments` collection of the data service. The post's count is derived,
// never written: its published comments and replies, counted by a query (`publishedCount`, as Ghost counts its
// comments), added to what the blog's platform counts (lib/comments/index.ts). Every change is announced with the
// event Wix's Comments API sends (`announce`: comment_created / _updated / _deleted through the site's one
// invalidation), which clears the post's thread and count.

export type CommentChange = 'created' | 'updated' | 'deleted';
export type CommentAnnouncer = (change: CommentChange, comment: PostComment) => Promise<void>;

/** A post's published comments and replies in `post-comments`. */
export function publishedCount(client: DataClient, postId: string): Promise<number> {
  client.declare(postComments);
  return client.count(postComments.id, { filter: { postId, status: 'PUBLISHED' } }, OWNER);
}

/** The published comments and replies of each of `postIds` (one grouped count query; a post with none is absent). */
export const publishedCounts = (client: DataClient, postIds: string[]): Promise<Map<string, number>> =>
  countBy(client, postComments, 'postId', postIds, { status: 'PUBLISHED' });

export interface LocalCommentsSettings {
  client: DataClient;
  announce: CommentAnnouncer;
}

/** The most replies one thread shows, and the most comments a writer sees of their own on one post. */
const MAX_REPLIES = 500;
const MAX_MINE = 200;

export function createLocalComments({
  client,
  announce,
}: LocalCommentsSettings): PostComments & CommentModeration & RemoteComments {
  client.declare(postComments);

  async function get(commentId: string): Promise<PostCommentItem | null> {
    if (!COMMENT_ID.test(commentId)) return null;
    return (await client.get(postComments.id, commentId, OWNER)) as PostCommentItem | null;
  }

  async function replies(parentIds: string[], status: CommentStatus | null): Promise<PostCommentItem[]> {
    if (!parentIds.length) return [];
    const filter = { parentId: { $in: parentIds }, ...(status && { status: { $eq: status } }) };
    const { items } = await client.query(postComments.id, { filter, sort: OLDEST_FIRST, limit: 1000 }, OWNER);
    return items as PostCommentItem[];
  }

  /** A writer's own comment, or the catalogue's 404 (none) or 403 (someone else's). */
  async function own(commentId: string, writer: MemberWriter): Promise<PostCommentItem> {
    const item = await get(commentId);
    if (!item) throw errors.notFound(`comment "${commentId.slice(0, 128)}" does not exist`);
    if (item.memberId !== writer.memberId) {
      throw dataErrors.permissionDenied(`comment "${commentId}" was written by someone else`);
    }
    return item;
  }

  /** Sets a comment's status (and text); the announcement clears the post's thread and count. */
  async function change(item: PostCommentItem, status: CommentStatus, text = String(item.text)) {
    const edited = item.edited === true || text !== item.text;
    const updated = (await client.update(postComments.id, { ...item, status, text, edited }, OWNER)) as PostCommentItem;
    const comment = commentOf(updated);
    await announce('updated', comment);
    return comment;
  }

  /** Deletes a comment and its replies. */
  async function removeItem(item: PostCommentItem): Promise<PostComment> {
    const children = item.parentId ? [] : await replies([item._id], null);
    if (children.length)
      await client.bulkRemove(
        postComments.id,
        children.map((c) => c._id),
        OWNER,
      );
    await client.remove(postComments.id, item._id, OWNER);
    const comment = commentOf(item);
    await announce('deleted', comment);
    return comment;
  }

  return {
    name: 'local',

    async list(postId, { limit, cursor }) {
      const result = await client.query(
        postComments.id,
        cursor
          ? { cursor, limit }
          : {
              filter: { postId: { $eq: postId }, parentId: { $eq: '' }, status: { $eq: 'PUBLISHED' } },
              sort: NEWEST_FIRST,
              limit,
            },
        OWNER,
      );
      const tops = result.items as PostCommentItem[];
      const byParent = new Map<string, PostComment[]>();
      for (const reply of (
        await replies(
          tops.map((t) => t._id),
          'PUBLISHED',
        )
      ).slice(0, MAX_REPLIES * tops.length)) {
        const list = byParent.get(String(reply.parentId)) ?? [];
        if (list.length < MAX_REPLIES) list.push(commentOf(reply));
        byParent.set(String(reply.parentId), list);
      }
      const threads: CommentThread[] = tops.map((t) => ({ comment: commentOf(t), replies: byParent.get(t._id) ?? [] }));
      return { threads, cursor: result.cursors.next };
    },

    async mine(postId, writer) {
      const filter = { postId: { $eq: postId }, memberId: { $eq: writer.memberId } };
      const { items } = await client.query(postComments.id, { filter, sort: OLDEST_FIRST, limit: MAX_MINE }, OWNER);
      return (items as PostCommentItem[]).map(commentOf);
    },

    async latest(postId, writer) {
      // A visitor has no account: the name they give is all that tells one from another.
      const who =
        writer.kind === 'member'
          ? { memberId: { $eq: writer.memberId } }
          : { memberId: { $eq: '' }, name: { $eq: writer.name } };
      const filter = { postId: { $eq: postId }, ...who };
      const { items } = await client.query(postComments.id, { filter, sort: NEWEST_FIRST, limit: 1 }, OWNER);
      const [item] = items as PostCommentItem[];
      return item ? commentOf(item) : null;
    },

    async create({ postId, parentId, text }, writer, status) {
      let parent = '';
      if (parentId) {
        // Only a published comment takes replies: a reply under one nobody else sees would be counted, unseen.
        const replied = await get(parentId);
        if (!replied || replied.postId !== postId || replied.status !== 'PUBLISHED') {
          throw errors.notFound(`comment "${parentId.slice(0, 128)}" does not exist on this post`);
        }
        // One level deep: a reply to a reply joins its parent's thread.
        parent = replied.parentId ? String(replied.parentId) : replied._id;
      }
      const item = (await client.insert(
        postComments.id,
        {
          _id: randomUUID(),
          postId,
          parentId: parent,
          memberId: memberIdOf(writer),
          name: writer.name,
          text,
          status,
          edited: false,
        },
        OWNER,
      )) as PostCommentItem;
      const comment = commentOf(item);
      await announce('created', comment);
      return comment;
    },

    async edit(commentId, text, writer, status) {
      const item = await own(commentId, writer);
      // A changed text is a new text: where the writer's comments wait for the owner, a published comment goes back
      // to waiting (out of the thread and the count) until the owner approves it again. A pending or hidden one stays
      // as it is, and an edit never publishes.
      const waits = status === 'PENDING' && item.status === 'PUBLISHED' && text !== item.text;
      return change(item, waits ? 'PENDING' : (String(item.status) as CommentStatus), text);
    },

    async remove(commentId, writer) {
      return removeItem(await own(commentId, writer));
    },

    async discard(commentId) {
      const item = await get(commentId);
      return item ? removeItem(item) : null;
    },

    async queue(status, { limit, cursor }) {
      const result = await client.query(
        postComments.id,
        cursor ? { cursor, limit } : { filter: { status: { $eq: status } }, sort: NEWEST_FIRST, limit },
        OWNER,
      );
      return { comments: (result.items as PostCommentItem[]).map(commentOf), cursor: result.cursors.next };
    },

    async get(commentId) {
      const item = await get(commentId);
      return item ? commentOf(item) : null;
    },

    async approve(commentId) {
      const item = await get(commentId);
      return item ? change(item, 'PUBLISHED') : null;
    },

    async hide(commentId) {
      const item = await get(commentId);
      return item ? change(item, 'HIDDEN') : null;
    },

    async receive(remote, status) {
      const _id = remoteCommentId(remote.remoteId);
      const kept = await get(_id);
      if (kept) return commentOf(kept);
      let parent = '';
      if (remote.inReplyTo) {
        // A reply to a reply from the fediverse joins its thread (one level deep, as on the site).
        const replied = await get(remoteCommentId(remote.inReplyTo));
        if (!replied || replied.postId !== remote.postId) return null;
        parent = replied.parentId ? String(replied.parentId) : replied._id;
      }
      const item = (await client.insert(
        postComments.id,
        {
          _id,
          postId: remote.postId,
          parentId: parent,
          memberId: '',
          name: remote.name,
          text: remote.text,
          status,
          edited: false,
          remoteId: remote.remoteId,
          actorId: remote.actorId,
          handle: remote.handle,
          avatar: remote.avatar ?? '',
          profile: remote.profile ?? '',
        },
        OWNER,
      )) as PostCommentItem;
      const comment = commentOf(item);
      await announce('created', comment);
      return comment;
    },

    async find(remoteId) {
      const item = await get(remoteCommentId(remoteId));
      return item?.remoteId === remoteId ? commentOf(item) : null;
    },

    async revise(remoteId, actorId, text, status) {
      const item = await get(remoteCommentId(remoteId));
      if (!item || item.actorId !== actorId || item.remoteId !== remoteId) return null;
      const waits = status === 'PENDING' && item.status === 'PUBLISHED' && text !== item.text;
      return change(item, waits ? 'PENDING' : (String(item.status) as CommentStatus), text);
    },

    async forget(remoteId, actorId) {
      const item = await get(remoteCommentId(remoteId));
      if (!item || item.actorId !== actorId || item.remoteId !== remoteId) return null;
      return removeItem(item);
    },
  };
}

const memberIdOf = (writer: { kind: string; memberId?: string }) => (writer.kind === 'member' ? writer.memberId! : '');
