import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { config } from '@/lib/core/config';
import { errors } from '@/lib/core/errors';
import { linkMac, linkMacHolds } from '@/lib/core/security/signed-token';
import { siteKey } from '@/lib/core/security/site-key';
import { type DataClient, recordsClient } from '@/lib/data';
import { OWNER, countBy, defineCollection } from '@/lib/data/types';
import type { PollDefinition } from './types';

export * from './types';

// Votes in posts' polls (issue 31): one record per voter and option chosen (`poll-votes`, in the site's own records),
// its id made of the poll, the voter and the option, so the same vote sent a hundred times, to any instance, is one
// record. Voting again replaces the voter's choice (another option of a one-choice poll, or another set). The totals
// are one grouped count by option, never a counter kept elsewhere. Wix publishes no API for a blog poll's votes (the
// SDK's blog modules have none), so on both platforms the votes are the site's.

export const pollVotes = defineCollection({
  id: 'poll-votes',
  internal: true,
  fields: {
    pollKey: { type: 'text', indexed: true },
    voterId: { type: 'text', indexed: true },
    optionId: { type: 'text', indexed: true },
    votedDate: { type: 'datetime' },
  },
  permissions: { read: 'ADMIN', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
});

export interface PollResults {
  /** Votes per option id (an option without votes is 0). */
  counts: Record<string, number>;
  total: number;
}

const keyOf = (postId: string, pollId: string) => `${postId}:${pollId}`;

export function createPolls(records: DataClient, now: () => Date = () => new Date()) {
  records.declare(pollVotes);

  async function mine(postId: string, poll: PollDefinition, voterId: string): Promise<string[]> {
    const { items } = await records.query(
      pollVotes.id,
      { filter: { pollKey: { $eq: keyOf(postId, poll.id) }, voterId: { $eq: voterId } }, limit: 100 },
      OWNER,
    );
    return items.map((item) => String(item.optionId));
  }

  return {
    mine,

    /** The voter's choice: the options chosen (one, unless the poll takes several), replacing any earlier vote. */
    async vote(postId: string, poll: PollDefinition, voterId: string, chosen: string[]): Promise<void> {
      const optionIds = [...new Set(chosen)];
      if (optionIds.length === 0) throw errors.badValue('choose an option of the poll');
      if (!poll.multiple && optionIds.length > 1) throw errors.badValue('this poll takes one choice');
      const known = new Set(poll.options.map((o) => o.id));
      if (!optionIds.every((id) => known.has(id))) throw errors.badValue('an option chosen is not one of the poll’s');
      const pollKey = keyOf(postId, poll.id);
      const before = await mine(postId, poll, voterId);
      const gone = before.filter((id) => !optionIds.includes(id));
      if (gone.length) {
        await records.bulkRemove(
          pollVotes.id,
          gone.map((optionId) => `${pollKey}.${voterId}.${optionId}`),
          OWNER,
        );
      }
      await records.bulkSave(
        pollVotes.id,
        optionIds.map((optionId) => ({
          _id: `${pollKey}.${voterId}.${optionId}`,
          pollKey,
          voterId,
          optionId,
          votedDate: now().toISOString(),
        })),
        OWNER,
      );
    },

    /** The poll's votes per option, in one grouped count. */
    async results(postId: string, poll: PollDefinition): Promise<PollResults> {
      const counted = await countBy(
        records,
        pollVotes,
        'optionId',
        poll.options.map((o) => o.id),
        { pollKey: { $eq: keyOf(postId, poll.id) } },
      );
      const counts = Object.fromEntries(poll.options.map((o) => [o.id, counted.get(o.id) ?? 0]));
      return { counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
    },
  };
}

export type Polls = ReturnType<typeof createPolls>;

/** The site's poll votes, in its records. */
export const sitePolls = (): Polls => createPolls(recordsClient(pollVotes));

/** A visitor's voter cookie (where a poll lets anyone vote): a random id signed with the site key `polls`. */
export const POLL_VOTER_COOKIE = 'poll_voter';
export const POLL_VOTER_TTL_SECONDS = 365 * 24 * 60 * 60;

const pollsKey = () => {
  const c = config();
  return siteKey('polls', c.sessionSecret, path.resolve(/*turbopackIgnore: true*/ c.dataDir));
};

/** A new visitor voter's cookie value: `<id>.<signature>`. */
export function newVoterCookie(): { id: string; value: string } {
  const id = `v-${randomBytes(12).toString('base64url')}`;
  return { id, value: `${id}.${linkMac(pollsKey(), 'poll-voter', id)}` };
}

/** The visitor voter a cookie names, when its signature holds; null otherwise. */
export function voterOfCookie(value: string | undefined): string | null {
  const match = /^(v-[\w-]{16})\.([\w-]{22})$/.exec(value ?? '');
  return match && linkMacHolds(pollsKey(), match[2], 'poll-voter', match[1]!) ? match[1]! : null;
}
