// Polls in posts (issue 31), as the Ricos POLL node describes them (Poll, PollSettings and Permissions in
// @wix/auto_sdk_blog_posts' typings): options with ids, one choice or several (`allowMultipleVotes`), who votes
// (SITE_MEMBERS or ALL) and who sees the results (CREATOR, VOTERS after voting, EVERYONE).

export type ViewRole = 'CREATOR' | 'VOTERS' | 'EVERYONE';
export type VoteRole = 'SITE_MEMBERS' | 'ALL';

export interface PollDefinition {
  /** The poll's id (its `poll.id`, else its node's id). */
  id: string;
  title: string;
  options: { id: string; title: string }[];
  multiple: boolean;
  view: ViewRole;
  vote: VoteRole;
  /** Whether the results say each option's number of votes (`showVotesCount`, default true), or its share only. */
  showCounts: boolean;
}

export interface PollResults {
  /** Votes per option id (an option without votes is 0). */
  counts: Record<string, number>;
  total: number;
}

/** What one reader sees of a poll: their vote, whether it is closed, and the counts where its view role lets them. */
export interface PollReading {
  mine: string[];
  closed: boolean;
  /** Null where the reader may not see the results (a VOTERS poll before voting, a CREATOR poll but for the owner). */
  results: PollResults | null;
}

const rec = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** A Ricos POLL node as a poll the site can run, or null when it has no id or no option with an id. */
export function pollOf(node: unknown): PollDefinition | null {
  const n = rec(node);
  const poll = rec(rec(n.pollData).poll);
  const id = str(poll.id) ?? str(n.id);
  const options = (Array.isArray(poll.options) ? poll.options : [])
    .map(rec)
    .flatMap((o, i) => {
      const optionId = str(o.id);
      return optionId ? [{ id: optionId, title: str(o.title) ?? `Option ${i + 1}` }] : [];
    })
    .slice(0, 100);
  if (!id || options.length === 0) return null;
  const settings = rec(poll.settings);
  const permissions = rec(settings.permissions);
  const view = permissions.view === 'CREATOR' || permissions.view === 'VOTERS' ? permissions.view : 'EVERYONE';
  return {
    id,
    title: str(poll.title) ?? '',
    options,
    multiple: permissions.allowMultipleVotes === true,
    view,
    vote: permissions.vote === 'ALL' ? 'ALL' : 'SITE_MEMBERS',
    showCounts: settings.showVotesCount !== false,
  };
}

/** The polls of a Ricos document, in order. */
export function pollsOf(content: unknown): PollDefinition[] {
  const found: PollDefinition[] = [];
  const visit = (node: unknown) => {
    const n = rec(node);
    if (n.type === 'POLL') {
      const poll = pollOf(n);
      if (poll) found.push(poll);
    }
    if (Array.isArray(n.nodes)) n.nodes.forEach(visit);
  };
  visit(content);
  return found;
}

/** Whether a reader sees the results: everyone, a voter once they voted, the creator (the owner) always. */
export const seesResults = (poll: Pick<PollDefinition, 'view'>, reader: { voted: boolean; owner: boolean }) =>
  poll.view === 'EVERYONE' || reader.owner || (poll.view === 'VOTERS' && reader.voted);

/** Where a poll's results are read (app/(members)/polls), and where its form posts. */
export const pollResultsPath = (postId: string, pollId: string) =>
  `/polls/${encodeURIComponent(postId)}/${encodeURIComponent(pollId)}`;
export const pollVotePath = (postId: string, pollId: string) =>
  `/api/posts/${encodeURIComponent(postId)}/polls/${encodeURIComponent(pollId)}`;
