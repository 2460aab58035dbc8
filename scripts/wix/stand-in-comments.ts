import { randomUUID } from 'node:crypto';
import { type Answer, type Call, type Json, matches, notFound, sorted, wixError } from './stand-in-shared';

// The stand-in's Comments API (/comments/v1/comments), as @wix/auto_sdk_comments_comments documents it, for the Blog's
// app only:
//
// - A blog post's comments are filed under the post's referenceId, as context and resource (@wix/headless-blog lists
//   and writes them with `contextId: post.referenceId, resourceId: post.referenceId`); a comment for the Blog's app
//   under any other resource is 404, as Wix has no such resource. `referenceOf` is the Blog's post → referenceId.
// - `createComment` (POST) by a member (their access token; `author.memberId` is theirs), PUBLISHED, or PENDING when
//   the stand-in moderates; a reply names `parentComment.id` (a reply's reply is filed under the thread's comment).
// - `getComment` (GET /{id}), `updateComment` (PATCH /{id}, the writer only, `revision` must be the current one, else
//   409; the content replaced, `contentEdited`, the revision moved on), `deleteComment` (DELETE /{id}: the writer or
//   the site; the comment is gone), `moderateDraftContent` (POST /{id}/moderate, APPROVE: PENDING → PUBLISHED),
//   `publishComment` and `hideComment` (PUT /{id}/publish, /hide): the site only (its API key), 403 else.
// - `listCommentsByResource` (GET /list-by-resource): PUBLISHED comments of the resource, `commentSort.order`
//   NEWEST_FIRST or OLDEST_FIRST by date, `cursorPaging.limit` (max 100), and each one's PUBLISHED replies in
//   `commentReplies[id]` (`replySort`, `cursorPaging.repliesLimit`): ListCommentsByResourceResponse.
// - `queryComments` (POST /query-cursor): `query.filter` over the comment's fields, sorted by id, `cursorPaging`
//   (max 100, then the cursor alone): QueryCommentsResponse `{ comments, pagingMetadata: { count, cursors, hasNext }
//   }`.
// Dates as ISO 8601 with milliseconds, as the SDK turns them into `Date`s.

const BLOG_APP_ID = '14bcded7-0066-7c35-14d7-466cb3f09103';
const MAX = 100;

type Comment = Json & { id: string; status: string; createdDate: string; revision: string };

