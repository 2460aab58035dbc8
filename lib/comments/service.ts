import { CatalogueError, isCatalogueError } from '@/lib/core/errors';
import type { Post } from '@/lib/blog/types';
import { CAPTCHA_FIELD, type CaptchaKind } from '@/lib/members';
import type { Member } from '@/lib/members/types';
import { commentCaptchaAsked, takeCommentWrite } from './limits';
import { type Replies, watchReplies } from './replies';
import { type CommentSettingsStore, waitsForApproval } from './settings';
import { commentText, displayName, plainName, sameText } from './text';
import type { CommentWriter, MemberWriter, PostComment, PostComments } from './types';

// The rules of commenting, over the comments' port (local or Wix, chosen in index.ts), with no HTTP in sight: who may
// comment (members; visitors with a name where the settings let them), on which posts (published ones whose comments
// are open), how often (limits.ts: the client's writes, the captcha past a few), not the same text twice in a row (a
// writer's new comment that repeats their last one on the post), what waits for the owner (the approval setting), and
// the reply watch a member asks for. The caller is named by its session token, the client by its address key; the
// answer is the comment, or a catalogue error. A refusal the form answers in its own way (a notice on the post, the
// sign-in page, the comment written already) is marked: `commentRefusal` tells which.

/** What the comment's writer sends: `text`, a visitor's `name`, `parentId`, `notify` ('on'), the captcha's field. */
export type CommentFields = Partial<Record<string, string>>;

export interface CommentServicePorts {
  comments: () => PostComments;
  settings: () => CommentSettingsStore;
  replies: () => Replies;
  captcha: () => { verify(payload: string): Promise<boolean> };
  /** The member a session token names (null: none, or one no longer valid). */
  memberOf: (session: string | undefined) => Promise<Member | null>;
}

/** Why a comment was refused, where a form answers otherwise than with the catalogue's error. */
export type CommentRefusal =
  | { reason: 'limited' }
  | { reason: 'sign-in'; post: Post }
  | { reason: 'captcha'; captcha: CaptchaKind }
  | { reason: 'invalid' }
  /** The writer's last comment on the post says the same already (a second press, a form sent again). */
  | { reason: 'repeated'; comment: PostComment; post: Post };

const refusals = new WeakMap<object, CommentRefusal>();
const refused = <E extends CatalogueError>(error: E, refusal: CommentRefusal): E => {
  refusals.set(error, refusal);
  return error;
};

/** The refusal an error thrown by the service stands for, or null (any other error). */
export const commentRefusal = (error: unknown): CommentRefusal | null =>
  (isCatalogueError(error) && refusals.get(error)) || null;

export interface NewCommentInput {
  postId: string;
  /** The caller's session token (a member's), if any. */
  session: string | undefined;
  /** The client's address key (lib/core/security/limits.ts clientKey): what its writes are counted against. */
  client: string;
  /** The published post commented on, or the catalogue's 404: asked once the client is within its writes. */
  post: () => Promise<Post>;
  /** The fields, read once the client is within its writes (a refused client's body is never read). */
  fields: () => Promise<CommentFields>;
}

export interface EditInput {
  commentId: string;
  session: string | undefined;
  client: string;
  fields: () => Promise<CommentFields>;
}

/**
 * Runs `work` after every earlier work under the same key in this process has ended: one writer's comments on one post
 * are checked against their last one and written in turn, so a comment sent twice at once is written once.
 */
function inTurn(): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const queues = new Map<string, Promise<unknown>>();
  return async (key, work) => {
    const turn = (queues.get(key) ?? Promise.resolve()).then(work);
    const settled = turn.catch(() => {});
    queues.set(key, settled);
    try {
      return await turn;
    } finally {
      if (queues.get(key) === settled) queues.delete(key);
    }
  };
}

/** A writer on a post, as `inTurn` keys them: a member by id, a visitor by the name they give. */
const writerKey = (postId: string, writer: CommentWriter) =>
  JSON.stringify([postId, writer.kind === 'member' ? writer.memberId : `visitor:${writer.name}`]);

