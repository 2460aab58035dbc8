import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDataClient } from '@/lib/data/client';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { isCatalogueError } from '@/lib/core/errors';
import { createPolls, pollOf, pollStates, pollVotes, pollsOf, readPoll, seesResults } from '@/lib/polls';

// Poll votes (issue 31): one record per voter and option, so a vote sent a hundred times at once is one; voting again
// replaces the choice; the totals are one grouped count; an option not of the poll, none, or two in a one-choice poll
// is the catalogue's 400 and writes nothing. The poll's settings come from the Ricos POLL node.

const node = (permissions: Record<string, unknown>, id = 'poll-1') => ({
  type: 'POLL',
  id: 'node-1',
  nodes: [],
  pollData: {
    poll: {
      id,
      title: 'Which next?',
      options: [
        { id: 'a', title: 'Tables' },
        { id: 'b', title: 'Galleries' },
        { id: 'c', title: 'Polls' },
      ],
      settings: { permissions },
    },
  },
});

const records = createDataClient({ backend: createEmbeddedBackend(), collections: [pollVotes, pollStates] });
const polls = createPolls(records);
afterAll(() => records.close());
// A hundred votes through the embedded database, one statement at a time: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

describe('polls', () => {
  it('reads the poll’s settings from its Ricos node', () => {
    expect(pollOf(node({ view: 'VOTERS', vote: 'SITE_MEMBERS', allowMultipleVotes: true }))).toEqual({
      id: 'poll-1',
      title: 'Which next?',
      options: [
        { id: 'a', title: 'Tables' },
        { id: 'b', title: 'Galleries' },
        { id: 'c', title: 'Polls' },
      ],
      multiple: true,
      view: 'VOTERS',
      vote: 'SITE_MEMBERS',
      showCounts: true,
    });
    expect(
      pollOf({
        ...node({}),
        pollData: { poll: { id: 'p', options: [{ id: 'a' }], settings: { showVotesCount: false } } },
      })?.showCounts,
    ).toBe(false);
    expect(pollsOf({ nodes: [{ type: 'PARAGRAPH', nodes: [node({}, 'inner')] }] }).map((p) => p.id)).toEqual(['inner']);
    expect(seesResults({ view: 'VOTERS' }, { voted: false, owner: false })).toBe(false);
    expect(seesResults({ view: 'VOTERS' }, { voted: true, owner: false })).toBe(true);
    expect(seesResults({ view: 'CREATOR' }, { voted: true, owner: false })).toBe(false);
    expect(seesResults({ view: 'CREATOR' }, { voted: false, owner: true })).toBe(true);
  });

  it('counts one vote per voter, however often and however many times at once it is sent', async () => {
    const poll = pollOf(node({ view: 'EVERYONE' }, 'once'))!;
    await Promise.all(Array.from({ length: 100 }, () => polls.vote('post-1', poll, 'm-ada', ['a'])));
    await polls.vote('post-1', poll, 'm-bob', ['b']);
    expect(await polls.results('post-1', poll)).toEqual({ counts: { a: 1, b: 1, c: 0 }, total: 2 });
    // Ada changes her mind: her vote moves, the total stays.
    await polls.vote('post-1', poll, 'm-ada', ['c']);
    expect(await polls.results('post-1', poll)).toEqual({ counts: { a: 0, b: 1, c: 1 }, total: 2 });
    expect(await polls.mine('post-1', poll, 'm-ada')).toEqual(['c']);
    // The same poll in another post is counted apart.
    expect((await polls.results('post-2', poll)).total).toBe(0);
  });

  it('takes several choices where the poll allows them, and refuses what it does not', async () => {
    const several = pollOf(node({ allowMultipleVotes: true }, 'several'))!;
    await polls.vote('post-1', several, 'v-visitor', ['a', 'b', 'a']);
    expect(await polls.results('post-1', several)).toEqual({ counts: { a: 1, b: 1, c: 0 }, total: 2 });
    const one = pollOf(node({}, 'one'))!;
    for (const chosen of [[], ['a', 'b'], ['z']]) {
      const error = await polls.vote('post-1', one, 'm-cy', chosen).catch((e: unknown) => e);
      expect(isCatalogueError(error) && error.status, chosen.join()).toBe(400);
    }
    expect((await polls.results('post-1', one)).total).toBe(0);
  });

  it('counts a hundred different votes sent at once by one voter in a one-choice poll as one vote', async () => {
    const poll = pollOf(node({ view: 'EVERYONE' }, 'race'))!;
    await Promise.all(
      Array.from({ length: 100 }, (_, i) => polls.vote('post-1', poll, 'm-ada', [['a', 'b', 'c'][i % 3]!])),
    );
    const results = await polls.results('post-1', poll);
    expect(results.total).toBe(1);
    expect(await polls.mine('post-1', poll, 'm-ada')).toHaveLength(1);
  });

  it('a closed poll takes no vote (403 WDE0027) and keeps its count; opened again, it takes votes', async () => {
    const poll = pollOf(node({ view: 'VOTERS' }, 'closing'))!;
    await polls.vote('post-3', poll, 'm-ada', ['a']);
    await polls.setClosed('post-3', poll.id, true);
    expect(await polls.closedOf('post-3')).toEqual(['closing']);
    const error = await polls.vote('post-3', poll, 'm-bob', ['b']).catch((e: unknown) => e);
    expect(isCatalogueError(error) && [error.status, error.wde]).toEqual([403, 'WDE0027']);
    // Ada's earlier vote stands and she still sees the results; Bob, who could not vote, does not.
    expect(await readPoll(polls, 'post-3', poll, { voterId: 'm-ada', owner: false })).toEqual({
      mine: ['a'],
      closed: true,
      results: { counts: { a: 1, b: 0, c: 0 }, total: 1 },
    });
    expect(await readPoll(polls, 'post-3', poll, { voterId: 'm-bob', owner: false })).toMatchObject({ results: null });
    await polls.setClosed('post-3', poll.id, false);
    expect(await polls.closedOf('post-3')).toEqual([]);
    await polls.vote('post-3', poll, 'm-bob', ['b']);
    expect((await polls.results('post-3', poll)).total).toBe(2);
  });
});
