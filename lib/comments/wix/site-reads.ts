import { dataErrors } from '@/lib/data/types';
import { errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import { BLOG_APP_ID, type MemberWriter, type PostComment } from '../types';
import { authorIds, ID, type Json, nextCursor, str, toComment } from './comment';
import { COMMENTS, type CommentCalls, MEMBERS_QUERY, SITE } from './http';

// What the Wix comments read as the site: comments by id, pages of Query Comments, the authors' public names, and the
// owner's moderation calls on one comment.

/** Wix pages list and query calls by at most 100. */
export const MAX_LIMIT = 100;

export const commentUrl = (id: string, action = '') => `${COMMENTS}/${encodeURIComponent(id)}${action}`;

export function siteReads({ send, ok }: CommentCalls) {
  /** The public nicknames of members (Members API, PUBLIC fieldset), 100 a call; one Wix will not show has none. */
  async function memberNames(ids: (string | null)[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const wanted = ids.filter((id): id is string => id !== null);
    for (let i = 0; i < wanted.length; i += MAX_LIMIT) {
      const chunk = wanted.slice(i, i + MAX_LIMIT);
      const answer = await send(SITE, 'POST', MEMBERS_QUERY, 'the comments’ authors', {
        fieldsets: ['PUBLIC'],
        query: { filter: { id: { $in: chunk } }, paging: { limit: chunk.length } },
      });
      if (answer.status === 403 || answer.status === 404) continue;
      const body = ok(answer, 'the comments’ authors');
      for (const member of Array.isArray(body.members) ? body.members : []) {
        if (!isRecord(member) || !str(member.id) || !isRecord(member.profile)) continue;
        const nickname = str(member.profile.nickname)?.replace(/\s+/g, ' ').trim().slice(0, 80);
        if (nickname) names.set(member.id as string, nickname);
      }
    }
    return names;
  }

  /** Comments with their authors' names, the ones not shown left out. */
  async function withNames(raws: unknown[], what: string): Promise<PostComment[]> {
    const names = await memberNames(authorIds(raws));
    return raws.map((raw) => toComment(raw, names, what)).filter((c): c is PostComment => c !== null);
  }

  /** A comment as Wix stores it (as the site), or null: no such comment, or a deleted one. */
  async function getRaw(id: string): Promise<Json | null> {
    if (!ID.test(id)) return null;
    const answer = await send(SITE, 'GET', commentUrl(id), `comment ${id}`);
    if (answer.status === 404) return null;
    const raw = ok(answer, `comment ${id}`).comment;
    if (!isRecord(raw)) throw errors.upstreamUnparseable(`Wix answered comment ${id} without a comment`);
    return raw.appId === undefined || raw.appId === BLOG_APP_ID ? raw : null;
  }

  /** The comment a member may change: 404 for none, 403 for someone else's. */
  async function ownComment(id: string, writer: MemberWriter) {
    const raw = await getRaw(id);
    const comment = raw && toComment(raw, new Map([[writer.memberId, writer.name]]), `comment ${id}`);
    if (!raw || !comment) throw errors.notFound(`comment ${id} does not exist`);
    if (comment.author.memberId !== writer.memberId) {
      throw dataErrors.permissionDenied(`comment ${id} is not the member’s own`);
    }
    return { raw, comment };
  }

  /** One page of Query Comments (as the site): the filter on the first page, the cursor (which carries it) after. */
  async function queryPage(filter: Json, limit: number, cursor: string | null | undefined, what: string) {
    const query = cursor ? { cursorPaging: { limit, cursor } } : { filter, cursorPaging: { limit } };
    const answer = await send(SITE, 'POST', `${COMMENTS}/query-cursor`, what, {
      appId: BLOG_APP_ID,
      query,
    });
    const body = ok(answer, what, cursor);
    if (!Array.isArray(body.comments)) throw errors.upstreamUnparseable(`Wix answered ${what} without comments`);
    return { comments: body.comments as unknown[], cursor: nextCursor(body) };
  }

  /** A moderation call on one comment (as the site); null when Wix has no such comment. */
  async function moderate(id: string, action: '/publish' | '/hide', what: string): Promise<PostComment | null> {
    if (!ID.test(id)) return null;
    const answer = await send(SITE, 'PUT', commentUrl(id, action), what, { commentId: id });
    if (answer.status === 404) return null;
    const raw = ok(answer, what).comment;
    const [comment] = await withNames([raw], what);
    return comment ?? null;
  }

  return { memberNames, withNames, getRaw, ownComment, queryPage, moderate };
}
