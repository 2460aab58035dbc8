import { getPostCommentCount } from './reads';
import { getCommentPage, getCommentSettings } from '@/lib/comments/reads';
import type { CommentSettings, PostComment } from '@/lib/comments';
import { localMediaUrl } from '@/lib/blog/view';
import { config } from '@/lib/core/config';
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
  /** The writer's picture, else their initials on a background their name picks. Decorative: the name is shown. */
  avatar: CommentAvatar;
  /** A reply from the fediverse: its writer's handle (`@ada@host`) and page, which their name links to. */
  remote?: { handle: string; href: string | null };
  createdDate: string;
  edited: boolean;
  paragraphs: CommentSegment[][][];
}

/** A picture's address (`/media/…` or https), or up to two initials and one of the AVATAR_TONES backgrounds. */
export type CommentAvatar = { src: string } | { initials: string; tone: number };

/**
 * How many backgrounds initials are shown on: `.comment__avatar--0` to `--7` in app/globals.css, each with letters at a
 * contrast of 4.5:1 at least, in the light scheme and the dark one (tests/comments/avatar.test.ts measures them).
 */
export const AVATAR_TONES = 8;

/** The background of a name's initials: the same name always gets the same one (FNV-1a of its UTF-16 units). */
export function avatarTone(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return hash % AVATAR_TONES;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** A word's first letter or digit (a whole grapheme: "É", "👍🏽"), skipping what comes before it ("(Ann" → "A"). */
const initialOf = (word: string) => {
  const at = word.search(/[\p{L}\p{N}]/u);
  return at < 0 ? '' : ([...graphemes.segment(word.slice(at))][0]?.segment ?? '');
};

/** A name's initials: its first word's and its last word's ("Ada King Lovelace" → "AL"), "?" when it has no letter. */
export function initials(name: string): string {
  const letters = name.split(/\s+/).map(initialOf).filter(Boolean);
  return (letters.length > 1 ? letters[0]! + letters.at(-1)! : (letters[0] ?? '?')).toUpperCase();
}

/**
 * A picture a comment's writer chose, as the page may load it: a file of the site's media (`/media/…`, also written as
 * this site's absolute URL, as Wix keeps one), or an https address (Wix's media, a social login's photo); else null.
 */
export function avatarSrc(picture: string | undefined, siteUrl: string): string | null {
  if (!picture) return null;
  const own = picture.startsWith(`${siteUrl}/media/`) ? picture.slice(siteUrl.length) : picture;
  if (own.startsWith('/')) return localMediaUrl(own);
  try {
    const url = new URL(own);
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

/** An http(s) address without credentials, as a link may open it; else null. */
function webAddress(address: string | undefined): string | null {
  if (!address || !URL.canParse(address)) return null;
  const url = new URL(address);
  return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password ? url.href : null;
}

/** What a comment shows beside its writer's name. */
export const commentAvatar = (name: string, picture: string | undefined, siteUrl: string): CommentAvatar => {
  const src = avatarSrc(picture, siteUrl);
  return src ? { src } : { initials: initials(name), tone: avatarTone(name) };
};

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
  /** The sign-in page, coming back to this page of the post's comments (a reply's form, to its thread). */
  signinHref: string;
}

const viewOf = (comment: PostComment, siteUrl: string): CommentView => ({
  id: comment.id,
  memberId: comment.author.memberId,
  authorName: plainName(comment.author.name),
  avatar: commentAvatar(plainName(comment.author.name), comment.author.avatar, siteUrl),
  ...(comment.author.handle !== undefined && {
    remote: { handle: plainName(comment.author.handle), href: webAddress(comment.author.profile) },
  }),
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
  const { siteUrl } = config();
  return {
    postId: post.id,
    count,
    page,
    threads: (found?.threads ?? []).map((t) => ({
      comment: viewOf(t.comment, siteUrl),
      replies: t.replies.map((reply) => viewOf(reply, siteUrl)),
    })),
    available: found !== null,
    newer: page > 1 ? postCommentsPath(post.slug, page - 1, post.language) : null,
    older: found?.cursor ? postCommentsPath(post.slug, page + 1, post.language) : null,
    settings: settings ?? NO_SETTINGS,
    open: post.commentingEnabled !== false,
    signinHref: `/signin?${new URLSearchParams({ notice: 'signin-to-comment', next: postCommentsPath(post.slug, page, post.language) })}`,
  };
}
