import { getPostCommentCount } from './reads';
import { getCommentPage, getCommentSettings } from '@/lib/comments/reads';
import type { CommentSettings, PostComment } from '@/lib/comments';
import { isCatalogueError } from '@/lib/core/errors';
import { postCommentsPath } from '@/lib/core/site';
import { type CommentSegment, commentParagraphs, plainName } from '@/lib/comments/text';

// A post's comments as its pages show them: a page of threads (the post's own page shows the first), each comment's
// text as paragraphs of text and links (never markup), the count, the links to newer and older pages, and what the
// form asks. Comments are extra: when they cannot be read the post still shows, with the form and a line that says so.

export interface CommentView {
  id: string;
  /** The member who wrote it; null for a visitor (their island shows a member the controls of their own). */
  memberId: string | null;
  authorName: string;
  createdDate: string;
  edited: boolean;
  paragraphs: CommentSegment[][][];
}

export interface CommentsView {
  postId: string;
  /** Published comments and replies, as the post's metrics count them. */
  count: number | null;
  page: number;
  threads: { comment: CommentView; replies: CommentView[] }[];
  /** Whether the thread could be read (false: the platform did not answer; the form still shows). */
  available: boolean;
  newer: string | null;
  older: string | null;
  settings: CommentSettings;
  /** Whether the post takes comments (its writer may close them: `commentingEnabled`); its thread still shows. */
  open: boolean;
  /** The sign-in page, coming back to the post's comments. */
  signinHref: string;
}

const viewOf = (comment: PostComment): CommentView => ({
  id: comment.id,
  memberId: comment.author.memberId,
  authorName: plainName(comment.author.name),
  createdDate: comment.createdDate,
  edited: comment.edited,
  paragraphs: commentParagraphs(comment.text),
});

const extra = async <T>(what: string, postId: string, read: () => Promise<T>): Promise<T | null> => {
  try {
    return await read();
  } catch (error) {
    if (!isCatalogueError(error)) throw error;
    console.warn(JSON.stringify({ msg: `${what} unavailable`, postId, error: error.message }));
    return null;
  }
};

const NO_SETTINGS: CommentSettings = { visitorsMayComment: false, approval: 'none' };

/** Page `page` of a post's comments; null for a page past the last (the first page always exists). */
export async function commentsView(
  post: { id: string; slug: string; language?: string | null; commentingEnabled?: boolean },
  page = 1,
): Promise<CommentsView | null> {
  const [found, count, settings] = await Promise.all([
    extra('comments', post.id, () => getCommentPage(post.id, page)),
    extra('comment count', post.id, () => getPostCommentCount(post.id)),
    extra('comment settings', post.id, () => getCommentSettings()),
  ]);
  if (page > 1 && !found?.threads.length) return null;
  return {
    postId: post.id,
    count,
    page,
    threads: (found?.threads ?? []).map((t) => ({ comment: viewOf(t.comment), replies: t.replies.map(viewOf) })),
    available: found !== null,
    newer: page > 1 ? postCommentsPath(post.slug, page - 1, post.language) : null,
    older: found?.cursor ? postCommentsPath(post.slug, page + 1, post.language) : null,
    settings: settings ?? NO_SETTINGS,
    open: post.commentingEnabled !== false,
    signinHref: `/signin?${new URLSearchParams({ notice: 'signin-to-comment', next: postCommentsPath(post.slug, 1, post.language) })}`,
  };
}
