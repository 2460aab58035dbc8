import type { Metadata } from 'next';
import Link from 'next/link';
import { AnalyticsTable } from '@/components/dashboard/analytics-table';
import { Audience, type AudienceRow } from '@/components/dashboard/audience';
import { HoursChart } from '@/components/dashboard/hours-chart';
import { Kpis } from '@/components/dashboard/kpi';
import { NewsletterResults } from '@/components/dashboard/newsletter-results';
import { RangePicker } from '@/components/dashboard/range-picker';
import { TrafficPanel } from '@/components/dashboard/traffic-chart';
import {
  parseRange,
  RANGES,
  SITE_TABLES,
  siteReport,
  weeksOf,
  type Range,
  type SiteTable,
} from '@/lib/analytics/reads';
import { getPost } from '@/lib/blog/reads';
import { dataClient } from '@/lib/data';
import { memberJoinDays } from '@/lib/members';
import { newsletterResults, subscriberChanges } from '@/lib/newsletter';
import { ownerLoad } from '../_owner/load';
import { csvHref, rangeQuery, valueLabel } from './labels';

export const metadata: Metadata = { title: 'Analytics' };

const PATH = '/dashboard/analytics';

/** Subscribers' and members' changes over the period, by week (or month), and the period before's totals. */
async function audienceOf(range: Range) {
  const from = range.previous.from;
  const [subscribers, joins] = await Promise.all([
    subscriberChanges(dataClient(), from, range.to),
    memberJoinDays(from, range.to),
  ]);
  const countIn = (days: string[], start: string, end: string) => days.filter((d) => d >= start && d <= end).length;
  const rowOf = (key: string, label: string, start: string, end: string): AudienceRow => ({
    key,
    label,
    subscribed: countIn(subscribers.subscribed, start, end),
    confirmed: countIn(subscribers.confirmed, start, end),
    unsubscribed: countIn(subscribers.unsubscribed, start, end),
    joined: joins && countIn(joins, start, end),
  });
  return {
    rows: weeksOf(range).map((week) => rowOf(week.key, week.label, week.from, week.to)),
    previous: rowOf('previous', 'Before', range.previous.from, range.previous.to),
  };
}

/**
 * The owner's analytics (lib/analytics): visitors and views over the period beside the period before, by day (or
 * month), by hour of the day, and the top posts, pages, sources, campaigns, devices, languages and the pages readers
 * leave from, each with its CSV. Server-rendered: charts are SVG with a table behind each, and it all works without
 * JavaScript. Counted privately: no cookie, no address kept (the note at the foot says how).
 */
export default async function AnalyticsPage({ searchParams }: PageProps<'/dashboard/analytics'>) {
  const query = await searchParams;
  const range = parseRange(query);
  const loaded = await ownerLoad(`${PATH}?${rangeQuery(range)}`, async () => {
    const [report, mailed, audience] = await Promise.all([siteReport(range), newsletterResults(), audienceOf(range)]);
    const titles = new Map(
      await Promise.all(
        report.tables.posts.rows.map(async (row) => [row.value, (await getPost(row.value))?.title] as const),
      ),
    );
    return { report, titles, mailed, audience };
  });
  if (loaded.page) return loaded.page;
  const { report, titles, mailed, audience } = loaded.value;
  const tableProps = (table: SiteTable) => ({
    id: `${table}-heading`,
    title: SITE_TABLES[table].title,
    column: SITE_TABLES[table].column,
    ...report.tables[table],
    visitors: report.totals.visitors,
    csvHref: csvHref(range, table),
  });
  return (
    <>
      <h1>Analytics</h1>
      {range.error && (
        <p className="notice" role="status">
          {range.error}
        </p>
      )}
      <RangePicker range={range} path={PATH} choices={RANGES} />
      <h2 className="visually-hidden">{range.label}</h2>
      <Kpis totals={report.totals} previous={report.previous} label={range.label} />
      <TrafficPanel
        points={report.series}
        heading={`Visitors and views, ${range.label.toLowerCase()}`}
        title={`Visitors and views, ${range.label}`}
        csvHref={csvHref(range, 'series')}
      />
      <div className="panels">
        <AnalyticsTable
          {...tableProps('posts')}
          label={(id) => (
            <Link href={`${PATH}/posts/${encodeURIComponent(id)}?${rangeQuery(range)}`} prefetch={false}>
              {titles.get(id) ?? `A post no longer published (${id})`}
            </Link>
          )}
          empty="No post was read in this period."
        />
        <AnalyticsTable {...tableProps('sources')} label={(value) => valueLabel('source', value)} />
      </div>
      <div className="panels">
        <AnalyticsTable {...tableProps('pages')} />
        <AnalyticsTable {...tableProps('exits')} />
      </div>
      <div className="panels">
        <AnalyticsTable {...tableProps('campaigns')} empty="No visit came with a campaign (utm_campaign)." />
        <AnalyticsTable {...tableProps('mediums')} empty="No visit came with a medium (utm_medium)." />
      </div>
      <div className="panels">
        <AnalyticsTable {...tableProps('devices')} label={(value) => valueLabel('device', value)} />
        <AnalyticsTable {...tableProps('languages')} label={(value) => valueLabel('language', value)} />
      </div>
      <Audience rows={audience.rows} previous={audience.previous} />
      <section className="panel" aria-labelledby="newsletter-heading">
        <h2 id="newsletter-heading">What each e-mail came to</h2>
        <div className="table-scroll">
          <NewsletterResults results={mailed} />
        </div>
        <p className="muted analytics-note">
          Opens are counted only for sends made while counting opens was on (Subscribers); clicks always, through the
          mail&rsquo;s links.
        </p>
      </section>
      <section className="panel" aria-labelledby="hours-heading">
        <h2 id="hours-heading">Views by hour of the day (UTC)</h2>
        <HoursChart hours={report.hours} />
      </section>
      <p className="muted analytics-note">
        Counted without cookies: a visitor is one reader in one day, told apart by a hash of their address and browser
        under a secret that changes every day and is then deleted; no address is kept. Readers who ask not to be tracked
        (Do Not Track, Global Privacy Control), crawlers and you are not counted. Days are UTC; today is counted as it
        happens.
      </p>
    </>
  );
}
