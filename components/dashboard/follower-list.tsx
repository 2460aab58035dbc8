import type { Block, FollowerRecord } from '@/lib/fediverse/view';

// The blog's followers on the fediverse (app/dashboard/followers), each with the owner's actions, and the blocks:
// plain forms to app/api/owner/fediverse, so they work without JavaScript. A follower's name and handle are an
// instance's words, shown as text; their address is a link out, never followed by the site.

const DONE: Record<string, string> = {
  removed: 'The follower was removed. They may follow again.',
  blocked: 'Blocked: their follows are refused, and they no longer follow the blog.',
  unblocked: 'The block was lifted: they may follow again.',
};

function Action({ action, value, label, name }: { action: string; value: string; label: string; name: string }) {
  return (
    <form method="post" action="/api/owner/fediverse">
      <input type="hidden" name="value" value={value} />
      <button type="submit" name="action" value={action} aria-label={`${label}: ${name}`}>
        {label}
      </button>
    </form>
  );
}

export function FollowerList({
  followers,
  count,
  blocks,
  unreachable = [],
  handle,
  done,
}: {
  followers: FollowerRecord[];
  count: number;
  blocks: Block[];
  /** Instances whose deliveries are skipped: none of them answered for a day (lib/fediverse/reachability.ts). */
  unreachable?: { host: string; since: string }[];
  handle: string;
  done?: string;
}) {
  return (
    <>
      {done && DONE[done] ? (
        <p className="form-status notice" role="status">
          {DONE[done]}
        </p>
      ) : null}
      <p>
        Whom the blog follows, and their posts, are on <a href="/dashboard/following">Following</a>.
      </p>
      <p>
        People follow the blog as <strong>{handle}</strong>.{' '}
        {count === 1 ? 'One follower.' : `${count.toLocaleString('en')} followers.`}
      </p>
      {followers.length === 0 ? (
        <p>No one follows the blog yet. Share its handle: anyone on Mastodon can search for it and follow.</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Followers, scrollable">
          <table className="metrics-table">
            <caption className="visually-hidden">Followers on the fediverse, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Follower</th>
                <th scope="col">Instance</th>
                <th scope="col">Since</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {followers.map((f) => (
                <tr key={f.actorId} data-follower={f.handle}>
                  <th scope="row">
                    <a href={f.actorId} rel="noopener noreferrer nofollow">
                      {f.name}
                    </a>{' '}
                    <span className="muted">{f.handle}</span>
                  </th>
                  <td>{f.host}</td>
                  <td>{f._createdDate?.slice(0, 10)}</td>
                  <td>
                    <div className="follower-actions">
                      <Action action="remove" value={String(f.actorId)} label="Remove" name={String(f.handle)} />
                      <Action action="block-actor" value={String(f.actorId)} label="Block" name={String(f.handle)} />
                      <Action action="block-host" value={String(f.host)} label="Block instance" name={String(f.host)} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {unreachable.length > 0 && (
        <>
          <h2>Instances not answering</h2>
          <p>
            The blog’s posts are not sent to these instances while they do not answer: one is tried every six hours, and
            they get posts again as soon as they accept one or send the blog anything.
          </p>
          <ul>
            {unreachable.map(({ host, since }) => (
              <li key={host}>
                {host}: no answer since {since.slice(0, 16).replace('T', ' ')} UTC
              </li>
            ))}
          </ul>
        </>
      )}
      <h2>Blocked</h2>
      {blocks.length === 0 ? (
        <p>No one is blocked.</p>
      ) : (
        <ul>
          {blocks.map((b) => (
            <li key={`${b.kind}:${b.value}`}>
              {b.kind === 'host' ? `The instance ${b.value}` : b.value}{' '}
              <Action
                action={`unblock-${b.kind === 'host' ? 'host' : 'actor'}`}
                value={b.value}
                label="Unblock"
                name={b.value}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
