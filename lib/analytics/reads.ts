import { csvRows } from '@/lib/core/csv';
import { errors } from '@/lib/core/errors';
import { analyticsSql, upkeepAnalytics } from './server';
import { bucketOf, bucketsOf, parseRange, type Period, type Range } from './range';
import { dailyRows, POST_VALUE_SEPARATOR, topValues, type Dimension, type Top } from './store';

export { parseRange, RANGES, weeksOf, type Range, type RangeKey } from './range';
export type { Top } from './store';
export { analyticsSql, flushAnalytics, upkeepAnalytics } from './server';
export { dailyRows, storeSize } from './store';

// What the owner's analytics page shows (app/dashboard/analytics), read from the daily roll-ups (and today's raw
// events): the period's curve of visitors and views, its totals beside the period before, the hours of the day, and the
// top posts, pages, sources, campaigns, devices, languages and the pages readers leave from; a post's own curve,
// sources and read-through. Each table is also a CSV (`reportTable`).

export interface Point {
  key: string;
  label: string;
  views: number;
  visitors: number;
}

export interface Totals {
  views: number;
  visitors: number;
}

/** The tables of the site's report, in the order the page shows them. */
export const SITE_TABLES = {
  posts: { dim: 'post', title: 'Top posts', column: 'Post' },
  pages: { dim: 'page', title: 'Top pages', column: 'Page' },
  sources: { dim: 'source', title: 'Top sources', column: 'Source' },
  campaigns: { dim: 'campaign', title: 'Campaigns', column: 'Campaign' },
  mediums: { dim: 'medium', title: 'Mediums', column: 'Medium' },
  devices: { dim: 'device', title: 'Devices', column: 'Device' },
  languages: { dim: 'language', title: 'Languages', column: 'Language' },
  exits: { dim: 'exit', title: 'Pages people leave from', column: 'Page' },
} as const satisfies Record<string, { dim: Dimension; title: string; column: string }>;
export type SiteTable = keyof typeof SITE_TABLES;

export interface Table {
  rows: Top[];
  /** How many values the period has in all (the rows are the first `limit`). */
  values: number;
}

export interface SiteReport {
  totals: Totals;
  previous: Totals;
  series: Point[];
  hours: { hour: string; views: number; visitors: number }[];
  tables: Record<SiteTable, Table>;
}

const TOP = 10;

async function totalsOf(period: Period, dim: Dimension = 'total', value = ''): Promise<Totals> {
  const { top } = await topValues(analyticsSql(), { dim, ...period, value }, 1);
  return { views: top[0]?.views ?? 0, visitors: top[0]?.visitors ?? 0 };
}

/** The curve over `range` of one dimension's value (the site's total by default), bucketed as the range says. */
async function seriesOf(range: Range, dim: Dimension = 'total', value = ''): Promise<Point[]> {
  const rows = await dailyRows(analyticsSql(), { dim, from: range.from, to: range.to, value });
  const points = new Map(bucketsOf(range).map((b) => [b.key, { ...b, views: 0, visitors: 0 }]));
  for (const row of rows) {
    const point = points.get(bucketOf(range, row.day));
    if (!point) continue;
    point.views += row.views;
    point.visitors += row.visitors;
  }
  return [...points.values()];
}

/** One table of the site's report over `period`: its top `limit` values. */
export async function siteTable(table: SiteTable, period: Period, limit = TOP): Promise<Table> {
  const { top, values } = await topValues(analyticsSql(), { dim: SITE_TABLES[table].dim, ...period }, limit);
  return { rows: top, values };
}

/** The site's curve over `range` (closed days rolled up first). */
export async function siteSeries(range: Range): Promise<Point[]> {
  await upkeepAnalytics();
  return seriesOf(range);
}

