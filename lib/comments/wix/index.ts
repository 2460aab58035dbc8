import { ConfigError } from '@/lib/core/config';
import { dataErrors } from '@/lib/data/types';
import { errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import { BLOG_APP_ID, type CommentModeration, type PostComment, type PostComments } from '../types';
import { authorIds, hasDraft, newestFirst, nextCursor, SHOWN, str, toComment, toRichContent } from './comment';
import { COMMENTS, commentCalls, SITE, type WixCommentsSettings } from './http';
import { commentUrl, MAX_LIMIT, siteReads } from './site-reads';

export { fromRichContent, GUEST, toRichContent, UNNAMED_MEMBER } from './comment';
export type { WixCommentsSettings } from './http';

// Comments at Wix: the Comments API (`@wix/comments`, "wix.comments.ng.v1.CommentsNg", REST under
// https://www.wixapis.com/comments/v1/comments), blog comments under the Blog app's id with the post's id as both
// contextId and resourceId (https://dev.wix.com/docs/rest/crm/community/comments/comments/introduction,
// "Integrations"). The paths and shapes are those of the REST reference and of the request builders of
// @wix/auto_sdk_comments_comments 1.0.74 (node_modules):
//
//   createComment          POST  /comments/v1/comments
//                                 { comment: { appId, contextId, resourceId, parentComment?: { id },
//                                   content: { richContent } } }                                   → { comment }
//   getComment             GET   /comments/v1/comments/{commentId}                                        → { comment }
//   updateComment          PATCH /comments/v1/comments/{commentId}  { comment: { id, revision, content } }
//                          → { comment }
//   deleteComment          DELETE /comments/v1/comments/{commentId}                                       → {}
//   moderateDraftContent   POST  /comments/v1/comments/{commentId}/moderate
//                                 { commentId, revision, draftContentAction: APPROVE }                  → { comment }
//   publishComment         PUT   /comments/v1/comments/{commentId}/publish  { commentId }                 → { comment }
//   hideComment            PUT   /comments/v1/comments/{commentId}/hide     { commentId }                 → { comment }
//   listCommentsByResource GET   /comments/v1/comments/list-by-resource?appId&contextId&resourceId
//                                 &commentSort.order=NEWEST_FIRST&replySort.order=OLDEST_FIRST
//                                 &cursorPaging.limit&cursorPaging.repliesLimit&cursorPaging.cursor
//                          → { comments, commentReplies: { [id]: { replies, pagingMetadata } }, pagingMetadata }
//                          (published comments and replies only)
//   queryComments          POST  /comments/v1/comments/query-cursor
//                                 { appId, query: { filter, cursorPaging: { limit } } }, then
//                                 { appId, query: { cursorPaging: { limit, cursor } } }  → { comments, pagingMetadata }
//                          (filters: resourceId, author.memberId, status, … with $eq/$ne/$in; sorted by id: no
//                          date is sortable, so a page is put newest first by itself)
//   the member's token     POST  /oauth2/token  { clientId, grantType: 'refresh_token', refreshToken }
//                          (lib/wix/tokens.ts: the process's cache, the token the member's other calls hold)
//   the authors' names     POST  /members/v1/members/query  { fieldsets: [PUBLIC], query: { filter: { id: { $in } } } }
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
// Here: the methods. http.ts makes the calls (as the site or the member), site-reads.ts what is read as the site,
// comment.ts the Comment object as ours.

/** Wix's cursors are at most this long. */
const MAX_CURSOR = 16_000;
/** `mine` reads at most this many pages of 100. */
const MAX_PAGES = 10;

function checkPage(page: { limit: number; cursor?: string | null }) {
  if (!Number.isInteger(page.limit)) throw errors.limitNotInteger('limit must be an integer');
  if (page.limit < 1 || page.limit > MAX_LIMIT) throw errors.limitOutOfRange(`limit must be 1 to ${MAX_LIMIT}`);
  if (page.cursor !== undefined && page.cursor !== null && (page.cursor === '' || page.cursor.length > MAX_CURSOR)) {
    throw errors.malformedCursor('the cursor is not valid');
  }
}

export function createWixComments(settings: WixCommentsSettings): PostComments & CommentModeration {
  const { clientId, apiKey, siteId } = settings;
  if (!clientId || !apiKey || !siteId) {
    throw new ConfigError('Wix comments need WIX_CLIENT_ID (members) and WIX_API_KEY with WIX_SITE_ID (the site)');
  }
  const calls = commentCalls(settings);
  const { send, failure, ok, memberCaller } = calls;
  const { memberNames, withNames, getRaw, ownComment, queryPage, moderate } = siteReads(calls);

  return {
    name: 'wix',

    async list(postId, page) {
      checkPage(page);
      const params = new URLSearchParams({
        appId: BLOG_APP_ID,
        contextId: postId,
        resourceId: postId,
        'commentSort.order': 'NEWEST_FIRST',
        'replySort.order': 'OLDEST_FIRST',
        'cursorPaging.limit': String(page.limit),
        'cursorPaging.repliesLimit': String(MAX_LIMIT),
        ...(page.cursor && { 'cursorPaging.cursor': page.cursor }),
      });
      const what = `the comments of post ${postId}`;
      const answer = await send(SITE, 'GET', `${COMMENTS}/list-by-resource?${params}`, what);
      const body = ok(answer, what, page.cursor);
      if (!Array.isArray(body.comments)) throw errors.upstreamUnparseable(`Wix answered ${what} without comments`);
      const replies = isRecord(body.commentReplies) ? body.commentReplies : {};
      const repliesOf = (id: string): unknown[] => {
        const entry = replies[id];
        return isRecord(entry) && Array.isArray(entry.replies) ? entry.replies : [];
      };
      const tops = body.comments.filter((raw) => !(isRecord(raw) && isRecord(raw.parentComment)));
      const ids = tops.map((raw) => (isRecord(raw) ? str(raw.id) : null));
      const names = await memberNames(authorIds([...tops, ...ids.flatMap((id) => (id ? repliesOf(id) : []))]));
      const threads = tops.flatMap((raw, i) => {
        const comment = toComment(raw, names, what);
        if (comment?.status !== 'PUBLISHED') return [];
        const published = repliesOf(ids[i]!)
          .map((reply) => toComment(reply, names, what))
          .filter((reply): reply is PostComment => reply?.status === 'PUBLISHED');
        return [{ comment, replies: published }];
      });
      return { threads, cursor: nextCursor(body) };
    },

    async mine(postId, writer) {
      const filter = {
        resourceId: { $eq: postId },
        'author.memberId': { $eq: writer.memberId },
        status: { $in: [...SHOWN] },
      };
      const raws: unknown[] = [];
      let cursor: string | null = null;
      for (let n = 0; n < MAX_PAGES; n++) {
        const page = await queryPage(filter, MAX_LIMIT, cursor, `the member’s comments on post ${postId}`);
        raws.push(...page.comments);
        cursor = page.cursor;
        if (!cursor) break;
      }
      const names = new Map([[writer.memberId, writer.name]]);
      return raws
        .map((raw) => toComment(raw, names, 'the member’s comments', true))
        .filter((c): c is PostComment => c !== null && c.author.memberId === writer.memberId)
        .sort((a, b) => -newestFirst(a, b));
    },

    async create(comment, writer) {
      if (writer.kind !== 'member') {
        throw dataErrors.permissionDenied(
          'Wix keeps no name for a visitor’s comment (its author is a member, visitor or user id only): sign in to comment',
        );
      }
      const caller = memberCaller(writer);
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
      const answer = await send(caller, 'POST', COMMENTS, what, {
        comment: {
          appId: BLOG_APP_ID,
          contextId: comment.postId,
          resourceId: comment.postId,
          ...(parentId && { parentComment: { id: parentId } }),
          content: { richContent: toRichContent(comment.text) },
        },
      });
      if (answer.status === 404) throw errors.notFound(`post ${comment.postId} does not exist`);
      const created = toComment(ok(answer, what).comment, new Map([[writer.memberId, writer.name]]), what);
      if (!created) throw errors.upstreamUnparseable(`Wix answered ${what} with a comment not shown`);
      return created;
    },

    async edit(commentId, text, writer) {
      const caller = memberCaller(writer);
      const { raw } = await ownComment(commentId, writer);
      const what = `the edit of comment ${commentId}`;
      const answer = await send(caller, 'PATCH', commentUrl(commentId), what, {
        comment: { id: commentId, revision: raw.revision, content: { richContent: toRichContent(text) } },
      });
      // Wix's moderation may hold the new text as the comment's draft: its writer is told it waits.
      const edited = toComment(ok(answer, what).comment, new Map([[writer.memberId, writer.name]]), what, true);
      if (!edited) throw errors.notFound(`comment ${commentId} does not exist`);
      return edited;
    },

    async remove(commentId, writer) {
      const caller = memberCaller(writer);
      const { comment } = await ownComment(commentId, writer);
      const what = `the removal of comment ${commentId}`;
      const answer = await send(caller, 'DELETE', commentUrl(commentId), what);
      if (!answer.ok) throw failure(answer, what);
      return comment;
    },

    async queue(status, page) {
      checkPage(page);
      const what = `the ${status.toLowerCase()} comments`;
      const result = await queryPage({ status: { $eq: status } }, page.limit, page.cursor, what);
      const comments = (await withNames(result.comments, what)).filter((c) => c.status === status);
      return { comments: comments.sort(newestFirst), cursor: result.cursor };
    },

    async approve(commentId) {
      const what = `the approval of comment ${commentId}`;
      const raw = await getRaw(commentId);
      if (!raw) return null;
      // Publish Comment only brings back a HIDDEN one. A comment waiting for moderation (PENDING) or a held edit (a
      // draft) is approved with Moderate Draft Content, at the revision read (DESIGN.md's Wix facts;
      // moderateDraftContent in @wix/auto_sdk_comments_comments).
      if (raw.status === 'HIDDEN' && !hasDraft(raw)) return moderate(commentId, '/publish', what);
      if (raw.status !== 'PENDING' && !hasDraft(raw)) {
        // Published already, nothing waiting: nothing to approve.
        const [comment] = await withNames([raw], what);
        return comment ?? null;
      }
      const answer = await send(SITE, 'POST', commentUrl(commentId, '/moderate'), what, {
        commentId,
        revision: raw.revision,
        draftContentAction: 'APPROVE',
      });
      if (answer.status === 404) return null;
      const [comment] = await withNames([ok(answer, what).comment], what);
      return comment ?? null;
    },
    hide: (commentId) => moderate(commentId, '/hide', `the hiding of comment ${commentId}`),

    async discard(commentId) {
      const raw = await getRaw(commentId);
      if (!raw) return null;
      const [comment] = await withNames([raw], `comment ${commentId}`);
      if (!comment) return null;
      const what = `the removal of comment ${commentId}`;
      const answer = await send(SITE, 'DELETE', commentUrl(commentId), what);
      if (answer.status === 404) return null;
      if (!answer.ok) throw failure(answer, what);
      return comment;
    },
  };
}
