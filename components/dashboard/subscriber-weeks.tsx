interface SubscriberWeeksProps {
  weeks: { week: string; pending: number; confirmed: number; unsubscribed: number; bounced: number }[];
}

const COLUMNS = ['confirmed', 'pending', 'unsubscribed', 'bounced'] as const;
const LABEL = { confirmed: 'Confirmed', pending: 'Pending', unsubscribed: 'Unsubscribed', bounced: 'Bounced' };

/** Subscriptions per ISO week, newest first, by state (confirmed, pending, unsubscribed, bounced), with the totals. */
export function SubscriberWeeks({ weeks }: SubscriberWeeksProps) {
  if (weeks.length === 0) return <p>No one has subscribed yet.</p>;
  return (
    <table className="metrics-table">
      <caption className="visually-hidden">Subscriptions by week of subscribing</caption>
      <thead>
        <tr>
          <th scope="col">Week</th>
          {COLUMNS.map((column) => (
            <th scope="col" key={column}>
              {LABEL[column]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((w) => (
          <tr key={w.week}>
            <th scope="row">{w.week}</th>
            {COLUMNS.map((column) => (
              <td key={column}>{w[column]}</td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">All weeks</th>
          {COLUMNS.map((column) => (
            <td key={column}>{weeks.reduce((sum, w) => sum + w[column], 0)}</td>
          ))}
        </tr>
      </tfoot>
    </table>
  );
}
