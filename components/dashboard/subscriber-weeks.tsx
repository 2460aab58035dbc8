interface SubscriberWeeksProps {
  weeks: { week: string; pending: number; confirmed: number }[];
}

/** Subscriptions per ISO week, newest first: confirmed and still pending, with the totals. */
export function SubscriberWeeks({ weeks }: SubscriberWeeksProps) {
  if (weeks.length === 0) return <p>No one has subscribed yet.</p>;
  const confirmed = weeks.reduce((sum, w) => sum + w.confirmed, 0);
  const pending = weeks.reduce((sum, w) => sum + w.pending, 0);
  return (
    <table className="metrics-table">
      <caption className="visually-hidden">Subscriptions by week of subscribing</caption>
      <thead>
        <tr>
          <th scope="col">Week</th>
          <th scope="col">Confirmed</th>
          <th scope="col">Pending</th>
        </tr>
      </thead>
      <tbody>
        {weeks.map((w) => (
          <tr key={w.week}>
            <th scope="row">{w.week}</th>
            <td>{w.confirmed}</td>
            <td>{w.pending}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">All weeks</th>
          <td>{confirmed}</td>
          <td>{pending}</td>
        </tr>
      </tfoot>
    </table>
  );
}
