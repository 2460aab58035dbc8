import type { Post } from '@/lib/blog/types';
import type { Member } from '@/lib/members/types';
import { takeLikeWrite, takeVisitorLike } from './limits';
import type { LikeState, Liker, PostLikes } from './types';

// The rules of liking, over the likes' port (local or Wix, chosen in index.ts), with no HTTP in sight. The liker is the
// signed-in member, else the visitor of the visitor cookie (a value the implementation made: a forged or foreign one
// is nobody). A like by someone without one makes them a visitor of their own: the answer names the new visitor, whom
// the caller keeps (the cookie). Each client has its likes and unlikes a minute, and a visitor's like that would count
// (a new visitor, or one that does not like the post yet) takes a point of its address's budget on the post
// (limits.ts), so dropping the cookie cannot move the count further. A member likes as their account, once.

export interface LikeServicePorts {
  likes: () => PostLikes;
  /** The member a session token names (null: none, or one no longer valid). */
  memberOf: (session: string | undefined) => Promise<Member | null>;
}

/** Who calls: a member's session token, the visitor cookie's value (either may be absent). */
export interface LikeCaller {
  session: string | undefined;
  visitor: string | undefined;
}

export interface LikeInput extends LikeCaller {
  /** The post's id as the caller names it. */
  postId: string;
  /** The client's address key (lib/core/security/limits.ts clientKey). */
  client: string;
  /** What the caller asks, read once the client is within its writes. */
  intent: () => Promise<'like' | 'unlike'>;
  /** The published post, or the catalogue's 404. */
  post: () => Promise<Post>;
}

export interface LikeAnswer {
  state: LikeState;
  post: Post;
  /** A visitor made by this like, to be kept by the caller (null: none made). */
  newVisitor: string | null;
}

export function createLikeService(ports: LikeServicePorts) {
  /** The member of the session, else the visitor of the cookie (null: neither, or a cookie not ours). */
  const likerOf = async ({ session, visitor }: LikeCaller): Promise<Liker | null> => {
    const member = session ? await ports.memberOf(session) : null;
    if (member && session) return { kind: 'member', memberId: member.id, sessionToken: session };
    return visitor && ports.likes().isVisitor(visitor) ? { kind: 'visitor', visitor } : null;
  };

  return {
    /** The post's count and whether this caller likes it. */
    async state(postId: string, post: () => Promise<Post>, caller: LikeCaller): Promise<LikeState> {
      await post();
      return ports.likes().state(postId, await likerOf(caller));
    },

    /** Likes or unlikes the post as the caller; a first like makes a visitor of someone without one. */
    async write(input: LikeInput): Promise<LikeAnswer> {
      await takeLikeWrite(input.client);
      const intent = await input.intent();
      const post = await input.post();
      const likes = ports.likes();
      const { postId } = input;
      let liker = await likerOf(input);
      // Nobody this caller is has liked anything: nothing to remove, and no visitor to make.
      if (!liker && intent === 'unlike') return { state: await likes.state(postId, null), post, newVisitor: null };
      if (intent === 'like' && liker?.kind !== 'member') {
        // One that likes the post already changes nothing and takes no point.
        const counts = !liker || !(await likes.state(postId, liker)).liked;
        if (counts) await takeVisitorLike(input.client, post.id);
      }
      let newVisitor: string | null = null;
      if (!liker) {
        newVisitor = await likes.newVisitor();
        liker = { kind: 'visitor', visitor: newVisitor };
      }
      const state = intent === 'like' ? await likes.like(postId, liker) : await likes.unlike(postId, liker);
      return { state, post, newVisitor };
    },
  };
}

export type LikeService = ReturnType<typeof createLikeService>;
