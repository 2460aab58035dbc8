import type { comments } from '@wix/comments';
import { errors } from '@/lib/core/errors';
import type { CommentStatus, PostComment } from '../types';

// The Comments API's Comment object as @wix/comments answers it, as ours, and plain text as Ricos and back (index.ts
// has the calls). The SDK renames the REST fields `id`, `createdDate` and `updatedDate` to `_id`, `_createdDate` and
// `_updatedDate` (everywhere but inside a comment's `richContent`) and answers the timestamps (`_createdDate`,
// `_updatedDate`, `commentDate`) as Date objects: @wix/auto_sdk_comments_comments, build/cjs/index.typings.d.ts
// (interface Comment), and the response transforms of its build/cjs/index.js.

export type Comment = comments.Comment;
type RichContent = comments.RichContent;
type Node = comments.Node;

/** Comment ids are GUIDs; anything else names no comment (and never reaches a URL path). */
export const ID = /^[\w-]{1,128}$/;
/** The statuses a comment is shown in (Query Comments' `status` filter takes them as they are). */
export const SHOWN = ['PUBLISHED', 'PENDING', 'HIDDEN'] as const satisfies readonly CommentStatus[];
const isShown = (status: unknown): status is CommentStatus => (SHOWN as readonly unknown[]).includes(status);
/** The name shown for a member with no public nickname, and for a guest's comment made on the Wix site. */
export const UNNAMED_MEMBER = 'Member';
export const GUEST = 'Guest';

/** Plain text as a Ricos document: one paragraph per line, each with its text node (an empty line: no node). */
export function toRichContent(text: string): RichContent {
  return {
    nodes: text.split(/\r\n|\r|\n/).map((line, i): Node => ({
      type: 'PARAGRAPH',
      id: `p${i}`,
      nodes: line ? [{ type: 'TEXT', id: '', nodes: [], textData: { text: line, decorations: [] } }] : [],
      paragraphData: {},
    })),
  };
}

const list = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);

/** The plain text of a Ricos document: each top-level block's text nodes, blocks joined with "\n". */
export function fromRichContent(richContent: RichContent | undefined): string {
  const textOf = (node: Node): string => {
    const own = typeof node?.textData?.text === 'string' ? node.textData.text : '';
    return own + list(node?.nodes).map(textOf).join('');
  };
  return list(richContent?.nodes)
    .filter((node) => node?.type === 'PARAGRAPH' || textOf(node) !== '')
    .map(textOf)
    .join('\n');
}

export const str = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** A timestamp the SDK made a Date of, as ours (ISO 8601, UTC, milliseconds); null when there is none. */
const iso = (value: Date | null | undefined) =>
  value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : null;

/** The revision a change must name (Update Comment and Moderate Draft Content require it: @requiredField). */
export function revisionOf(raw: Comment): string {
  const revision = str(raw.revision);
  if (!revision) throw errors.upstreamUnparseable(`Wix answered comment ${raw._id} without its revision`);
  return revision;
}

/** Whether a Comment carries unpublished content: an edit (or a new comment) waiting for Wix's moderation. */
export const hasDraft = (raw: Comment) => raw.draftContent?.richContent != null;

/** A comment's writer as the Members API shows them: the public nickname, and the picture if they have one. */
export interface Author {
  name: string;
  avatar?: string;
}

/** The writer's own name, for what is answered to them (their picture is the public thread's only). */
export const writerNames = (writer: { memberId: string; name: string }): ReadonlyMap<string, Author> =>
  new Map([[writer.memberId, { name: writer.name }]]);

/**
 * A Comment as ours; null for one not shown (deleted, unknown status). Readers see the published text; its writer
 * (`asWriter`) sees an edit Wix holds (a published comment with a draft) as the draft, PENDING.
 */
export function toComment(
  raw: Comment | undefined,
  names: ReadonlyMap<string, Author>,
  what: string,
  asWriter = false,
): PostComment | null {
  const id = str(raw?._id);
  if (!raw || !id) throw errors.upstreamUnparseable(`Wix answered ${what} without a comment`);
  let status = isShown(raw.status) ? raw.status : null;
  if (!status) return null;
  const memberId = str(raw.author?.memberId);
  const held = asWriter && status === 'PUBLISHED' && hasDraft(raw);
  if (held) status = 'PENDING';
  const content = held ? raw.draftContent : (raw.content ?? raw.draftContent);
  const createdDate = iso(raw.commentDate) ?? iso(raw._createdDate) ?? '';
  return {
    id,
    postId: str(raw.resourceId) ?? '',
    parentId: str(raw.parentComment?._id),
    author: authorOf(memberId, names),
    text: fromRichContent(content?.richContent),
    status,
    createdDate,
    updatedDate: iso(raw._updatedDate) ?? createdDate,
    edited: raw.contentEdited === true,
  };
}

const authorOf = (memberId: string | null, names: ReadonlyMap<string, Author>): PostComment['author'] => {
  if (!memberId) return { memberId, name: GUEST };
  const known = names.get(memberId);
  return { memberId, name: known?.name ?? UNNAMED_MEMBER, ...(known?.avatar && { avatar: known.avatar }) };
};

/** The members who wrote these Comments. */
export const authorIds = (raws: Comment[]) => [...new Set(raws.map((raw) => str(raw?.author?.memberId)))];

/** The next page's cursor of a paged answer, or null on the last page. */
export const nextCursor = (paging: comments.CursorPagingMetadata | undefined): string | null =>
  paging?.hasNext === false ? null : str(paging?.cursors?.next);

export const newestFirst = (a: PostComment, b: PostComment) => b.createdDate.localeCompare(a.createdDate);
