import type { FollowingRecord, TimelineRecord } from '@/lib/fediverse/view';
import { KeptText } from './kept-text';

// The accounts the blog follows and their newest posts (app/dashboard/following), with the owner's actions: plain
// forms to app/api/owner/fediverse, so they work without JavaScript. Everything an account sent is its instance's
// words, shown as text; its addresses are links out.

const DONE: Record<string, string> = {
  followed: 'Follow sent. The account shows as following once its server accepts.',
  unfollowed: 'You no longer follow that account.',
  replied: 'Your reply was sent.',
};

const FAILED: Record<string, string> = {
  follow: 'No account was found at that address or handle, or its server did not answer. Check it and try again.',
  unfollow: 'That account is not one you follow.',
  reply: 'The reply was not sent: write some text (at most 5,000 characters) to a post that is still here.',
};

export function FollowingList({
  accounts,
  posts,
  handle,
  done,
  failed,
}: {
  accounts: FollowingRecord[];
  posts: TimelineRecord[];
  handle: string;
  done?: string;
  failed?: string;
}) {
  const byActor = new Map(accounts.map((a) => [String(a.actorId), a]));
  return (
    <>
      {done && DONE[done] ? (
        <p className="form-status notice" role="status">
          {DONE[done]}
        </p>
      ) : null}
      {failed && FAILED[failed] ? (
        <p className="form-status error" role="alert">
          {FAILED[failed]}
        </p>
      ) : null}
      <form method="post" action="/api/owner/fediverse" className="follow-form">
        <label htmlFor="follow-address">Follow an account as {handle}</label>
        <div className="follow-form__row">
          <input
            id="follow-address"
            name="value"
            type="text"
            required
            placeholder="@ada@mastodon.social or https://…"
            autoComplete="off"
            spellCheck={false}
          />
          <button type="submit" name="action" value="follow">
            Follow
          </button>
        </div>
      </form>
      <h2>Accounts</h2>
      {accounts.length === 0 ? (
        <p>The blog follows no one yet.</p>
      ) : (
        <ul className="following-accounts">
          {accounts.map((a) => (
            <li key={String(a.actorId)} data-following={String(a.handle)}>
              <a href={String(a.url)} rel="noopener noreferrer nofollow">
                {String(a.name)}
              </a>{' '}
              <span className="muted">{String(a.handle)}</span>{' '}
              <span className="muted">{a.state === 'accepted' ? '· following' : '· waiting for their server'}</span>
              <form method="post" action="/api/owner/fediverse">
                <input type="hidden" name="value" value={String(a.actorId)} />
                <button type="submit" name="action" value="unfollow" aria-label={`Unfollow ${String(a.handle)}`}>
                  Unfollow
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <h2>Their posts</h2>
      {posts.length === 0 ? (
        <p>Nothing yet: the posts of the accounts you follow arrive here as they are published.</p>
      ) : (
        <ol className="timeline">
          {posts.map((p) => {
            const author = byActor.get(String(p.actorId));
            const title = String(p.title) || `A post by ${author ? String(author.name) : 'an account you followed'}`;
            const fieldId = `reply-${String(p._id)}`;
            return (
              <li key={String(p._id)} data-post={String(p.objectId)}>
                <article aria-label={title}>
                  <h3>
                    <a href={String(p.url)} rel="noopener noreferrer nofollow">
                      {title}
                    </a>
                  </h3>
                  <p className="muted">
                    {author ? `${String(author.name)} ${String(author.handle)}` : ''}
                    {p.published ? ` · ${String(p.published).slice(0, 10)}` : ''}
                  </p>
                  <p className="timeline__text">{String(p.text)}</p>
                  {p.replied ? <p className="muted">You replied: {String(p.replied)}</p> : null}
                  <form method="post" action="/api/owner/fediverse" className="timeline__reply">
                    <input type="hidden" name="value" value={String(p.objectId)} />
                    <label htmlFor={fieldId}>Reply as {handle}</label>
                    <KeptText
                      storageKey={`reply:${String(p.objectId)}`}
                      sent={p.replied ? String(p.replied) : ''}
                      id={fieldId}
                      name="text"
                      rows={3}
                      maxLength={5000}
                      required
                    />
                    <button type="submit" name="action" value="reply">
                      Send reply
                    </button>
                  </form>
                </article>
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}
