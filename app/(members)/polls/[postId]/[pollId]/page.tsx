import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { PollBars } from '@/components/rich-content/poll-bars';
import { postPath } from '@/lib/core/site';
import { MEMBER_SESSION_COOKIE, memberOfCookie } from '@/lib/members';
import { SESSION_COOKIE, ownerState } from '@/lib/owner';
import { pollVotePath, readPoll, sitePolls } from '@/lib/polls';
import { VISITOR_COOKIE, visitorOfCookie } from '@/lib/core/security/visitor-id';
import { findPostPoll } from '@/lib/polls/reads';

export const metadata: Metadata = { title: 'Poll' };

// A poll's results, per reader (issue 31): rendered per request under the members' layout (never cached, never
// indexed), so the post's page stays prerendered and the same for everyone. Who sees the counts is the poll's view
// role: everyone; a voter once they voted (a member, or the visitor of the signed cookie); the creator (the site's
// owner) always. Bars with counts and percentages, each also said in words for a screen reader; the reader's own vote
// marked, and the form to change it while the poll is open. The owner closes the poll here, or opens it again.

export default async function PollPage({ params }: PageProps<'/polls/[postId]/[pollId]'>) {
  await connection();
  const { postId, pollId } = await params;
  const found = await findPostPoll(postId, decodeURIComponent(pollId));
  if (!found) notFound();
  const { post, poll } = found;
  const jar = await cookies();
  const member = await memberOfCookie(jar.get(MEMBER_SESSION_COOKIE)?.value);
  const owner = ownerState(jar.get(SESSION_COOKIE)?.value).kind === 'owner';
  const { mine, closed, results } = await readPoll(sitePolls(), post.id, poll, {
    voterId: member ? `m-${member.id}` : visitorOfCookie(jar.get(VISITOR_COOKIE)?.value),
    owner,
  });
  return (
    <article className="poll-page">
      <h1>{poll.title || 'Poll'}</h1>
      <p>
        In <Link href={postPath(post.slug, post.language)}>{post.title}</Link>
      </p>
      {closed && (
        <p role="status" className="poll-page__closed">
          Voting has closed.
        </p>
      )}
      {results ? (
        <PollBars options={poll.options} results={results} mine={mine} showCounts={poll.showCounts} />
      ) : (
        <p role="status">
          {poll.view === 'CREATOR'
            ? 'Only the poll’s creator sees its results.'
            : 'The results show to those who voted: vote to see them.'}
        </p>
      )}
      {!closed && (
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
      )}
      {owner && (
        <form method="post" action="/api/owner/polls" className="poll-page__owner">
          <input type="hidden" name="postId" value={post.id} />
          <input type="hidden" name="pollId" value={poll.id} />
          <input type="hidden" name="intent" value={closed ? 'open' : 'close'} />
          <button type="submit">{closed ? 'Open voting again' : 'Close voting'}</button>
        </form>
      )}
    </article>
  );
}
