import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { getPost } from '@/lib/blog/reads';
import { postPath } from '@/lib/core/site';
import { MEMBER_SESSION_COOKIE, memberOfCookie } from '@/lib/members';
import { SESSION_COOKIE, ownerState } from '@/lib/owner';
import { POLL_VOTER_COOKIE, pollVotePath, pollsOf, seesResults, sitePolls, voterOfCookie } from '@/lib/polls';

export const metadata: Metadata = { title: 'Poll' };

// A poll's results, per reader (issue 31): rendered per request under the members' layout (never cached, never
// indexed), so the post's page stays prerendered and the same for everyone. Who sees the counts is the poll's view
// role: everyone; a voter once they voted (a member, or the visitor of the voter cookie); the creator (the site's
// owner) always. Bars with counts and percentages, each also said in words for a screen reader; the reader's own vote
// marked, and the form to change it.

export default async function PollPage({ params }: PageProps<'/polls/[postId]/[pollId]'>) {
  await connection();
  const { postId, pollId } = await params;
  const post = /^[\w-]{1,128}$/.test(postId) ? await getPost(postId, { fieldsets: ['RICH_CONTENT'] }) : null;
  const poll = post ? pollsOf(post.richContent).find((p) => p.id === decodeURIComponent(pollId)) : undefined;
  if (!post || !poll) notFound();
  const jar = await cookies();
  const member = await memberOfCookie(jar.get(MEMBER_SESSION_COOKIE)?.value);
  const voterId = member ? `m-${member.id}` : voterOfCookie(jar.get(POLL_VOTER_COOKIE)?.value);
  const owner = ownerState(jar.get(SESSION_COOKIE)?.value).kind === 'owner';
  const polls = sitePolls();
  const mine = voterId ? await polls.mine(post.id, poll, voterId) : [];
  const visible = seesResults(poll, { voted: mine.length > 0, owner });
  const results = visible ? await polls.results(post.id, poll) : null;
  return (
    <article className="poll-page">
      <h1>{poll.title || 'Poll'}</h1>
      <p>
        In <Link href={postPath(post.slug)}>{post.title}</Link>
      </p>
      {results ? (
        <ul className="poll-results" data-testid="poll-results">
          {poll.options.map((option) => {
            const count = results.counts[option.id] ?? 0;
            const pct = results.total ? Math.round((count / results.total) * 100) : 0;
            return (
              <li key={option.id} data-option={option.id}>
                <span className="poll-results__label">
                  {option.title}
                  {mine.includes(option.id) && <strong> (your vote)</strong>}
                </span>
                <span className="poll-results__bar" style={{ width: `${pct}%` }} aria-hidden="true" />
                <span className="poll-results__count">
                  {count} {count === 1 ? 'vote' : 'votes'} ({pct}%)
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p role="status">
          {poll.view === 'CREATOR'
            ? 'Only the poll’s creator sees its results.'
            : 'The results show to those who voted: vote to see them.'}
        </p>
      )}
      {results && (
        <p className="muted">
          {results.total} {results.total === 1 ? 'vote' : 'votes'} in all.
        </p>
      )}
      <form method="post" action={pollVotePath(post.id, poll.id)} className="poll-vote">
        <fieldset>
          <legend>{mine.length ? 'Change your vote' : 'Your vote'}</legend>
          {poll.options.map((option) => (
            <label key={option.id}>
              <input
                type={poll.multiple ? 'checkbox' : 'radio'}
                name="option"
                value={option.id}
                defaultChecked={mine.includes(option.id)}
                required={!poll.multiple}
              />{' '}
              {option.title}
            </label>
          ))}
        </fieldset>
        <button type="submit">Vote</button>
      </form>
    </article>
  );
}
