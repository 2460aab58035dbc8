interface MemberRow {
  id: string;
  email: string;
  displayName: string;
  status: string;
  emailVerified: boolean;
  createdDate: string;
}

const STATUS: Record<string, string> = { PENDING: 'Waiting for approval', ACTIVE: 'Active', BLOCKED: 'Blocked' };

/** The members, each with the owner's actions: plain forms, so they work without JavaScript. */
export function MemberList({ members, writers }: { members: MemberRow[]; writers: ReadonlySet<string> }) {
  if (members.length === 0) return <p>No one has joined yet.</p>;
  return (
    // Focusable, so a keyboard can scroll it sideways on a narrow screen too.
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Members, scrollable">
      <table className="metrics-table">
        <caption className="visually-hidden">Members, those waiting for approval first</caption>
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Status</th>
            <th scope="col">Writes</th>
            <th scope="col">Joined</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.id} data-member={m.email}>
              <th scope="row">
                {m.displayName} <span className="muted member-email">{m.email}</span>
                {m.emailVerified ? null : <span className="muted"> (address not verified)</span>}
              </th>
              <td>{STATUS[m.status] ?? m.status}</td>
              <td>{writers.has(m.id) ? 'Yes' : 'No'}</td>
              <td>{m.createdDate.slice(0, 10)}</td>
              <td>
                <form method="post" action="/api/owner/members" className="member-actions">
                  <input type="hidden" name="id" value={m.id} />
                  {m.status === 'ACTIVE' ? (
                    <button type="submit" name="action" value="block">
                      Block
                    </button>
                  ) : (
                    <button type="submit" name="action" value="approve">
                      {m.status === 'BLOCKED' ? 'Unblock' : 'Approve'}
                    </button>
                  )}
                  {m.status === 'PENDING' ? (
                    <button type="submit" name="action" value="block">
                      Block
                    </button>
                  ) : null}
                  {writers.has(m.id) ? (
                    <button type="submit" name="action" value="stop-writing">
                      Stop writing
                    </button>
                  ) : m.status === 'ACTIVE' ? (
                    <button type="submit" name="action" value="write">
                      Let write
                    </button>
                  ) : null}
                </form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
