import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AnalyticsTable } from '@/components/dashboard/analytics-table';
import { formatCount, postHref } from '@/components/dashboard/format';
import { Kpis } from '@/components/dashboard/kpi';
import { NewsletterResults } from '@/components/dashboard/newsletter-results';
import { RangePicker } from '@/components/dashboard/range-picker';
import { ReadThrough } from '@/components/dashboard/read-through';
import { TrafficPanel } from '@/components/dashboard/traffic-chart';
import { parseRange, postReport, RANGES } from '@/lib/analytics/reads';
import { getPost } from '@/lib/blog/reads';
import { newsletterResultsOf } from '@/lib/newsletter';
import { decodeSegment } from '@/lib/core/site';
import { readerMetrics } from '@/lib/edge/pages/reader-counts';
import { ownerLoad } from '../../../_owner/load';
import { csvHref, rangeQuery, valueLabel } from '../../labels';

export const metadata: Metadata = { title: 'A post’s analytics' };

/**
 * One post's analytics: its visitors and views over the period beside the period before, where its readers came from,
 * how far they read (25, 50, 75, 100% of the text), and its totals of all time: the views the platform counted (on
 * Wix, through View Post), likes, comments and ratings. Each table has its CSV.
 */
export default async function PostAnalyticsPage({
  params,
  searchParams,
}: PageProps<'/dashboard/analytics/posts/[id]'>) {
  const id = decodeSegment((await params).id);
  const range = parseRange(await searchParams);
  const path = `/dashboard/analytics/posts/${encodeURIComponent(id)}`;
  const loaded = await ownerLoad(`${path}?${rangeQuery(range)}`, async () => {
    const post = await getPost(id, { fieldsets: ['METRICS'] });
    if (!post) return null;
    const [report, metrics, mailed] = await Promise.all([
      postReport(post.id, range),
      post.metrics ? readerMetrics(post.id, post.metrics) : null,
      newsletterResultsOf(post.id),
    ]);
    return { post, report, metrics, mailed };
  });
  if (loaded.page) return loaded.page;
  if (!loaded.value) notFound();
  const { post, report, metrics, mailed } = loaded.value;
  return (
    <>
      <p className="muted">
        <Link href={`/dashboard/analytics?${rangeQuery(range)}`} prefetch={false}>
          Analytics
        </Link>{' '}
        / a post
      </p>
      <h1>{post.title}</h1>
      <p>
        <a href={postHref(post.slug)}>Read the post</a>
      </p>
      <RangePicker range={range} path={path} choices={RANGES} />
      <Kpis totals={report.totals} previous={report.previous} label={range.label} />
      <TrafficPanel
        points={report.series}
        heading={`Visitors and views, ${range.label.toLowerCase()}`}
        title={`Visitors and views of the post, ${range.label}`}
        csvHref={csvHref(range, 'series', post.id)}
      />
      <div className="panels">
        <AnalyticsTable
          id="sources-heading"
          title="Top sources"
          column="Source"
          {...report.sources}
          visitors={report.totals.visitors}
          csvHref={csvHref(range, 'sources', post.id)}
          label={(value) => valueLabel('source', value)}
        />
        <ReadThrough marks={report.readThrough} visitors={report.totals.visitors} />
      </div>
      {mailed && (
        <section className="panel" aria-labelledby="newsletter-heading">
          <h2 id="newsletter-heading">Its e-mail</h2>
          <div className="table-scroll">
            <NewsletterResults results={[mailed]} />
          </div>
        </section>
      )}
      {metrics && (
        <section className="panel" aria-labelledby="all-time-heading">
          <h2 id="all-time-heading">All time</h2>
          <dl className="all-time">
            <div>
              <dt>Views the blog platform counted</dt>
              <dd>{formatCount(metrics.views)}</dd>
            </div>
            <div>
              <dt>Likes</dt>
              <dd>{formatCount(metrics.likes)}</dd>
            </div>
            <div>
              <dt>Comments</dt>
              <dd>{formatCount(metrics.comments)}</dd>
            </div>
            <div>
              <dt>Rating</dt>
              <dd>
                {metrics.totalRatings
                  ? `${metrics.averageRating?.toFixed(1)} of 5 (${formatCount(metrics.totalRatings)} ratings)`
                  : 'Not rated yet'}
              </dd>
            </div>
          </dl>
          <p className="muted analytics-note">
            The platform counts a view per reader every 30 minutes since the post was published (on Wix, Wix&rsquo;s own
            count); the figures above count visitors per day, privately, since analytics began.
          </p>
        </section>
      )}
    </>
  );
}
