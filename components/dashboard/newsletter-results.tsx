import type { SendResult } from '@/lib/newsletter';
import { formatCount, formatDate } from './format';

/** The addresses shown under a send: its most clicked. */
const LINKS_SHOWN = 3;
const SHOWN_LENGTH = 60;

/** An address as the table shows it: its host and path, cut short (the whole in its title). */
function shortUrl(url: string): string {
  if (!URL.canParse(url)) return url.slice(0, SHOWN_LENGTH);
  const { host, pathname } = new URL(url);
  const shown = pathname === '/' ? host : `${host}${pathname}`;
  return shown.length > SHOWN_LENGTH ? `${shown.slice(0, SHOWN_LENGTH - 1)}…` : shown;
}

/**
 * What each post's mail came to, newest first: delivered, bounced, opened (a dash where the send did not count opens),
 * the readers who clicked and their clicks, the readers who left by its unsubscribe link, and its most clicked links.
 */
export function NewsletterResults({ results }: { results: SendResult[] }) {
  const sent = results.filter((result) => result.sentDate !== null);
  if (sent.length === 0) return <p>No post has been mailed yet.</p>;
  return (
    <table className="metrics-table">
      <caption className="visually-hidden">What each post’s e-mail came to</caption>
      <thead>
        <tr>
          <th scope="col">Post</th>
          <th scope="col">Mailed</th>
          <th scope="col">Delivered</th>
          <th scope="col">Bounced</th>
          <th scope="col">Opened</th>
          <th scope="col">Clicked</th>
          <th scope="col">Unsubscribed</th>
        </tr>
      </thead>
      <tbody>
        {sent.map((result) => (
          <tr key={result.postId} data-result={result.postId}>
            <th scope="row">
              {result.title || result.postId}
              <TopLinks links={result.links} />
            </th>
            <td>{formatDate(result.sentDate)}</td>
            <td>
              {formatCount(result.delivered)} of {formatCount(result.recipients)}
            </td>
            <td>{formatCount(result.bounced)}</td>
            <td>
              {result.opened === null ? (
                <span title="Opens were not counted for this post">—</span>
              ) : (
                formatCount(result.opened)
              )}
            </td>
            <td>
              {formatCount(result.clicked)} ({formatCount(result.clicks)} {result.clicks === 1 ? 'click' : 'clicks'})
            </td>
            <td>{formatCount(result.unsubscribed)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TopLinks({ links }: { links: SendResult['links'] }) {
  if (links.length === 0) return null;
  return (
    <ul className="muted">
      {links.slice(0, LINKS_SHOWN).map((link) => (
        <li key={link.url}>
          {formatCount(link.clicks)} × <span title={link.url}>{shortUrl(link.url)}</span>
        </li>
      ))}
    </ul>
  );
}
