import Link from 'next/link';
import { type DashboardParams, type TableSort, dashboardHref } from '@/lib/edge/dashboard/params';
import type { MetricRow } from '@/lib/edge/dashboard/rows';
import type { PostTable } from '@/lib/edge/pages/dashboard-table';
import { MetricRowView } from './metric-row';
import { MetricsRows } from './metrics-rows-client';
import { TablePager } from './table-pager';

interface Column {
  label: string;
  /** The sort a click on the header picks; with `reverse`, a second click flips it. */
  sort: TableSort;
  reverse?: TableSort;
  numeric?: boolean;
}

const COLUMNS: Column[] = [
  { label: 'Post', sort: 'title', reverse: 'title-desc' },
  { label: 'Published', sort: 'newest', reverse: 'oldest' },
  { label: 'Views', sort: 'views', numeric: true },
  { label: 'Likes', sort: 'likes', numeric: true },
  { label: 'Comments', sort: 'comments', numeric: true },
  // Best rated first; the site's own order (lib/edge/pages/dashboard-table.ts), no platform's.
  { label: 'Rating', sort: 'rating', numeric: true },
];

const ASCENDING: TableSort[] = ['title', 'oldest'];

function HeaderCell({ column, params }: { column: Column; params: DashboardParams }) {
  const active = params.sort === column.sort || params.sort === column.reverse;
  const target = active && column.reverse && params.sort === column.sort ? column.reverse : column.sort;
  const direction = ASCENDING.includes(params.sort) ? 'ascending' : 'descending';
  return (
    <th scope="col" className={column.numeric ? 'num' : undefined} aria-sort={active ? direction : undefined}>
      <Link href={dashboardHref(params, { sort: target })} prefetch={false}>
        {column.label}
        {active && <span aria-hidden="true">{direction === 'ascending' ? ' ▲' : ' ▼'}</span>}
      </Link>
    </th>
  );
}

/**
 * The rows as rendered, for an order no JSON API request answers (the rating order): the live refresh would put them
 * in the API's order. The same cells as MetricsRows (metrics-rows-client.tsx).
 */
function StaticRows({ rows }: { rows: MetricRow[] }) {
  return (
    <tbody data-live-state="static">
      {rows.map((row) => (
        <MetricRowView key={row.id} row={row} />
      ))}
    </tbody>
  );
}

export function MetricsTable({ table, params }: { table: PostTable; params: DashboardParams }) {
  return (
    <>
      <p className="table-scroll__hint muted" id="metrics-scroll-hint">
        Scroll the table sideways for views, likes, comments and ratings.
      </p>
      {/* Focusable, so a keyboard can scroll it too; its shadows show there is more to the side. */}
      <div
        className="table-scroll"
        tabIndex={0}
        role="region"
        aria-label="Every post, scrollable"
        aria-describedby="metrics-scroll-hint"
      >
        <table className="metrics-table" aria-describedby="metrics-heading">
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <HeaderCell key={column.label} column={column} params={params} />
              ))}
            </tr>
          </thead>
          {table.api ? <MetricsRows api={table.api} initialRows={table.rows} /> : <StaticRows rows={table.rows} />}
        </table>
      </div>
      {table.rows.length === 0 && <p className="muted">No posts on this page.</p>}
      <TablePager paging={table.paging} params={params} />
    </>
  );
}
