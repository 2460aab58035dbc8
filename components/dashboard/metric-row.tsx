import type { MetricRow } from '@/lib/edge/dashboard/rows';
import { formatCount, formatDate, postHref } from './format';

/** One post's row of the owner's table: the static rows and the live ones (metrics-rows-client.tsx) draw the same. */
export function MetricRowView({ row }: { row: MetricRow }) {
  return (
    <tr data-post-id={row.id}>
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
  );
}
