import { CatalogueError, TooManyRequests, isCatalogueError } from '@/lib/core/errors';
import { processSingleton } from '@/lib/core/process-singleton';
import { consume, createLimiter, secondsLeft } from '@/lib/core/security/limits';
import { newVisitorCookie, visitorOfCookie } from '@/lib/core/security/visitor-id';
import type { Post } from '@/lib/blog/types';
import { type PollDefinition, type PollReading, type PollResults, seesResults } from './types';

// The rules of voting, over the site's poll votes (index.ts), with no HTTP in sight. A members-only poll takes a
// member's vote (`m-{id}`); where anyone may vote, a visitor votes as the visitor of the signed visitor cookie the
// ratings share (lib/core/security/visitor-id.ts: a new one is made on their first vote or rating, and the answer
// carries its value for the caller to keep), and each client address has VISITOR_VOTES a day per poll, so dropping the
// cookie cannot stuff the poll. A client has PER_MINUTE votes a minute. A poll the owner closed takes none.

const POLL_LIMITS = { perMinute: 30, visitorVotesPerDay: 3 } as const;

const limiter = () =>
  processSingleton('polls-limits', () =>
    createLimiter({ keyPrefix: 'polls:client', points: POLL_LIMITS.perMinute, durationSeconds: 60 }),
  );
const visitorLimiter = () =>
  processSingleton('polls-limits:visitor', () =>
    createLimiter({ keyPrefix: 'polls:visitor', points: POLL_LIMITS.visitorVotesPerDay, durationSeconds: 86_400 }),
  );

/** A vote in a poll the owner closed: the catalogue's permission error. */
export const pollClosed = () => new CatalogueError(403, 'WDE0027', 'this poll is closed: it takes no more votes');

/** What the service asks of the stored votes (index.ts createPolls). */
export interface PollsPort {
  mine(postId: string, poll: PollDefinition, voterId: string): Promise<string[]>;
  isClosed(postId: string, pollId: string): Promise<boolean>;
  vote(postId: string, poll: PollDefinition, voterId: string, chosen: string[]): Promise<void>;
  results(postId: string, poll: PollDefinition): Promise<PollResults>;
}

export interface PollServicePorts {
  polls: () => PollsPort;
  /** The member a session token names (null: none, or one no longer valid). */
  memberOf: (session: string | undefined) => Promise<{ id: string } | null>;
}

/** The post and the poll in it a request names, or the catalogue's 404. */
export type FoundPoll = () => Promise<{ post: Post; poll: PollDefinition }>;

/** Who calls: a member's session token, the visitor cookie's value (either may be absent). */
export interface VoterCaller {
  session: string | undefined;
  visitor: string | undefined;
}

export interface VoteInput extends VoterCaller {
  client: string;
  found: FoundPoll;
  /** The options chosen, read once the poll is known to be open. */
  chosen: () => Promise<string[]>;
}

/** Why a vote was refused, where a form goes elsewhere: the poll is closed, or it takes members' votes only. */
export type PollRefusal = 'closed' | 'sign-in';
const refusals = new WeakMap<object, PollRefusal>();
const refused = (error: CatalogueError, refusal: PollRefusal) => (refusals.set(error, refusal), error);
export const pollRefusal = (error: unknown): PollRefusal | null =>
  (isCatalogueError(error) && refusals.get(error)) || null;

/** A poll as the reader (a voter id, if any; the owner or not) may see it. */
export async function readPoll(
  polls: PollsPort,
  postId: string,
  poll: PollDefinition,
  reader: { voterId: string | null; owner: boolean },
): Promise<PollReading> {
  const [mine, closed] = await Promise.all([
    reader.voterId ? polls.mine(postId, poll, reader.voterId) : [],
    polls.isClosed(postId, poll.id),
  ]);
  const visible = seesResults(poll, { voted: mine.length > 0, owner: reader.owner });
  return { mine, closed, results: visible ? await polls.results(postId, poll) : null };
}

export function createPollService(ports: PollServicePorts) {
  const memberVoter = async (session: string | undefined) => {
    const member = await ports.memberOf(session);
    return member ? `m-${member.id}` : null;
  };

  return {
    /** The poll as the caller may see it: their vote, whether it is closed, the counts its view role lets them see. */
    async reader(found: FoundPoll, caller: VoterCaller & { owner: boolean }): Promise<PollReading> {
      const { post, poll } = await found();
      const voterId = (await memberVoter(caller.session)) ?? visitorOfCookie(caller.visitor);
      return readPoll(ports.polls(), post.id, poll, { voterId, owner: caller.owner });
    },

    /** The caller's vote (voting again replaces it); `mine` reads it back. */
    async vote(input: VoteInput) {
      const limited = await consume(limiter(), input.client);
      if (!limited.ok) throw new TooManyRequests('too many votes from this client', secondsLeft(limited.res));
      const { post, poll } = await input.found();
      const polls = ports.polls();
      if (await polls.isClosed(post.id, poll.id)) throw refused(pollClosed(), 'closed');
      const chosen = await input.chosen();
      let voterId = await memberVoter(input.session);
      let newVisitor: string | null = null;
      if (!voterId) {
        if (poll.vote === 'SITE_MEMBERS') {
          throw refused(
            new CatalogueError(401, 'WDE9401', 'sign in to vote: this poll takes members’ votes'),
            'sign-in',
          );
        }
        voterId = visitorOfCookie(input.visitor);
        // A visitor's vote that would count takes a point of their address's budget on this poll.
        const budget = await consume(visitorLimiter(), `${input.client}|${post.id}|${poll.id}`);
        if (!budget.ok) {
          const message = 'too many visitors’ votes from this address on this poll';
          throw new TooManyRequests(message, secondsLeft(budget.res));
        }
        if (!voterId) {
          const made = newVisitorCookie();
          [voterId, newVisitor] = [made.id, made.value];
        }
      }
      await polls.vote(post.id, poll, voterId, chosen);
      const voter = voterId;
      return { post, poll, newVisitor, mine: () => polls.mine(post.id, poll, voter) };
    },
  };
}

export type PollService = ReturnType<typeof createPollService>;
