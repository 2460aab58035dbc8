import { describe, expect, it } from 'vitest';
import type { Post } from '@/lib/blog/types';
import { type PollsPort, createPollService, pollRefusal } from '@/lib/polls/service';
import type { PollDefinition } from '@/lib/polls/types';

// The rules of voting over fake ports (no database, no HTTP): a closed poll and a members-only poll refuse before
// anything is read of the vote or stored.

function serviceWith(closed: boolean) {
  const votes: { voterId: string; chosen: string[] }[] = [];
  const polls: PollsPort = {
    mine: async () => votes.at(-1)?.chosen ?? [],
    isClosed: async () => closed,
    vote: async (_postId, _poll, voterId, chosen) => void votes.push({ voterId, chosen }),
    results: async () => ({ counts: {}, total: 0 }),
  };
  const service = createPollService({
    polls: () => polls,
    memberOf: async (session) => (session === 'member-session' ? { id: 'ada' } : null),
  });
  return { service, votes };
}

const poll = (vote: PollDefinition['vote']): PollDefinition => ({
  ...{ id: 'q1', title: 'Which?', options: [{ id: 'a', title: 'A' }], multiple: false },
  ...{ view: 'EVERYONE', vote, showCounts: true },
});
let clients = 0;
const input = (vote: PollDefinition['vote'], session?: string) => ({
  session,
  visitor: undefined,
  client: `poll-service-${++clients}`,
  found: async () => ({ post: { id: 'p1', slug: 'p' } as Post, poll: poll(vote) }),
  chosen: async () => ['a'],
});

describe('the poll service', () => {
  it('refuses a vote in a closed poll, storing nothing', async () => {
    const { service, votes } = serviceWith(true);
    const error = await service.vote(input('ALL', 'member-session')).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, wde: 'WDE0027' });
    expect(pollRefusal(error)).toBe('closed');
    expect(votes).toEqual([]);
  });

  it('asks a visitor to sign in to vote in a members’ poll, and takes a member’s vote as `m-{id}`', async () => {
    const { service, votes } = serviceWith(false);
    const error = await service.vote(input('SITE_MEMBERS')).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, wde: 'WDE9401' });
    expect(pollRefusal(error)).toBe('sign-in');
    const voted = await service.vote(input('SITE_MEMBERS', 'member-session'));
    expect({ newVisitor: voted.newVisitor, mine: await voted.mine() }).toEqual({ newVisitor: null, mine: ['a'] });
    expect(votes).toEqual([{ voterId: 'm-ada', chosen: ['a'] }]);
  });
});
