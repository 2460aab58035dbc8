'use client';

import { PostsAnswer, type MetricRow } from '@/lib/edge/dashboard/rows';
import type { ApiRequest } from '@/lib/edge/pages/dashboard-table';
import { formatCount, formatDate, postHref } from './format';
import { useLive } from './use-live';

interface MetricsRowsProps {
  api: ApiRequest;
  initialRows: MetricRow[];
}

export function MetricsRows({ api, initialRows }: MetricsRowsProps) {
  const { data: rows, failing } = useLive(api, PostsAnswer, initialRows);
  return (
    <tbody data-live-state={failing ? 'stale' : 'live'}>
      {rows.map((row) => (
        <tr key={row.id} data-post-id={row.id}>
          <th scope="row">
            <a href={postHref(row.slug)}>{row.title || row.slug}</a>
            {row.paid && (
              <span className="badge" title="For members with a plan">
                Paid
              </span>
            )}
          </th>
          <td>{formatDate(row.published)}</td>
          <td className="num" data-metric="views">
            {formatCount(row.views)}
          </td>
          <td className="num" data-metric="likes">
            {formatCount(row.likes)}
          </td>
          <td className="num" data-metric="comments">
            {formatCount(row.comments)}
          </td>
          <td className="num" data-metric="rating">
            {row.ratings ? `${row.rating.toFixed(1)} (${formatCount(row.ratings)})` : '–'}
          </td>
        </tr>
      ))}
    </tbody>
  );
}
