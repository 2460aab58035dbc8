import { postComments } from '@/lib/comments/tools';
import { type DataClient, subscribers } from '@/lib/data/tools';
import { OWNER } from '@/lib/data/types';
import { memberId, members, normaliseEmail } from '@/lib/members/tools';
import { isoWeek, subscriberId } from '@/lib/newsletter/tools';
import { pricingPlans } from '@/lib/plans/tools';
import { importId } from './ids';
import type { ImportReport, Tally } from './report';
import { htmlText } from '@/lib/core/html-text';
import type { Bundle } from './types';

// An import's comments and subscribers, in the site's records. A comment keeps its thread (its parent's new id), its
// approval (approved: published; else waiting for the owner) and its date: the records' clock is set to it for its
// write, so threads sort as they did. The commenter's e-mail and address are not kept (a visitor's comment here has
// neither). A subscriber is confirmed (they confirmed on the old platform), in its week; one already here is left.

export interface ImportRecords {
  client: DataClient;
  /** Sets the date the next write is stamped with (the client's `now`). */
  stampWith(date: Date): void;
  /** The id of the site's member with this address, or null (local members; at Wix, none). */
  memberOf?: (email: string) => Promise<string | null>;
}

/** The collections an import writes and reads: comments, subscribers, the offered plans, the local members. */
export const IMPORT_COLLECTIONS = [postComments, subscribers, pricingPlans, members];

/**
 * The records' port over a client of IMPORT_COLLECTIONS whose clock `setClock` sets (the CLI's own client; the
 * server's dated client of its records): writers matched to the site's members by their e-mail.
 */
export function importRecords(client: DataClient, setClock: (date: Date) => void): ImportRecords {
  return {
    client,
    stampWith: setClock,
    async memberOf(email) {
      const address = normaliseEmail(email);
      if (!address) return null;
      return (await client.get(members.id, memberId(address), OWNER)) ? memberId(address) : null;
    },
  };
}

/** The plans a paid post is imported for: the site's offered plans. */
export async function offeredPlanIds(client: DataClient): Promise<string[]> {
  const { items } = await client.query(pricingPlans.id, { limit: 100 }, OWNER);
  return items.map((item) => item._id);
}

const commentText = (html: string) =>
  htmlText(html, true)
    .split(/\n\s*\n/)
    .map((part) =>
      part
        .replace(/[^\S\n]+/g, ' ')
        .replace(/ ?\n ?/g, '\n')
        .trim(),
    )
    .filter(Boolean)
    .join('\n\n');

export async function importComments(
  records: ImportRecords,
  bundle: Bundle,
  postIds: Map<string, string>,
  tally: Tally,
  report: ImportReport,
  dryRun: boolean,
): Promise<void> {
  // Oldest first: a reply is written after what it answers.
  const comments = [...bundle.comments].sort((a, b) => a.date.localeCompare(b.date));
  const known = new Set(comments.map((c) => c.sourceId));
  for (const comment of comments) {
    const postId = postIds.get(comment.postId);
    if (!postId) {
      tally('comment', 'skipped');
      report.warnings.push({
        item: comment.sourceId,
        message: `a comment on ${comment.postId}, which the export does not hold`,
      });
      continue;
    }
    const id = importId(bundle.source, 'comment', comment.sourceId);
    const item = {
      _id: id,
      postId,
      parentId:
        comment.parentId && known.has(comment.parentId) ? importId(bundle.source, 'comment', comment.parentId) : '',
      memberId: '',
      name: comment.authorName || 'Anonymous',
      text: commentText(comment.html),
      status: comment.approved ? 'PUBLISHED' : 'PENDING',
      edited: false,
    };
    const before = await records.client.get(postComments.id, id, OWNER);
    if (before && (['postId', 'parentId', 'name', 'text', 'status'] as const).every((k) => before[k] === item[k])) {
      tally('comment', 'unchanged');
      continue;
    }
    tally('comment', before ? 'updated' : 'created');
    if (dryRun) continue;
    const date = new Date(comment.date);
    records.stampWith(Number.isNaN(date.getTime()) ? new Date() : date);
    if (before) await records.client.update(postComments.id, { ...before, ...item }, OWNER);
    else await records.client.insert(postComments.id, item, OWNER);
  }
  records.stampWith(new Date());
}

export async function importPeople(
  records: ImportRecords,
  bundle: Bundle,
  tally: Tally,
  dryRun: boolean,
  now: Date,
): Promise<void> {
  const people = bundle.people.filter((p) => p.subscribed && /^[^@\s]+@[^@\s]+$/.test(p.email));
  tally('subscriber', 'skipped', bundle.people.length - people.length);
  for (let from = 0; from < people.length; from += 500) {
    const page = people.slice(from, from + 500).map((p) => ({ ...p, email: p.email.trim().toLowerCase() }));
    const ids = page.map((p) => subscriberId(p.email));
    const { items } = await records.client.query(
      'subscribers',
      { filter: { _id: { $in: ids } }, limit: ids.length },
      OWNER,
    );
    const have = new Set(items.map((item) => item._id));
    const fresh = page
      .filter((p) => !have.has(subscriberId(p.email)))
      .map((p) => {
        const since = p.createdDate && !Number.isNaN(Date.parse(p.createdDate)) ? new Date(p.createdDate) : now;
        return {
          _id: subscriberId(p.email),
          email: p.email,
          status: 'confirmed',
          week: isoWeek(since),
          confirmedDate: since.toISOString(),
        };
      });
    tally('subscriber', 'unchanged', page.length - fresh.length);
    tally('subscriber', 'created', fresh.length);
    if (!dryRun && fresh.length) await records.client.bulkInsert('subscribers', fresh, OWNER);
  }
}
