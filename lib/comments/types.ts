// Comments on posts: what a comment is, who writes one, and the interface both implementations give the routes and
// the pages (local.ts: the data service; wix.ts: the Wix Comments API under the Blog app's id). lib/comments/index.ts
// picks one as lib/likes picks its own. A thread is a top-level comment and its replies: one level deep (a reply to
// a reply joins its parent's thread, as on Wix).

/** The Wix Blog app's id: comments on blog posts live under it, each naming the post as contextId and resourceId. */
export const BLOG_APP_ID = '14bcded7-0066-7c35-14d7-466cb3f09103';

/** PUBLISHED: everyone sees it; PENDING: waits for the owner; HIDDEN: the owner took it down (its writer sees it). */
export type CommentStatus = 'PUBLISHED' | 'PENDING' | 'HIDDEN';

export interface PostComment {
  id: string;
  postId: string;
  /** The top-level comment this one replies to; null for a top-level comment. */
  parentId: string | null;
  /**
   * The member who wrote it (null: a visitor), the name shown, and the member's picture where they chose one (a path
   * of the site's media, `/media/…`, or an https URL): read with the public thread (`list`), absent elsewhere.
   */
  author: {
    memberId: string | null;
    name: string;
    avatar?: string;
    /** A reply from the fediverse: its writer's page (their profile's https address) and handle (`@ada@host`). */
    profile?: string;
    handle?: string;
  };
  /** Plain text, as written (links are made into links only when shown: lib/comments/text.ts). */
  text: string;
  status: CommentStatus;
  createdDate: string;
  updatedDate: string;
  /** Whether its writer changed the text after writing it. */
  edited: boolean;
}

/** A top-level comment with its replies, oldest reply first. */
export interface CommentThread {
  comment: PostComment;
  replies: PostComment[];
}

export interface CommentPage {
  /** Newest thread first. */
  threads: CommentThread[];
  /** The next (older) page's cursor; null on the last page. */
  cursor: string | null;
}

/** Who writes. A member is named by their id and calls with their session cookie (Wix calls as the member). */
export type CommentWriter =
  { kind: 'member'; memberId: string; name: string; sessionToken: string } | { kind: 'visitor'; name: string };

export type MemberWriter = Extract<CommentWriter, { kind: 'member' }>;

export interface NewComment {
  postId: string;
  /** The comment replied to (a reply's parent is its top-level comment). */
  parentId?: string | null;
  text: string;
}

export interface PostComments {
  readonly name: 'local' | 'wix';
  /** One page of a post's published threads, newest first; only published replies. */
  list(postId: string, page: { limit: number; cursor?: string | null }): Promise<CommentPage>;
  /** A member's own comments on a post, whatever their status (a writer sees their pending and hidden ones). */
  mine(postId: string, writer: MemberWriter): Promise<PostComment[]>;
  /**
   * The writer's newest comment on a post (a reply too), whatever its status, or null: what a new comment of theirs
   * must not repeat (service.ts). A visitor is known by the name they give.
   */
  latest(postId: string, writer: CommentWriter): Promise<PostComment | null>;
  /**
   * Writes a comment; `status` is what the site's settings ask (PUBLISHED or PENDING). Answers it as stored: Wix may
   * hold it for approval by its own settings. An unknown or unpublished parent is the catalogue's 404.
   */
  create(comment: NewComment, writer: CommentWriter, status: 'PUBLISHED' | 'PENDING'): Promise<PostComment>;
  /**
   * Changes the text of the writer's own comment (403 for someone else's, 404 for none). `status` is what the site's
   * settings ask of this writer's comments, as for `create`: PENDING sends a published comment whose text changes
   * back to waiting for the owner. Answers it as stored: Wix holds an edit by its own moderation (then PENDING to
   * its writer).
   */
  edit(commentId: string, text: string, writer: MemberWriter, status: 'PUBLISHED' | 'PENDING'): Promise<PostComment>;
  /** Deletes the writer's own comment and its replies (403 for someone else's, 404 for none). */
  remove(commentId: string, writer: MemberWriter): Promise<PostComment>;
}

/** A reply from the fediverse (lib/fediverse), as a comment on the post it answers. */
export interface RemoteComment {
  /** Its note's ActivityPub id: the comment's id is made from it, so a second delivery writes nothing new. */
  remoteId: string;
  /** Its writer's actor: only they may change or delete it. */
  actorId: string;
  postId: string;
  /** The note it answers when that is another reply from the fediverse on the post (it joins that one's thread). */
  inReplyTo: string | null;
  name: string;
  handle: string;
  /** https addresses, or none. */
  avatar?: string;
  profile?: string;
  text: string;
}

/** The fediverse's replies, kept by the site on either platform (Wix's comments take a Wix member or visitor only). */
export interface RemoteComments {
  /** Keeps a reply (as it is when it was received already); null when it answers a reply that is not kept. */
  receive(comment: RemoteComment, status: 'PUBLISHED' | 'PENDING'): Promise<PostComment | null>;
  /** The kept reply made of note `remoteId`, whatever its status; null: none. */
  find(remoteId: string): Promise<PostComment | null>;
  /** A new text from its writer; `status` as for a member's edit (PENDING sends a published one back to waiting). */
  revise(remoteId: string, actorId: string, text: string, status: 'PUBLISHED' | 'PENDING'): Promise<PostComment | null>;
  /** Its writer deleted it (with its replies); null: no such reply of theirs. */
  forget(remoteId: string, actorId: string): Promise<PostComment | null>;
}

/** The owner's side: the comments waiting, and what they may do with any comment. */
export interface CommentModeration {
  /** Comments of a status, newest first, across posts. */
  queue(
    status: CommentStatus,
    page: { limit: number; cursor?: string | null },
  ): Promise<{
    comments: PostComment[];
    cursor: string | null;
  }>;
  /** Any comment by its id, whatever its status (the reply notices read the reply). Null: no such comment. */
  get(commentId: string): Promise<PostComment | null>;
  /** Publishes a pending or hidden comment. Null: no such comment. */
  approve(commentId: string): Promise<PostComment | null>;
  /** Takes a comment down (its writer still sees it, marked hidden). Null: no such comment. */
  hide(commentId: string): Promise<PostComment | null>;
  /** Deletes any comment and its replies. Null: no such comment. */
  discard(commentId: string): Promise<PostComment | null>;
}

/** Who may comment and what waits for the owner: the blog's comment settings. */
export interface CommentSettings {
  /** Whether visitors who are not signed in may comment (with a name). */
  visitorsMayComment: boolean;
  /** Whose comments wait for the owner's approval before anyone else sees them. */
  approval: 'none' | 'visitors' | 'everyone';
}

export const DEFAULT_COMMENT_SETTINGS: CommentSettings = { visitorsMayComment: false, approval: 'none' };
