import { errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import type { CommentStatus, PostComment } from '../types';

// The Comments API's Comment object as ours, and plain text as Ricos and back (index.ts has the shapes).

export type Json = Record<string, unknown>;

/** Comment ids are GUIDs; anything else names no comment (and never reaches a URL path). */
export const ID = /^[\w-]{1,128}$/;
export const SHOWN: ReadonlySet<string> = new Set(['PUBLISHED', 'PENDING', 'HIDDEN']);
/** The name shown for a member with no public nickname, and for a guest's comment made on the Wix site. */
export const UNNAMED_MEMBER = 'Member';
export const GUEST = 'Guest';

/** Plain text as a Ricos document: one paragraph per line, each with its text node (an empty line: no node). */
export function toRichContent(text: string) {
  return {
    nodes: text.split(/\r\n|\r|\n/).map((line, i) => ({
      type: 'PARAGRAPH',
      id: `p${i}`,
      nodes: line ? [{ type: 'TEXT', id: '', nodes: [], textData: { text: line, decorations: [] } }] : [],
      paragraphData: {},
    })),
  };
}

/** The plain text of a Ricos document: each top-level block's text nodes, blocks joined with "\n". */
export function fromRichContent(richContent: unknown): string {
  const nodes = isRecord(richContent) && Array.isArray(richContent.nodes) ? richContent.nodes : [];
  const textOf = (node: unknown): string => {
    if (!isRecord(node)) return '';
    const own = isRecord(node.textData) && typeof node.textData.text === 'string' ? node.textData.text : '';
    return own + (Array.isArray(node.nodes) ? node.nodes.map(textOf).join('') : '');
  };
  return nodes
    .filter((node) => isRecord(node) && (node.type === 'PARAGRAPH' || textOf(node) !== ''))
    .map(textOf)
    .join('\n');
}

export const str = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** Whether a Comment carries unpublished content: an edit (or a new comment) waiting for Wix's moderation. */
export const hasDraft = (raw: Json) => isRecord(raw.draftContent) && isRecord(raw.draftContent.richContent);

/**
 * A Comment as ours; null for one not shown (deleted, unknown status). Readers see the published text; its writer
 * (`asWriter`) sees an edit Wix holds (a published comment with a draft) as the draft, PENDING.
 */
export function toComment(
  raw: unknown,
  names: ReadonlyMap<string, string>,
  what: string,
  asWriter = false,
): PostComment | null {
  if (!isRecord(raw) || !str(raw.id)) throw errors.upstreamUnparseable(`Wix answered ${what} without a comment`);
  let status = typeof raw.status === 'string' && SHOWN.has(raw.status) ? (raw.status as CommentStatus) : null;
  if (!status) return null;
  const author = isRecord(raw.author) ? raw.author : {};
  const memberId = str(author.memberId);
  const held = asWriter && status === 'PUBLISHED' && hasDraft(raw);
  if (held) status = 'PENDING';
  const content = held
    ? (raw.draftContent as Json)
    : isRecord(raw.content)
      ? raw.content
      : isRecord(raw.draftContent)
        ? raw.draftContent
        : {};
  const createdDate = str(raw.commentDate) ?? str(raw.createdDate) ?? '';
  return {
    id: raw.id as string,
    postId: str(raw.resourceId) ?? '',
    parentId: isRecord(raw.parentComment) ? str(raw.parentComment.id) : null,
    author: { memberId, name: memberId ? (names.get(memberId) ?? UNNAMED_MEMBER) : GUEST },
    text: fromRichContent(content.richContent),
    status,
    createdDate,
    updatedDate: str(raw.updatedDate) ?? createdDate,
    edited: raw.contentEdited === true,
  };
}

/** The members who wrote these Comments. */
export const authorIds = (raws: unknown[]) => [
  ...new Set(raws.flatMap((raw) => (isRecord(raw) && isRecord(raw.author) ? [str(raw.author.memberId)] : []))),
];

/** The next page's cursor of a paged answer, or null on the last page. */
export const nextCursor = (body: Json): string | null => {
  const paging = isRecord(body.pagingMetadata) ? body.pagingMetadata : {};
  const next = isRecord(paging.cursors) ? str(paging.cursors.next) : null;
  return paging.hasNext === false ? null : next;
};

export const newestFirst = (a: PostComment, b: PostComment) => b.createdDate.localeCompare(a.createdDate);
