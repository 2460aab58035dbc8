import Link from 'next/link';
import { type DashboardParams, dashboardHref } from '@/lib/edge/dashboard/params';
import type { TablePaging } from '@/lib/edge/pages/dashboard-table';
import { formatCount } from './format';
import { HiddenParams } from './hidden-params';

const PageLink = ({ href, children, rel }: { href: string | null; children: string; rel?: string }) =>
  href ? (
    <Link href={href} rel={rel} prefetch={false}>
      {children}
    </Link>
  ) : (
    <span aria-disabled="true">{children}</span>
  );

export function TablePager({ paging, params }: { paging: TablePaging; params: DashboardParams }) {
  if (paging.kind === 'cursor') {
    return (
      <nav className="pager" aria-label="Table pages">
        <PageLink href={params.cursor ? dashboardHref(params, { cursor: undefined }) : null}>« First</PageLink>
        <PageLink href={paging.prev ? dashboardHref(params, { cursor: paging.prev }) : null} rel="prev">
          ← Previous
        </PageLink>
        <PageLink href={paging.next ? dashboardHref(params, { cursor: paging.next }) : null} rel="next">
          Next →
        </PageLink>
      </nav>
    );
  }
  const { page, pageCount, total } = paging;
  const at = (n: number) => (n >= 1 && n <= pageCount && n !== page ? dashboardHref(params, { page: n }) : null);
  return (
    <nav className="pager" aria-label="Table pages">
      <PageLink href={at(1)}>« First</PageLink>
      <PageLink href={at(page - 1)} rel="prev">
        ← Previous
      </PageLink>
      <span>
        Page {formatCount(page)} of {formatCount(pageCount)} · {formatCount(total)} posts
      </span>
      <PageLink href={at(page + 1)} rel="next">
        Next →
      </PageLink>
      <PageLink href={at(pageCount)}>Last »</PageLink>
      <form method="get" action="/dashboard" className="pager__jump">
        <HiddenParams params={params} omit={['page', 'cursor']} />
        <label htmlFor="pager-page">Go to page</label>
        <input
          id="pager-page"
          name="page"
          type="number"
          min={1}
          max={pageCount}
          defaultValue={page}
          inputMode="numeric"
        />
        <button type="submit">Go</button>
      </form>
    </nav>
  );
}
