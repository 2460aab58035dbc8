// Likes on posts: who likes (a member, or a visitor known by a random id in a cookie), what a like call answers, and
// the interface both implementations give the routes (local.ts: the data service and the content folder; wix.ts: the
// Wix Blog Likes API). lib/likes/index.ts picks one as lib/members picks its provider.

/** Who is liking. A member is named by their id (local) and their session cookie (Wix calls as the member). */
export type Liker =
  | { kind: 'member'; memberId: string; sessionToken: string }
  /** A visitor: the value of their visitor cookie (lib/likes/visitor.ts), opened by the implementation. */
  | { kind: 'visitor'; visitor: string };

/** A post's like count and whether this liker likes it: what GET /api/posts/{id}/likes answers. */
export interface LikeState {
  total: number;
  liked: boolean;
}

export interface PostLikes {
  readonly name: 'local' | 'wix';
  /** The post's count and this liker's like (`liked: false` for nobody). */
  state(postId: string, liker: Liker | null): Promise<LikeState>;
  /** Likes the post once: a second like by the same liker, or a race of several, changes nothing. */
  like(postId: string, liker: Liker): Promise<LikeState>;
  /** Removes this liker's like; nothing when there is none. */
  unlike(postId: string, liker: Liker): Promise<LikeState>;
  /** A new visitor cookie's value: unguessable, one per browser, never reused. */
  newVisitor(): Promise<string>;
  /** Whether a visitor cookie's value is one this implementation made (a forged or foreign one is replaced). */
  isVisitor(value: string): boolean;
}

/** The platform's FQDN of a post: likes and their events name posts by it. */
export const POST_FQDN = 'wix.blog.v3.post';
