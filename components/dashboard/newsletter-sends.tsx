import type { SendReport } from '@/lib/newsletter';
import { PreviewLink } from './newsletter-controls';

const STATUS: Record<string, string> = {
  queued: 'Queued',
  sending: 'Sending',
  done: 'Done',
  held: 'Held back',
  cancelled: 'Cancelled (unpublished)',
};

/** Each post's mailing, newest first: its status and its messages sent, waiting, bounced, skipped and unknown. */
export function NewsletterSends({ sends, paused = false }: { sends: SendReport[]; paused?: boolean }) {
  if (sends.length === 0) return <p>No post has been mailed yet: the next one you publish will be.</p>;
  return (
    <table className="metrics-table">
      <caption className="visually-hidden">Posts mailed to the subscribers</caption>
      <thead>
        <tr>
          <th scope="col">Post</th>
          <th scope="col">Status</th>
          <th scope="col">Sent</th>
          <th scope="col">Waiting</th>
          <th scope="col">Bounced</th>
          <th scope="col">Skipped</th>
          <th scope="col">Unknown</th>
          <th scope="col">Unsubscribed</th>
          <th scope="col">
            <span className="visually-hidden">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {sends.map((send) => {
          const total = Object.values(send.counts).reduce((a, b) => a + b, 0);
          return (
            <tr key={send.postId} data-send={send.postId}>
              <th scope="row">
                {send.title || send.postId} <PreviewLink postId={send.postId} />
              </th>
              <td>
                {paused && (send.status === 'queued' || send.status === 'sending')
                  ? 'Paused'
                  : (STATUS[send.status] ?? send.status)}
                {send.status === 'sending' && ` (${send.counts.sent} of ${total})`}
                {send.reasons.length > 0 && (
                  <ul className="muted">
                    {send.reasons.map((r) => (
                      <li key={r.reason}>
                        {r.n} × {r.reason}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td>{send.counts.sent}</td>
              <td>{send.counts.waiting}</td>
              <td>{send.counts.bounced}</td>
              <td>{send.counts.skipped}</td>
              <td>{send.counts.unknown}</td>
              <td>{send.unsubscribed}</td>
              <td>
                {(send.status === 'queued' || send.status === 'sending' || send.status === 'held') && (
                  <form method="post" action="/api/owner/newsletter">
                    <input type="hidden" name="postId" value={send.postId} />
                    <input type="hidden" name="back" value="/dashboard/subscribers" />
                    <button type="submit" name="intent" value={send.status === 'held' ? 'send' : 'hold'}>
                      {send.status === 'held' ? 'Send now' : 'Hold back'}
                    </button>
                  </form>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
