import type { Metadata } from 'next';
import { BackupStatus } from '@/components/dashboard/backup-status';
import { ChartControls } from '@/components/dashboard/chart-controls';
import { LiveTotal } from '@/components/dashboard/live-total';
import { MetricsTable } from '@/components/dashboard/metrics-table';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { PostsChart } from '@/components/dashboard/posts-chart';
import { SetupPanel } from '@/components/dashboard/setup-panel';
import { TopPosts } from '@/components/dashboard/top-posts';
import { currentOwner } from '@/lib/owner';
import { getFeaturesOff } from '@/lib/data/reads';
import { lastBackup } from '@/lib/data';
import { forwardedWithoutProxy } from '@/lib/core/http/peer';
import { getPostCountStats, getTotalPosts } from '@/lib/blog/reads';
import { monthSeries } from '@/lib/edge/dashboard/chart';
import { dashboardHref, parseDashboardParams } from '@/lib/edge/dashboard/params';
import { loadPostTable } from '@/lib/edge/pages/dashboard-table';
import { loadTopPosts } from '@/lib/edge/pages/top-posts';

export const metadata: Metadata = { title: { absolute: 'Dashboard' } };

const sinceFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
/** When the first such request came, as the owner reads it. */
const since = (iso: string | null) => (iso ? `${sinceFormat.format(new Date(iso))} UTC` : 'start');

export default function DashboardPage({ searchParams }: PageProps<'/dashboard'>) {
  return (
    <>
      <h1>Dashboard</h1>
      <Overview searchParams={searchParams} />
    </>
  );
}

// Everything with numbers renders only after the session check. The owner's pages have no prerendered shell
// (the layout reads the session first), and nothing streams behind a fallback: the whole page is in the first
// HTML, so it works without JavaScript.
async function Overview({ searchParams }: Pick<PageProps<'/dashboard'>, 'searchParams'>) {
  const query = await searchParams;
  const params = parseDashboardParams(query);
  const owner = await currentOwner(dashboardHref(params));
  if (owner.kind !== 'owner') return <OwnerNotice kind={owner.kind} message={owner.message} />;

  const [total, stats, table, topViews, topLikes, off, backup] = await Promise.all([
    getTotalPosts(),
    getPostCountStats({ months: params.months, order: params.order, timeZone: params.tz }),
    loadPostTable(params),
    loadTopPosts('VIEW_COUNT'),
    loadTopPosts('LIKE_COUNT'),
    getFeaturesOff(),
    // Read per request (the owner's page is never cached): the CLI records a backup from another process.
    lastBackup().catch(() => undefined),
  ]);
  const bars = monthSeries(stats, { months: params.months, order: params.order, timeZone: params.tz });

  const forwarded = forwardedWithoutProxy();

  return (
    <>
      <SetupPanel off={off} checked={query.checked === 'setup'} />
      {forwarded.count > 0 && (
        <section className="notice" role="status" aria-labelledby="proxy-heading">
          <h2 id="proxy-heading">Is there a proxy in front of the site?</h2>
          <p>
            {forwarded.count} request{forwarded.count === 1 ? '' : 's'} since{' '}
            <time dateTime={forwarded.since ?? undefined}>{since(forwarded.since)}</time> came with an X-Forwarded-For
            header, but no proxy is trusted (<code>TRUST_PROXY_HOPS=0</code>). Behind a reverse proxy or CDN every
            reader then counts as the proxy, and one reader can use up everyone&rsquo;s limits: set{' '}
            <code>TRUST_PROXY_HOPS</code> to the number of proxies in front (docs/security.md).
          </p>
        </section>
      )}
      <section className="stats" aria-label="Totals">
        <p className="stat">
          <LiveTotal initial={total} />
          <span className="stat__label">published posts</span>
        </p>
        <p className="muted live-note">Counts refresh every 30 seconds and when you come back to this tab.</p>
      </section>
      <section className="panel" aria-labelledby="chart-heading">
        <h2 id="chart-heading">Posts per month</h2>
        <ChartControls params={params} />
        <PostsChart bars={bars} caption={`Posts per month, last ${params.months} months (${params.tz})`} />
      </section>
      <div className="panels">
        <TopPosts title="Most viewed" data={topViews} metric="views" />
        <TopPosts title="Most liked" data={topLikes} metric="likes" />
      </div>
      <section className="panel" aria-labelledby="metrics-heading">
        <h2 id="metrics-heading">Every post</h2>
        <MetricsTable table={table} params={params} />
      </section>
      <BackupStatus last={backup} />
    </>
  );
}
