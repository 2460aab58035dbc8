import type { ReactNode } from 'react';
import type { Top } from '@/lib/analytics/reads';
import { formatCount } from './format';

// One of the analytics page's tables (top posts, sources, devices...): each value's visitors and views, with a bar of
// its share of the period's visitors behind the name, and a link to the table as CSV.

export interface AnalyticsTableProps {
  id: string;
  title: string;
  column: string;
  rows: Top[];
  /** How many values the period has: said when the table shows fewer. */
  values: number;
  /** The period's visitors, for each row's share. */
  visitors: number;
  csvHref: string;
  /** How a value reads (a post's title and link, "Direct" for no source...). */
  label?: (value: string) => ReactNode;
  empty?: string;
}

export function AnalyticsTable({
  id,
  title,
  column,
  rows,
  values,
  visitors,
  csvHref,
  label,
  empty,
}: AnalyticsTableProps) {
  return (
    <section className="panel analytics-table" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">{empty ?? 'Nothing in this period yet.'}</p>
      ) : (
        <table className="metrics-table">
          <thead>
            <tr>
              <th scope="col">{column}</th>
              <th scope="col" className="num">
                Visitors
              </th>
              <th scope="col" className="num">
                Views
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.value}>
                <th scope="row">
                  <span
                    className="analytics-table__share"
                    style={{ width: `${visitors ? Math.min(100, (row.visitors / visitors) * 100) : 0}%` }}
                    aria-hidden="true"
                  />
                  <span className="analytics-table__name">{label ? label(row.value) : row.value || '—'}</span>
                </th>
                <td className="num">{formatCount(row.visitors)}</td>
                <td className="num">{formatCount(row.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="analytics-table__foot">
        {values > rows.length && (
          <span className="muted">
            {formatCount(rows.length)} of {formatCount(values)}.{' '}
          </span>
        )}
        <a href={csvHref} download>
          Download {title.toLowerCase()} as CSV
        </a>
      </p>
    </section>
  );
}
