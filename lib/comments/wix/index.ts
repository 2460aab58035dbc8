import { ConfigError } from '@/lib/core/config';
import { dataErrors } from '@/lib/data/types';
import { errors } from '@/lib/core/errors';
import { BLOG_APP_ID, type CommentModeration, type MemberWriter, type PostComment, type PostComments } from '../types';
import {
  authorIds,
  type Comment,
  hasDraft,
  newestFirst,
  nextCursor,
  revisionOf,
  SHOWN,
  str,
  toComment,
  toRichContent,
  writerNames,
} from './comment';
import { commentCalls, statusOfCall, type WixCommentsSettings } from './http';
import { MAX_LIMIT, checkPage, siteReads } from './site-reads';

export { fromRichContent, GUEST, toRichContent, UNNAMED_MEMBER } from './comment';
export type { WixCommentsSettings } from './http';

// Comments at Wix: the Comments API (`@wix/comments`, "wix.comments.ng.v1.CommentsNg", REST under
// https://www.wixapis.com/comments/v1/comments), blog comments under the Blog app's id with the post's referenceId as
// both contextId and resourceId (https://dev.wix.com/docs/rest/crm/community/comments/comments/introduction,
// "Integrations"; @wix/headless-blog does the same). The `postId` this module takes and answers is that id: the site's
// comments (lib/comments/index.ts) translate it to and from the post's own id (reference-ids.ts). Every call goes
// through the SDK's typed `comments` module (@wix/auto_sdk_comments_comments 1.0.74), the authors' names through
// @wix/members' `members`; http.ts makes the clients. On the wire:
//
//   comments.createComment          POST  /comments/v1/comments
//                                         { comment: { appId, contextId, resourceId, parentComment?: { id },
//                                           content: { richContent } } }                            → { comment }
//   comments.getComment             GET   /comments/v1/comments/{commentId}?commentId                → { comment }
//   comments.updateComment          PATCH /comments/v1/comments/{commentId}
//                                         { comment: { id, revision, content } }                    → { comment }
//   comments.deleteComment          DELETE /comments/v1/comments/{commentId}?commentId               → {}
//   comments.moderateDraftContent   POST  /comments/v1/comments/{commentId}/moderate
//                                         { commentId, revision, draftContentAction: APPROVE }      → { comment }
//   comments.publishComment         PUT   /comments/v1/comments/{commentId}/publish  { commentId }   → { comment }
//   comments.hideComment            PUT   /comments/v1/comments/{commentId}/hide     { commentId }   → { comment }
//   comments.listCommentsByResource GET   /comments/v1/comments/list-by-resource?appId&contextId&resourceId
//                                         &commentSort.order=NEWEST_FIRST&replySort.order=OLDEST_FIRST
//                                         &cursorPaging.limit&cursorPaging.repliesLimit&cursorPaging.cursor
//                                  → { comments, commentReplies: { [id]: { replies, pagingMetadata } },
//                                    pagingMetadata }
//                                  (published comments and replies only)
//   comments.queryComments          POST  /comments/v1/comments/query-cursor
//                                         { appId, query: { filter, cursorPaging: { limit } } }, then
//                                         { appId, query: { cursorPaging: { limit, cursor } } }
//                                  → { comments, pagingMetadata } (filters: resourceId, author.memberId, status, …
//                                  with $eq/$ne/$in; sorted by id: no date is sortable, so a page is put newest first
//                                  by itself)
//   the member's token              POST  /oauth2/token  { clientId, grantType: 'refresh_token', refreshToken }
//                                  (lib/wix/tokens.ts: the process's cache, the token the member's other calls hold)
//   members.queryMembers            POST  /members/v1/members/query
//                                         { fieldsets: [PUBLIC], query: { filter: { id: { $in } }, paging } }
//
// The SDK answers the REST shapes renamed and typed (comment.ts): `_id`, `_createdDate`, dates as Date objects, which
// ours carry as ISO 8601 with milliseconds (a `date-time` may have any fraction of a second, or none, so Wix's own
// strings do not sort as times).
//
// The Comment object (https://dev.wix.com/docs/rest/api-reference/comments/comments/comment-object): id, revision,
// createdDate, updatedDate, commentDate (the real date of a migrated comment), appId, contextId, resourceId,
// content.richContent (Ricos), draftContent, author { memberId | visitorId | userId }, parentComment { id }, status
// (UNKNOWN, PUBLISHED, DELETED, PENDING, HIDDEN), contentEdited. Plain text goes out as one Ricos PARAGRAPH per line,
// each holding one TEXT node; it comes back as the text of each top-level block joined with "\n".
//
// What Wix decides: `status` is read-only on a Comment, so the status the site's settings ask is not sent; Wix's own
// comment moderation holds a comment or not, and it is answered as stored (PENDING when held). A thread shows its
// first 100 published replies (List Comments By Resource's `repliesLimit` maximum).
//
// An edit Wix holds: a Comment has two contents, `content` ("Published comment content") and `draftContent`
// ("Unpublished comment content"), and Moderate Draft Content is how the owner decides on the draft (APPROVE: "Moves
// draftContent to content and updates the comment status to PUBLISHED"; REJECT of a PUBLISHED comment "clears
// draftContent"): @wix/auto_sdk_comments_comments 1.0.74, index.typings.d.ts (Comment, moderateDraftContent), and
// https://dev.wix.com/docs/api-reference/crm/community/feedback-moderation/comments/comments/moderate-draft-content.
// So where Wix's moderation holds an edit of a published comment, readers keep the published text (`content`, the
// only text the public thread reads) and the new text waits as the draft. Its writer is shown that draft as PENDING
// (the answer to the edit, `mine`), and the owner's approval of a comment with a draft approves the draft. Update
// Comment takes no status, so the site's own setting cannot hold an edit here: Wix's moderation decides, as for a new
// comment. Query Comments cannot filter on `draftContent`, so the owner's PENDING list does not show held edits (the
// Wix dashboard does).
//
// Who calls: a member's writes (create, edit, remove) as the member, with an access token from their session's
// refresh token, so Wix records them as the author and refuses someone else's comment (403 PERMISSION_DENIED). The
// reads, `mine` and the owner's moderation as the site (API key and site id: the Wix Data backend's headers), as the
// reference says for Query Comments and List Comments By Resource ("authenticated as a Wix app or Wix user").
//
// A visitor (not signed in) cannot comment here: Wix's CommentAuthor is an id only (memberId, visitorId or userId) and
// Create Comment takes a guest's e-mail at most (`contactDetails.email`), never a name, so the name the visitor gives
// could not be kept nor shown. Such a comment is refused (403 WDE0027); a guest comment made on the Wix site itself
// reads back as "Guest".
//
// Here: the methods. http.ts makes the SDK clients (as the site or the member) and reads their failures,
// site-reads.ts what is read as the site, comment.ts the Comment object as ours.

