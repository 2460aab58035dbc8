import type { comments } from '@wix/comments';
import { dataErrors } from '@/lib/data/types';
import { errors } from '@/lib/core/errors';
import { BLOG_APP_ID, type MemberWriter, type PostComment } from '../types';
import {
  type Author,
  authorIds,
  type Comment,
  ID,
  nextCursor,
  str,
  toComment,
  UNNAMED_MEMBER,
  writerNames,
} from './comment';
import { type CommentCalls, statusOfCall } from './http';

// What the Wix comments read as the site: comments by id, pages of Query Comments, the authors' public names, and the
// owner's moderation calls on one comment.

/** Wix pages list and query calls by at most 100. */
export const MAX_LIMIT = 100;
/** Wix's cursors are at most this long. */
const MAX_CURSOR = 16_000;

/** A page asked of a thread or the owner's queue: its limit 1 to MAX_LIMIT, its cursor one Wix could have made. */
export function checkPage(page: { limit: number; cursor?: string | null }) {
  if (!Number.isInteger(page.limit)) throw errors.limitNotInteger('limit must be an integer');
  if (page.limit < 1 || page.limit > MAX_LIMIT) throw errors.limitOutOfRange(`limit must be 1 to ${MAX_LIMIT}`);
  if (page.cursor !== undefined && page.cursor !== null && (page.cursor === '' || page.cursor.length > MAX_CURSOR)) {
    throw errors.malformedCursor('the cursor is not valid');
  }
}

/** Query Comments' filter, as the SDK types it. */
export type CommentFilter = NonNullable<comments.CommentQuery['filter']>;

export function siteReads({ site, siteWrites, call, unlessMissing }: CommentCalls) {
  /**
   * The public nicknames and pictures of members (Members API, PUBLIC fieldset: `profile.photo.url`), 100 a call; one
   * Wix will not show has none.
   */
  async function memberNames(ids: (string | null)[]): Promise<Map<string, Author>> {
    const names = new Map<string, Author>();
    const wanted = ids.filter((id): id is string => id !== null);
    for (let i = 0; i < wanted.length; i += MAX_LIMIT) {
      const chunk = wanted.slice(i, i + MAX_LIMIT);
      const what = 'the comments’ authors';
      const answer = await call(what, () =>
        site.members
          .queryMembers({ filter: { _id: { $in: chunk } }, paging: { limit: chunk.length } }, { fieldsets: ['PUBLIC'] })
          .catch((error: unknown) => {
            const status = statusOfCall(error);
            if (status === 403 || status === 404) return null;
            throw error;
          }),
      );
      for (const member of Array.isArray(answer?.members) ? answer.members : []) {
        const id = str(member?._id);
        const nickname = str(member?.profile?.nickname)?.replace(/\s+/g, ' ').trim().slice(0, 80);
        const photo = str(member?.profile?.photo?.url)?.trim();
        const avatar = photo && photo.length <= 500 ? photo : null;
        if (id && (nickname || avatar)) names.set(id, { name: nickname || UNNAMED_MEMBER, ...(avatar && { avatar }) });
      }
    }
    return names;
  }

  /** Comments with their authors' names, the ones not shown left out. */
  async function withNames(raws: Comment[], what: string): Promise<PostComment[]> {
    const names = await memberNames(authorIds(raws));
    return raws.map((raw) => toComment(raw, names, what)).filter((c): c is PostComment => c !== null);
  }

  /** A comment as Wix stores it (as the site), or null: no such comment, or a deleted one. */
  async function getRaw(id: string): Promise<Comment | null> {
    if (!ID.test(id)) return null;
    const raw = await unlessMissing(`comment ${id}`, () => site.comments.getComment(id));
    if (raw === null) return null;
    if (!raw) throw errors.upstreamUnparseable(`Wix answered comment ${id} without a comment`);
    return raw.appId === undefined || raw.appId === BLOG_APP_ID ? raw : null;
  }

  /** The comment a member may change: 404 for none, 403 for someone else's. */
  async function ownComment(id: string, writer: MemberWriter) {
    const raw = await getRaw(id);
    const comment = raw && toComment(raw, writerNames(writer), `comment ${id}`);
    if (!raw || !comment) throw errors.notFound(`comment ${id} does not exist`);
    if (comment.author.memberId !== writer.memberId) {
      throw dataErrors.permissionDenied(`comment ${id} is not the member’s own`);
    }
    return { raw, comment };
  }

  /** One page of Query Comments (as the site): the filter on the first page, the cursor (which carries it) after. */
  async function queryPage(filter: CommentFilter, limit: number, cursor: string | null | undefined, what: string) {
    const query = cursor ? { cursorPaging: { limit, cursor } } : { filter, cursorPaging: { limit } };
    const answer = await call(what, () => site.comments.queryComments(query, { appId: BLOG_APP_ID }), cursor);
    if (!Array.isArray(answer?.comments)) throw errors.upstreamUnparseable(`Wix answered ${what} without comments`);
    return { comments: answer.comments, cursor: nextCursor(answer.pagingMetadata) };
  }

  /** A moderation call on one comment (as the site); null when Wix has no such comment. */
  async function moderate(id: string, action: 'publish' | 'hide', what: string): Promise<PostComment | null> {
    if (!ID.test(id)) return null;
    const answer = await unlessMissing(what, () =>
      action === 'publish' ? siteWrites.comments.publishComment(id) : siteWrites.comments.hideComment(id),
    );
    if (answer === null) return null;
    if (!answer?.comment) throw errors.upstreamUnparseable(`Wix answered ${what} without a comment`);
    const [comment] = await withNames([answer.comment], what);
    return comment ?? null;
  }

  return { memberNames, withNames, getRaw, ownComment, queryPage, moderate };
}