/** The site's report over `range` (closed days rolled up first). */
export async function siteReport(range: Range): Promise<SiteReport> {
  await upkeepAnalytics();
  const totals = await totalsOf(range);
  const previous = await totalsOf(range.previous);
  const series = await seriesOf(range);
  const { top: hourRows } = await topValues(analyticsSql(), { dim: 'hour', from: range.from, to: range.to }, 24);
  const hours = Array.from({ length: 24 }, (_, h) => {
    const hour = String(h).padStart(2, '0');
    const row = hourRows.find((r) => r.value === hour);
    return { hour, views: row?.views ?? 0, visitors: row?.visitors ?? 0 };
  });
  const tables = {} as Record<SiteTable, Table>;
  for (const table of Object.keys(SITE_TABLES) as SiteTable[]) tables[table] = await siteTable(table, range);
  return { totals, previous, series, hours, tables };
}

export interface PostReport {
  totals: Totals;
  previous: Totals;
  series: Point[];
  sources: Table;
  /** Readers who reached 25, 50, 75 and 100% of the post, and the share of its visitors they are. */
  readThrough: { depth: number; readers: number; share: number }[];
}

const ofPost = (postId: string) => `${postId}${POST_VALUE_SEPARATOR}`;

/** One post's report over `range`. */
export async function postReport(postId: string, range: Range): Promise<PostReport> {
  await upkeepAnalytics();
  const sql = analyticsSql();
  const totals = await totalsOf(range, 'post', postId);
  const previous = await totalsOf(range.previous, 'post', postId);
  const series = await seriesOf(range, 'post', postId);
  const sources = await topValues(sql, { dim: 'post-source', ...range, prefix: ofPost(postId) }, TOP);
  const reads = await topValues(sql, { dim: 'read', ...range, prefix: ofPost(postId) }, 4);
  const readers = (depth: number) => reads.top.find((r) => r.value === `${ofPost(postId)}${depth}`)?.visitors ?? 0;
  return {
    totals,
    previous,
    series,
    sources: {
      rows: sources.top.map((row) => ({ ...row, value: row.value.slice(ofPost(postId).length) })),
      values: sources.values,
    },
    readThrough: [25, 50, 75, 100].map((depth) => ({
      depth,
      readers: readers(depth),
      share: totals.visitors ? readers(depth) / totals.visitors : 0,
    })),
  };
}

/**
 * One of the analytics pages' tables over the period the query names, as CSV: `series` or a SITE_TABLES key; with
 * `post`, that post's `series`, `sources` or `read-through`. Null for a table that is none of them; a period the query
 * gets wrong is refused (catalogue 400) rather than answered for another.
 */
export async function analyticsCsv(
  query: Record<string, string>,
  now = new Date(),
): Promise<{ name: string; text: string } | null> {
  const range = parseRange(query, now);
  if (range.error) throw errors.badValue(range.error);
  const { table, post } = query;
  const name = (what: string) =>
    `${[post && `post-${post}`, what, range.from, range.to].filter(Boolean).join('-')}.csv`;
  const counted = (rows: { views: number; visitors: number }[], first: (row: never) => string) =>
    rows.map((row) => [first(row as never), row.visitors, row.views]);
  if (table === 'series') {
    const report = post ? await postReport(post, range) : { series: await siteSeries(range) };
    const head = ['period', 'visitors', 'views'];
    return { name: name('visitors-and-views'), text: csvRows([head, ...counted(report.series, (p: Point) => p.key)]) };
  }
  if (post && table === 'sources') {
    const { sources } = await postReport(post, range);
    return {
      name: name('sources'),
      text: csvRows([['source', 'visitors', 'views'], ...counted(sources.rows, (r: Top) => r.value)]),
    };
  }
  if (post && table === 'read-through') {
    const { readThrough } = await postReport(post, range);
    const rows = readThrough.map((m) => [m.depth, m.readers, m.share.toFixed(3)]);
    return { name: name('read-through'), text: csvRows([['depth %', 'readers', 'share of visitors'], ...rows]) };
  }
  if (post || !table || !Object.hasOwn(SITE_TABLES, table)) return null;
  await upkeepAnalytics(now);
  const { rows } = await siteTable(table as SiteTable, range, 100_000);
  const column = SITE_TABLES[table as SiteTable].column.toLowerCase();
  return { name: name(table), text: csvRows([[column, 'visitors', 'views'], ...counted(rows, (r: Top) => r.value)]) };
}
