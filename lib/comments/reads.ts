import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import {
  type CommentPage,
  type CommentSettings,
  commentCount,
  commentSettingsStore,
  commentTagsOf,
  siteComments,
} from '@/lib/comments';
import { readKey, settle, unwrap } from '@/lib/core/reads';

// A post's comment thread, a page at a time: the published comments and their published replies, newest thread
// first. Tagged `comments:{postId}` (every comment event about the post clears it: a comment written, edited,
// approved, hidden or deleted) and `comments` (an event that names no post, and the owner's settings). Pages are
// counted from 1; page n starts where page n − 1's cursor points, each page cached on its own.

/** Threads per page: the post page shows the newest ones, older ones are a link away. */
export const COMMENT_THREADS_PER_PAGE = 20;

async function cachedCommentPage(postId: string, page: number) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.comments, cacheTags.commentsOf(postId));
  return settle(readKey('comments', postId, page), async (): Promise<CommentPage> => {
    // At Wix, the events name the post by its reference id: the page carries those tags too.
    for (const tag of await commentTagsOf(postId)) cacheTag(tag);
    let cursor: string | null = null;
    if (page > 1) {
      cursor = unwrap(await cachedCommentPage(postId, page - 1)).cursor;
      if (!cursor) return { threads: [], cursor: null };
    }
    const found = await siteComments().list(postId, { limit: COMMENT_THREADS_PER_PAGE, cursor });
    // Its writers' names and pictures (Wix's read with the thread; a local member's picture too) are refreshed by an
    // event about the member (`author:{memberId}`), as a writer's byline is.
    const writers = found.threads.flatMap((t) => [t.comment, ...t.replies].flatMap((c) => c.author.memberId ?? []));
    for (const id of [...new Set(writers)].slice(0, MAX_WRITER_TAGS)) cacheTag(cacheTags.author(id));
    return found;
  });
}

/** The most writers a page of comments is tagged with (Next keeps at most 128 tags an entry). */
const MAX_WRITER_TAGS = 64;

/** Page `page` (from 1) of a post's published comments; an empty page past the last. */
export const getCommentPage = async (postId: string, page = 1): Promise<CommentPage> =>
  unwrap(await cachedCommentPage(postId, page));

// The blog's comment settings decide what the thread's form asks (a visitor's name, or "sign in"): tagged `comments`,
// which the settings' route clears with every thread.
async function cachedCommentSettings() {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.comments);
  return settle(readKey('comment-settings'), () => commentSettingsStore().get());
}

export const getCommentSettings = async (): Promise<CommentSettings> => unwrap(await cachedCommentSettings());

// A post's comment count: hours long, since every comment event (from Wix, or the site's own invalidation) clears
// `metrics:{id}`.
async function cachedCommentCount(id: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.metrics(id), cacheTags.post(id));
  return settle(readKey('comment-count', id), async () => {
    for (const tag of await commentTagsOf(id)) cacheTag(tag);
    return commentCount(id);
  });
}

export const getPostCommentCount = async (id: string): Promise<number> => unwrap(await cachedCommentCount(id));