export function createCommentService(ports: CommentServicePorts) {
  const oneWriterAtATime = inTurn();

  const writerOf = async (session: string | undefined): Promise<{ writer: MemberWriter; member: Member } | null> => {
    const member = await ports.memberOf(session);
    if (!member || !session) return null;
    return { member, writer: { kind: 'member', memberId: member.id, name: member.displayName, sessionToken: session } };
  };

  /** The writer of one's own comments: a member, else the catalogue's 401. */
  const ownWriter = async (session: string | undefined): Promise<MemberWriter> => {
    const found = await writerOf(session);
    if (!found) throw new CatalogueError(401, 'WDE9401', 'sign in to change your comments');
    return found.writer;
  };

  const statusFor = async (writer: CommentWriter['kind']) =>
    waitsForApproval(await ports.settings().get(), writer) ? 'PENDING' : 'PUBLISHED';

  return {
    /** Who the caller is (a member's name, or null) and their own comments on the post, whatever their status. */
    async reader(postId: string, post: () => Promise<Post>, session: string | undefined) {
      await post();
      const found = await writerOf(session);
      const mine = found ? await ports.comments().mine(postId, found.writer) : [];
      return { member: found ? { name: plainName(found.member.displayName) } : null, mine };
    },

    /** Writes a comment (or a reply, `parentId`) on a post: the comment as stored, and the post. */
    async write(input: NewCommentInput): Promise<{ comment: PostComment; post: Post }> {
      try {
        await takeCommentWrite(input.client);
      } catch (error) {
        throw isCatalogueError(error) && error.status === 429 ? refused(error, { reason: 'limited' }) : error;
      }
      const fields = await input.fields();
      const post = await input.post();
      if (post.commentingEnabled === false)
        throw new CatalogueError(403, 'WDE9403', 'comments are closed on this post');
      const signedIn = await writerOf(input.session);
      const settings = await ports.settings().get();
      if (!signedIn && !settings.visitorsMayComment) {
        const signIn = new CatalogueError(401, 'WDE9401', 'sign in to comment: this blog takes comments from members');
        throw refused(signIn, { reason: 'sign-in', post });
      }
      try {
        const text = commentText(fields.text);
        const writer: CommentWriter = signedIn
          ? { ...signedIn.writer, name: plainName(signedIn.member.displayName) }
          : { kind: 'visitor', name: displayName(fields.name) };
        return await oneWriterAtATime(writerKey(post.id, writer), async () => {
          // The same text as the writer's last comment on the post, whitespace aside: sent twice, written once. Asked
          // before the captcha, so a solved one is not spent on it.
          const last = await ports.comments().latest(post.id, writer);
          if (last && sameText(last.text, text)) {
            const repeated = new CatalogueError(
              409,
              'WDE9409',
              'you posted this comment already: it is your last one here',
            );
            throw refused(repeated, { reason: 'repeated', comment: last, post });
          }
          const captcha = await commentCaptchaAsked(input.client);
          if (captcha && !(await ports.captcha().verify(fields[CAPTCHA_FIELD] ?? ''))) {
            throw refused(new CatalogueError(428, 'WDE9428', 'solve the captcha to comment'), {
              reason: 'captcha',
              captcha,
            });
          }
          const status = waitsForApproval(settings, writer.kind) ? 'PENDING' : 'PUBLISHED';
          const comment = await ports
            .comments()
            .create({ postId: post.id, parentId: fields.parentId || null, text }, writer, status);
          // Asked for (the form's box), a member is told of replies in this thread by e-mail (replies.tsx).
          if (signedIn && fields.notify === 'on') await watchReplies(ports.replies(), comment, signedIn.member);
          return { comment, post };
        });
      } catch (error) {
        if (isCatalogueError(error) && error.status === 400 && !commentRefusal(error)) {
          throw refused(error, { reason: 'invalid' });
        }
        throw error;
      }
    },

    /**
     * Changes the text of the caller's own comment. It waits for the owner as a new comment by this writer would: where
     * the settings hold their comments, a published comment whose text changes is PENDING again.
     */
    async edit(input: EditInput): Promise<PostComment> {
      await takeCommentWrite(input.client);
      const writer = await ownWriter(input.session);
      const text = commentText((await input.fields()).text);
      return ports.comments().edit(input.commentId, text, writer, await statusFor(writer.kind));
    },

    /** Deletes the caller's own comment and its replies. */
    async remove(commentId: string, session: string | undefined): Promise<PostComment> {
      return ports.comments().remove(commentId, await ownWriter(session));
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