/** `mine` reads at most this many pages of 100. */
const MAX_PAGES = 10;

export function createWixComments(settings: WixCommentsSettings): PostComments & CommentModeration {
  const { clientId, apiKey, siteId } = settings;
  if (!clientId || !apiKey || !siteId) {
    throw new ConfigError('Wix comments need WIX_CLIENT_ID (members) and WIX_API_KEY with WIX_SITE_ID (the site)');
  }
  const calls = commentCalls(settings);
  const { site, siteWrites, memberToken, asMember, call, unlessMissing } = calls;
  const { memberNames, withNames, getRaw, ownComment, queryPage, moderate } = siteReads(calls);

  /** A member's own comments on a post (as the site), whatever their status, oldest first. */
  async function mine(postId: string, writer: MemberWriter): Promise<PostComment[]> {
    const filter = {
      resourceId: { $eq: postId },
      'author.memberId': { $eq: writer.memberId },
      status: { $in: [...SHOWN] },
    };
    const raws: Comment[] = [];
    let cursor: string | null = null;
    for (let n = 0; n < MAX_PAGES; n++) {
      const page = await queryPage(filter, MAX_LIMIT, cursor, `the member’s comments on post ${postId}`);
      raws.push(...page.comments);
      cursor = page.cursor;
      if (!cursor) break;
    }
    return raws
      .map((raw) => toComment(raw, writerNames(writer), 'the member’s comments', true))
      .filter((c): c is PostComment => c !== null && c.author.memberId === writer.memberId)
      .sort((a, b) => -newestFirst(a, b));
  }

  return {
    name: 'wix',

    async list(postId, page) {
      checkPage(page);
      const what = `the comments of post ${postId}`;
      const answer = await call(
        what,
        () =>
          site.comments.listCommentsByResource(BLOG_APP_ID, {
            contextId: postId,
            resourceId: postId,
            commentSort: { order: 'NEWEST_FIRST' },
            replySort: { order: 'OLDEST_FIRST' },
            cursorPaging: { limit: page.limit, repliesLimit: MAX_LIMIT, ...(page.cursor && { cursor: page.cursor }) },
          }),
        page.cursor,
      );
      if (!Array.isArray(answer?.comments)) throw errors.upstreamUnparseable(`Wix answered ${what} without comments`);
      const repliesOf = (id: string | null): Comment[] => {
        const replies = id ? answer.commentReplies?.[id]?.replies : undefined;
        return Array.isArray(replies) ? replies : [];
      };
      const tops = answer.comments.filter((raw) => !raw?.parentComment);
      const ids = tops.map((raw) => str(raw?._id));
      const names = await memberNames(authorIds([...tops, ...ids.flatMap(repliesOf)]));
      const threads = tops.flatMap((raw, i) => {
        const comment = toComment(raw, names, what);
        if (comment?.status !== 'PUBLISHED') return [];
        const published = repliesOf(ids[i] ?? null)
          .map((reply) => toComment(reply, names, what))
          .filter((reply): reply is PostComment => reply?.status === 'PUBLISHED');
        return [{ comment, replies: published }];
      });
      return { threads, cursor: nextCursor(answer.pagingMetadata) };
    },

    mine,

    async latest(postId, writer) {
      // Query Comments sorts by id only: the newest is the last of the member's own, in time. A visitor writes nothing
      // here (create refuses them).
      if (writer.kind !== 'member') return null;
      return (await mine(postId, writer)).at(-1) ?? null;
    },

    async create(comment, writer) {
      if (writer.kind !== 'member') {
        throw dataErrors.permissionDenied(
          'Wix keeps no name for a visitor’s comment (its author is a member, visitor or user id only): sign in to comment',
        );
      }
      const refreshToken = memberToken(writer);
      let parentId: string | null = null;
      if (comment.parentId) {
        const parent = await getRaw(comment.parentId);
        const shown = parent && toComment(parent, new Map(), `comment ${comment.parentId}`);
        if (!shown || shown.status !== 'PUBLISHED' || shown.postId !== comment.postId) {
          throw errors.notFound(`comment ${comment.parentId} does not exist on post ${comment.postId}`);
        }
        // A reply to a reply joins its parent's thread.
        parentId = shown.parentId ?? shown.id;
      }
      const what = `the comment on post ${comment.postId}`;
      const created = await call(what, () =>
        asMember(refreshToken, (client) =>
          client.comments.createComment({
            appId: BLOG_APP_ID,
            contextId: comment.postId,
            resourceId: comment.postId,
            ...(parentId && { parentComment: { _id: parentId } }),
            content: { richContent: toRichContent(comment.text) },
          }),
        ).catch((error: unknown) => {
          if (statusOfCall(error) === 404) throw errors.notFound(`post ${comment.postId} does not exist`);
          throw error;
        }),
      );
      const shown = toComment(created, writerNames(writer), what);
      if (!shown) throw errors.upstreamUnparseable(`Wix answered ${what} with a comment not shown`);
      return shown;
    },

    async edit(commentId, text, writer) {
      const refreshToken = memberToken(writer);
      const { raw } = await ownComment(commentId, writer);
      const revision = revisionOf(raw);
      const what = `the edit of comment ${commentId}`;
      const updated = await call(what, () =>
        asMember(refreshToken, (client) =>
          client.comments.updateComment(commentId, { revision, content: { richContent: toRichContent(text) } }),
        ),
      );
      // Wix's moderation may hold the new text as the comment's draft: its writer is told it waits.
      const edited = toComment(updated, writerNames(writer), what, true);
      if (!edited) throw errors.notFound(`comment ${commentId} does not exist`);
      return edited;
    },

    async remove(commentId, writer) {
      const refreshToken = memberToken(writer);
      const { comment } = await ownComment(commentId, writer);
      const what = `the removal of comment ${commentId}`;
      await call(what, () => asMember(refreshToken, (client) => client.comments.deleteComment(commentId)));
      return comment;
    },

    async queue(status, page) {
      checkPage(page);
      const what = `the ${status.toLowerCase()} comments`;
      const result = await queryPage({ status: { $eq: status } }, page.limit, page.cursor, what);
      const comments = (await withNames(result.comments, what)).filter((c) => c.status === status);
      return { comments: comments.sort(newestFirst), cursor: result.cursor };
    },

    async get(commentId) {
      const raw = await getRaw(commentId);
      if (!raw) return null;
      const [comment] = await withNames([raw], `comment ${commentId}`);
      return comment ?? null;
    },

    async approve(commentId) {
      const what = `the approval of comment ${commentId}`;
      const raw = await getRaw(commentId);
      if (!raw) return null;
      // Publish Comment only brings back a HIDDEN one. A comment waiting for moderation (PENDING) or a held edit (a
      // draft) is approved with Moderate Draft Content, at the revision read (DESIGN.md's Wix facts;
      // moderateDraftContent in @wix/auto_sdk_comments_comments).
      if (raw.status === 'HIDDEN' && !hasDraft(raw)) return moderate(commentId, 'publish', what);
      if (raw.status !== 'PENDING' && !hasDraft(raw)) {
        // Published already, nothing waiting: nothing to approve.
        const [comment] = await withNames([raw], what);
        return comment ?? null;
      }
      const revision = revisionOf(raw);
      const answer = await unlessMissing(what, () =>
        siteWrites.comments.moderateDraftContent(commentId, revision, { draftContentAction: 'APPROVE' }),
      );
      if (answer === null) return null;
      if (!answer?.comment) throw errors.upstreamUnparseable(`Wix answered ${what} without a comment`);
      const [comment] = await withNames([answer.comment], what);
      return comment ?? null;
    },
    hide: (commentId) => moderate(commentId, 'hide', `the hiding of comment ${commentId}`),

    async discard(commentId) {
      const raw = await getRaw(commentId);
      if (!raw) return null;
      const [comment] = await withNames([raw], `comment ${commentId}`);
      if (!comment) return null;
      const what = `the removal of comment ${commentId}`;
      const done = await unlessMissing(what, async () => {
        await siteWrites.comments.deleteComment(commentId);
        return true;
      });
      return done ? comment : null;
    },
  };
}
