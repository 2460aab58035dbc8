import { publish } from '@/lib/core/events/bus';
import { errors } from '@/lib/core/errors';
import { type DataClient, OWNER_ONLY, recordsClient } from '@/lib/data';
import { OWNER, countBy, defineCollection } from '@/lib/data/types';
import { memberOfCookie } from '@/lib/members';
import { type PollService, createPollService, pollClosed } from './service';
import type { PollDefinition, PollResults } from './types';

export * from './types';
export { type PollService, type VoterCaller, pollClosed, pollRefusal, readPoll } from './service';

// Votes in posts' polls (issue 31), in the site's own records (`poll-votes`). A one-choice poll keeps one record per
// voter, its id made of the poll and the voter: the same vote sent a hundred times, or a hundred different votes at
// once, to any instance, is one record, the last written. A poll of several choices keeps one record per voter and
// option, its id made of the poll, the voter and the option: each option counts a voter once however often it is
// sent. Voting again replaces the voter's choice. The totals are one grouped count by option, never a counter kept
// elsewhere. Wix publishes no API for a blog poll's votes (the SDK's blog modules have none), so on both platforms the
// votes are the site's. The Ricos poll has no open/closed setting (PollSettings: permissions, showVoters,
// showVotesCount), so the owner closes a poll on the site (`poll-states`): a closed poll takes no vote (403 WDE0027).
// A voter is a member (`m-{id}`) or, where the poll lets anyone vote, the visitor of the signed cookie the ratings
// share (lib/core/security/visitor-id.ts: `v-…`).

export const pollVotes = defineCollection({
  id: 'poll-votes',
  internal: true,
  fields: {
    pollKey: { type: 'text', indexed: true },
    voterId: { type: 'text', indexed: true },
    optionId: { type: 'text', indexed: true },
    votedDate: { type: 'datetime' },
  },
  permissions: OWNER_ONLY,
});

export const pollStates = defineCollection({
  id: 'poll-states',
  internal: true,
  fields: {
    postId: { type: 'text', indexed: true },
    pollId: { type: 'text' },
    closed: { type: 'boolean' },
    changedDate: { type: 'datetime' },
  },
  permissions: OWNER_ONLY,
});

const keyOf = (postId: string, pollId: string) => `${postId}:${pollId}`;
/** A vote's record id: the voter's one record in a one-choice poll, one per option chosen in a poll of several. */
const voteId = (pollKey: string, voterId: string, poll: PollDefinition, optionId: string) =>
  poll.multiple ? `${pollKey}.${voterId}.${optionId}` : `${pollKey}.${voterId}`;

export function createPolls(records: DataClient, now: () => Date = () => new Date()) {
  records.declare(pollVotes);
  records.declare(pollStates);

  async function votesOf(postId: string, poll: PollDefinition, voterId: string) {
    const { items } = await records.query(
      pollVotes.id,
      { filter: { pollKey: { $eq: keyOf(postId, poll.id) }, voterId: { $eq: voterId } }, limit: 100 },
      OWNER,
    );
    return items.map((item) => ({ id: String(item._id), optionId: String(item.optionId) }));
  }

  async function isClosed(postId: string, pollId: string): Promise<boolean> {
    return (await records.get(pollStates.id, keyOf(postId, pollId), OWNER))?.closed === true;
  }

  return {
    /** The options the voter chose, or none. */
    mine: async (postId: string, poll: PollDefinition, voterId: string): Promise<string[]> =>
      (await votesOf(postId, poll, voterId)).map((vote) => vote.optionId),

    isClosed,

    /** The ids of the post's polls the owner closed. */
    async closedOf(postId: string): Promise<string[]> {
      const { items } = await records.query(
        pollStates.id,
        { filter: { postId: { $eq: postId }, closed: { $eq: true } }, limit: 100 },
        OWNER,
      );
      return items.map((item) => String(item.pollId));
    },

    /** The owner closes a poll (it takes no vote) or opens it again; the post's page follows. */
    async setClosed(postId: string, pollId: string, closed: boolean): Promise<void> {
      await records.save(
        pollStates.id,
        { _id: keyOf(postId, pollId), postId, pollId, closed, changedDate: now().toISOString() },
        OWNER,
      );
      publish({ type: 'site.polls.changed', entityId: postId });
    },

    /** The voter's choice: the options chosen (one, unless the poll takes several), replacing any earlier vote. */
    async vote(postId: string, poll: PollDefinition, voterId: string, chosen: string[]): Promise<void> {
      const optionIds = [...new Set(chosen)];
      if (optionIds.length === 0) throw errors.badValue('choose an option of the poll');
      if (!poll.multiple && optionIds.length > 1) throw errors.badValue('this poll takes one choice');
      const known = new Set(poll.options.map((o) => o.id));
      if (!optionIds.every((id) => known.has(id))) throw errors.badValue('an option chosen is not one of the poll’s');
      if (await isClosed(postId, poll.id)) throw pollClosed();
      const pollKey = keyOf(postId, poll.id);
      const keep = new Set(optionIds.map((optionId) => voteId(pollKey, voterId, poll, optionId)));
      const gone = (await votesOf(postId, poll, voterId)).filter((vote) => !keep.has(vote.id));
      if (gone.length) {
        await records.bulkRemove(
          pollVotes.id,
          gone.map((vote) => vote.id),
          OWNER,
        );
      }
      await records.bulkSave(
        pollVotes.id,
        optionIds.map((optionId) => ({
          _id: voteId(pollKey, voterId, poll, optionId),
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

/** The rules of voting (service.ts), over the site's poll votes. */
export const pollService: PollService = createPollService({ polls: sitePolls, memberOf: memberOfCookie });
