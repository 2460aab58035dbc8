import { ChartTable } from './chart-table';
import { formatCount } from './format';

// How the audience grew over the period: new subscribers, confirmations, unsubscribes and new members, each period's
// total beside the one before, and by week or month in a table.

export interface AudienceRow {
  key: string;
  label: string;
  subscribed: number;
  confirmed: number;
  unsubscribed: number;
  /** Null where members are Wix's (its dashboard counts them). */
  joined: number | null;
}

const COLUMNS = [
  ['subscribed', 'New subscribers'],
  ['confirmed', 'Confirmed'],
  ['unsubscribed', 'Unsubscribed'],
  ['joined', 'New members'],
] as const;

const sum = (rows: AudienceRow[], key: (typeof COLUMNS)[number][0]) =>
  rows.reduce((total, row) => total + (row[key] ?? 0), 0);

export function Audience({ rows, previous }: { rows: AudienceRow[]; previous: AudienceRow }) {
  const columns = COLUMNS.filter(([key]) => key !== 'joined' || rows.every((row) => row.joined !== null));
  return (
    <section className="panel" aria-labelledby="audience-heading">
      <h2 id="audience-heading">Audience</h2>
      <dl className="all-time">
        {columns.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>
              {formatCount(sum(rows, key))}{' '}
              <span className="kpi__change muted">vs {formatCount(previous[key] ?? 0)} before</span>
            </dd>
          </div>
        ))}
      </dl>
      <ChartTable
        summary={`By ${rows[0]?.key.length === 7 ? 'month' : 'week'}`}
        columns={[rows[0]?.key.length === 7 ? 'Month' : 'Week of', ...columns.map(([, label]) => label)]}
        rows={rows.map((row) => ({
          key: row.key,
          label: row.label,
          cells: columns.map(([key]) => formatCount(row[key] ?? 0)),
        }))}
      />
    </section>
  );
}