export function createComments(referenceOf: (referenceId: string) => boolean, options: { moderate?: boolean } = {}) {
  const comments = new Map<string, Comment>();
  let clock = Date.parse('2026-11-01T00:00:00.000Z');
  /** Every comment a later date than the last: a list in date order is the order they were written in. */
  const now = () => new Date(Math.max((clock += 1000), Date.now())).toISOString();

  const page = <T>(list: T[], offset: number, limit: number, state: Json) => {
    const shown = list.slice(offset, offset + limit);
    const hasNext = offset + limit < list.length;
    const next = hasNext
      ? Buffer.from(JSON.stringify({ ...state, offset: offset + limit })).toString('base64url')
      : null;
    return { shown, pagingMetadata: { count: shown.length, cursors: next ? { next } : {}, hasNext } };
  };
  const cursorState = (cursor: unknown): Json | null => {
    if (typeof cursor !== 'string' || !cursor) return null;
    try {
      return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Json;
    } catch {
      return null;
    }
  };
  const byDate = (list: Comment[], order: string | null) =>
    [...list].sort((a, b) =>
      order === 'OLDEST_FIRST'
        ? a.createdDate.localeCompare(b.createdDate)
        : b.createdDate.localeCompare(a.createdDate),
    );

  return function answer(call: Call): Answer | undefined {
    const { method, route, query: q, body, caller } = call;
    if (!route.startsWith('/comments/v1/comments')) return undefined;
    const rest = route.slice('/comments/v1/comments'.length);
    const site = caller.kind === 'site';
    const memberId = caller.kind === 'member' ? caller.memberId : null;
    let m: RegExpExecArray | null;

    if (method === 'POST' && rest === '') {
      const given = (body.comment ?? {}) as Json;
      if (!memberId && !site) return wixError(403, 'FORBIDDEN', 'a member writes a comment');
      if (given.appId !== BLOG_APP_ID) return wixError(400, 'INVALID_ARGUMENT', 'appId: the Blog only here');
      const resource = String(given.resourceId ?? '');
      if (given.contextId !== resource || !referenceOf(resource)) return notFound(`resource ${resource}`);
      const parentId = (given.parentComment as Json | undefined)?.id as string | undefined;
      const parent = parentId === undefined ? undefined : comments.get(parentId);
      if (parentId !== undefined && (!parent || parent.resourceId !== resource)) return notFound(`comment ${parentId}`);
      const thread = parent && ((parent.parentComment as Json | undefined)?.id as string | undefined);
      const date = now();
      const comment: Comment = {
        id: randomUUID(),
        appId: BLOG_APP_ID,
        contextId: resource,
        resourceId: resource,
        ...(parent && { parentComment: { id: thread ?? parent.id } }),
        content: given.content,
        author: memberId ? { memberId } : { appId: BLOG_APP_ID },
        status: options.moderate ? 'PENDING' : 'PUBLISHED',
        replyCount: 0,
        createdDate: date,
        updatedDate: date,
        commentDate: date,
        revision: '1',
        contentEdited: false,
      };
      comments.set(comment.id, comment);
      return { status: 200, body: { comment } };
    }
    if (method === 'GET' && rest === '/list-by-resource') {
      if (q.get('appId') !== BLOG_APP_ID) return wixError(400, 'INVALID_ARGUMENT', 'appId: the Blog only here');
      const resource = q.get('resourceId') ?? '';
      const state = cursorState(q.get('cursorPaging.cursor'));
      const limit = Math.min(Number(q.get('cursorPaging.limit') ?? 50), MAX);
      const repliesLimit = Math.min(Number(q.get('cursorPaging.repliesLimit') ?? 3), MAX);
      const order = (state?.order as string | undefined) ?? q.get('commentSort.order');
      const published = [...comments.values()].filter((c) => c.resourceId === resource && c.status === 'PUBLISHED');
      const top = byDate(
        published.filter((c) => !c.parentComment),
        order,
      );
      const { shown, pagingMetadata } = page(top, Number(state?.offset ?? 0), limit, { order });
      const commentReplies = Object.fromEntries(
        shown.map((c) => {
          const replies = byDate(
            published.filter((r) => (r.parentComment as Json | undefined)?.id === c.id),
            q.get('replySort.order') ?? 'OLDEST_FIRST',
          );
          const answered = page(replies, 0, repliesLimit, {});
          return [c.id, { replies: answered.shown, pagingMetadata: answered.pagingMetadata }];
        }),
      );
      const withCounts = shown.map((c) => ({ ...c, replyCount: commentReplies[c.id]!.replies.length }));
      return { status: 200, body: { comments: withCounts, commentReplies, pagingMetadata } };
    }
    if (method === 'POST' && rest === '/query-cursor') {
      if (body.appId !== undefined && body.appId !== BLOG_APP_ID) return wixError(400, 'INVALID_ARGUMENT', 'appId');
      const query = (body.query ?? {}) as { filter?: unknown; cursorPaging?: { limit?: number; cursor?: string } };
      const state = cursorState(query.cursorPaging?.cursor);
      if (query.cursorPaging?.cursor && !state) return wixError(400, 'INVALID_ARGUMENT', 'cursor');
      const filter = state ? state.filter : query.filter;
      const limit = Math.min(query.cursorPaging?.limit ?? 50, MAX);
      const list = sorted(
        [...comments.values()].filter((c) => matches(c, filter)),
        [],
      );
      const { shown, pagingMetadata } = page(list, Number(state?.offset ?? 0), limit, { filter });
      return { status: 200, body: { comments: shown, pagingMetadata } };
    }
    if ((m = /^\/([^/]+)(?:\/(moderate|publish|hide))?$/.exec(rest))) {
      const id = decodeURIComponent(m[1]!);
      const action = m[2];
      const comment = comments.get(id);
      if (!comment) return notFound(`comment ${id}`);
      const mine = memberId !== null && (comment.author as Json).memberId === memberId;
      if (method === 'GET' && !action) return { status: 200, body: { comment } };
      if (method === 'PATCH' && !action) {
        if (!mine) return wixError(403, 'FORBIDDEN', 'only its writer edits a comment');
        const given = (body.comment ?? {}) as Json;
        if (String(given.revision) !== comment.revision) return wixError(409, 'REVISION_MISMATCH', 'revision');
        Object.assign(comment, {
          content: given.content ?? comment.content,
          contentEdited: true,
          updatedDate: now(),
          revision: String(Number(comment.revision) + 1),
        });
        return { status: 200, body: { comment } };
      }
      if (method === 'DELETE' && !action) {
        if (!mine && !site) return wixError(403, 'FORBIDDEN', 'only its writer or the site removes a comment');
        comments.delete(id);
        return { status: 200, body: {} };
      }
      if (!site) return wixError(403, 'FORBIDDEN', 'the site moderates');
      if (method === 'POST' && action === 'moderate') {
        if (body.draftContentAction !== 'APPROVE') return wixError(400, 'INVALID_ARGUMENT', 'draftContentAction');
        if (String(body.revision) !== comment.revision) return wixError(409, 'REVISION_MISMATCH', 'revision');
        if (comment.status === 'PENDING') comment.status = 'PUBLISHED';
        return { status: 200, body: { comment } };
      }
      if (method === 'PUT' && (action === 'publish' || action === 'hide')) {
        comment.status = action === 'publish' ? 'PUBLISHED' : 'HIDDEN';
        return { status: 200, body: { comment } };
      }
    }
    return undefined;
  };
}
