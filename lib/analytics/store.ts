import type { SqlDatabase, SqlExecutor } from '@/lib/data/types';

// Analytics' tables (lib/data/migrations/0002-analytics.ts) and the SQL over them: raw events appended in batches, a
// closed day rolled up once into `analytics_daily` (a row per dimension and value, its views and its distinct visitors
// that day), raw events pruned once rolled and older than the site keeps them, and the reads the owner's page makes:
// the rolled days from `analytics_daily`, the days not rolled yet (today) computed from the raw events by the same
// SELECT the roll-up stores. One definition of each figure, whether it is read a second or a year after the view.

export type EventKind = 'view' | 'read';

export interface AnalyticsEvent {
  at: Date;
  kind: EventKind;
  path: string;
  postId: string;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  device: string;
  language: string;
  /** The day's visitor hash (salts.ts). */
  visitor: string;
  /** A read-through mark's depth (25, 50, 75, 100), 0 for a view. */
  depth: number;
}

/** What the roll-up keeps a row of per day and value. */
export const DIMENSIONS = [
  'total',
  'hour',
  'page',
  'post',
  'source',
  'medium',
  'campaign',
  'device',
  'language',
  'exit',
  'post-source',
  'read',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** A post's own rows (`post-source`, `read`) hold the post's id, this separator, then the value. */
export const POST_VALUE_SEPARATOR = '\n';

/** The source of a view: its campaign's `utm_source` when it has one, else the referrer's host ('' is direct). */
const SOURCE = "case when utm_source <> '' then utm_source else referrer_host end";

/** Each dimension's rows (day, value, views, visitors) from `v`, the views, and `r`, the read-through marks. */
const ROWS: Record<Dimension, string> = {
  total: "select day, '' as value, count(*) as views, count(distinct visitor) as visitors from v group by day",
  hour:
    "select day, to_char(at at time zone 'UTC', 'HH24') as value, count(*) as views, " +
    'count(distinct visitor) as visitors from v group by 1, 2',
  page: 'select day, path as value, count(*) as views, count(distinct visitor) as visitors from v group by day, path',
  post:
    'select day, post_id as value, count(*) as views, count(distinct visitor) as visitors from v ' +
    "where post_id <> '' group by day, post_id",
  source: `select day, ${SOURCE} as value, count(*) as views, count(distinct visitor) as visitors from v group by 1, 2`,
  medium:
    'select day, utm_medium as value, count(*) as views, count(distinct visitor) as visitors from v ' +
    "where utm_medium <> '' group by day, utm_medium",
  campaign:
    'select day, utm_campaign as value, count(*) as views, count(distinct visitor) as visitors from v ' +
    "where utm_campaign <> '' group by day, utm_campaign",
  device: 'select day, device as value, count(*) as views, count(distinct visitor) as visitors from v group by 1, 2',
  language:
    'select day, language as value, count(*) as views, count(distinct visitor) as visitors from v group by 1, 2',
  // The page each visitor saw last that day: the page they left from.
  exit:
    'select day, path as value, count(*) as views, count(*) as visitors from ' +
    '(select distinct on (day, visitor) day, visitor, path from v order by day, visitor, at desc) as last ' +
    'group by day, path',
  'post-source':
    `select day, post_id || E'\\n' || ${SOURCE} as value, count(*) as views, ` +
    "count(distinct visitor) as visitors from v where post_id <> '' group by 1, 2",
  // Readers of a post who reached each depth: a reader's deepest mark counts at every depth up to it.
  read:
    "select day, post_id || E'\\n' || mark as value, count(*) as views, count(*) as visitors from " +
    '(select day, post_id, visitor, max(depth) as deepest from r group by day, post_id, visitor) as reader ' +
    'join (values (25), (50), (75), (100)) as marks(mark) on reader.deepest >= marks.mark group by 1, 2',
};

/** The events from `$1` (inclusive) to `$2` (exclusive), as `v` (views) and `r` (read marks), each with its UTC day. */
const EVENTS =
  "with e as (select *, (at at time zone 'UTC')::date as day from analytics_events where at >= $1 and at < $2), " +
  "v as (select * from e where kind = 'view'), r as (select * from e where kind = 'read')";

const COLUMNS =
  'at, kind, path, post_id, referrer_host, utm_source, utm_medium, utm_campaign, device, language, visitor, depth';
const TYPES = [
  'timestamptz',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'smallint',
];

/** Appends events in one statement (one array a column, whatever their number). */
export async function appendEvents(sql: SqlExecutor, events: readonly AnalyticsEvent[]): Promise<void> {
  if (!events.length) return;
  const columns: unknown[][] = TYPES.map(() => []);
  for (const e of events) {
    const row = [
      e.at.toISOString(),
      e.kind,
      e.path,
      e.postId,
      e.referrerHost,
      e.utmSource,
      e.utmMedium,
      e.utmCampaign,
      e.device,
      e.language,
      e.visitor,
      e.depth,
    ];
    row.forEach((value, i) => columns[i]!.push(value));
  }
  const arrays = TYPES.map((type, i) => `$${i + 1}::${type}[]`).join(', ');
  await sql.query(`insert into analytics_events (${COLUMNS}) select * from unnest(${arrays})`, columns);
}

export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const nextDay = (day: string) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));
const dayStart = (day: string) => `${day}T00:00:00.000Z`;

/** A day is rolled up this long after it ends: views sent in its last seconds have been written by then. */
export const ROLL_UP_GRACE_MS = 10 * 60_000;

const ROLL_UP_LOCK = "select pg_advisory_xact_lock(hashtext('wix-blog analytics roll-up'))";

/** The first day not rolled up yet: the day after the last rolled one, or the first day with an event. */
async function firstUnrolledDay(sql: SqlExecutor): Promise<string | null> {
  const { rows } = await sql.query<{ last: string | null }>(
    "select to_char(max(day), 'YYYY-MM-DD') as last from analytics_rolled",
  );
  if (rows[0]?.last) return nextDay(rows[0].last);
  const first = await sql.query<{ at: Date | string | null }>('select min(at) as at from analytics_events');
  const at = first.rows[0]?.at;
  return at ? dayOf(new Date(at)) : null;
}

/**
 * Rolls up every closed day not rolled yet (ended at least ROLL_UP_GRACE_MS before `now`), each in its own
 * transaction under one advisory lock: instances rolling at once wait for each other, and the one that gets a day
 * second finds it rolled and leaves it. Answers the days rolled.
 */
export async function rollUp(sql: SqlDatabase, now: Date): Promise<string[]> {
  const closed = dayOf(new Date(now.getTime() - ROLL_UP_GRACE_MS - 86_400_000));
  const rolled: string[] = [];
  for (;;) {
    const day = await sql.transaction(async (tx) => {
      await tx.query(ROLL_UP_LOCK);
      const next = await firstUnrolledDay(tx);
      if (!next || next > closed) return null;
      const range = [dayStart(next), dayStart(nextDay(next))];
      const dims = DIMENSIONS.map(
        (dim) => `select day, '${dim}' as dim, value, views, visitors from (${ROWS[dim]}) as d`,
      );
      await tx.query(
        `insert into analytics_daily (day, dim, value, views, visitors) ${EVENTS} ${dims.join(' union all ')}`,
        range,
      );
      const { rows } = await tx.query<{ n: string }>(
        'select count(*) as n from analytics_events where at >= $1 and at < $2',
        range,
      );
      await tx.query('insert into analytics_rolled (day, events) values ($1, $2)', [next, Number(rows[0]?.n ?? 0)]);
      return next;
    });
    if (!day) return rolled;
    rolled.push(day);
  }
}

/** Deletes the raw events of rolled days older than `keepDays` days before `now`; answers how many. */
export async function pruneEvents(sql: SqlExecutor, now: Date, keepDays: number): Promise<number> {
  const cutoff = dayStart(dayOf(new Date(now.getTime() - keepDays * 86_400_000)));
  const { affectedRows } = await sql.query(
    'delete from analytics_events where at < $1 and ' +
      "at < (select coalesce(max(day) + 1, '-infinity'::date)::timestamptz from analytics_rolled)",
    [cutoff],
  );
  // Their space is taken by the next days' events (the embedded database runs no autovacuum of its own).
  if (affectedRows) await sql.query('vacuum analytics_events');
  return affectedRows;
}

export interface Row {
  day: string;
  value: string;
  views: number;
  visitors: number;
}

export interface RowsQuery {
  dim: Dimension;
  /** UTC days, inclusive. */
  from: string;
  to: string;
  /** Only this value (a post's id for `post`), or values starting with this (a post's own `read` rows). */
  value?: string;
  prefix?: string;
}

/** A dimension's rows in [from, to], as SQL: rolled days from the roll-up, the rest from the raw events. */
async function rowsSql(sql: SqlExecutor, query: RowsQuery) {
  const live = (await firstUnrolledDay(sql)) ?? nextDay(query.to);
  const liveFrom = live > query.from ? live : query.from;
  const params: unknown[] = [dayStart(liveFrom), dayStart(nextDay(query.to)), query.dim, query.from, query.to];
  let where = '';
  if (query.value !== undefined) {
    params.push(query.value);
    where = ` and value = $${params.length}`;
  } else if (query.prefix !== undefined) {
    params.push(`${query.prefix.replace(/[\\%_]/g, '\\$&')}%`);
    where = ` and value like $${params.length}`;
  }
  const text =
    `${EVENTS}, live as (${ROWS[query.dim]}), rows as (` +
    'select day, value, views, visitors from analytics_daily ' +
    `where dim = $3 and day >= $4::date and day <= $5::date${where} ` +
    `union all select day, value, views, visitors from live where true${where})`;
  return { text, params };
}

type Counted = { views: string | number; visitors: string | number };
const counted = (row: Counted) => ({ views: Number(row.views), visitors: Number(row.visitors) });

/** A dimension's rows per day in [from, to] (each day's views and visitors of each value). */
export async function dailyRows(sql: SqlExecutor, query: RowsQuery): Promise<Row[]> {
  const { text, params } = await rowsSql(sql, query);
  const { rows } = await sql.query<Counted & { day: string; value: string }>(
    `${text} select to_char(day, 'YYYY-MM-DD') as day, value, views, visitors from rows order by day, value`,
    params,
  );
  return rows.map((row) => ({ day: row.day, value: row.value, ...counted(row) }));
}

export interface Top {
  value: string;
  views: number;
  /** Visitors counted each day, summed over the days: the salt changes every day, so no one is followed across. */
  visitors: number;
}

/** A dimension's values with the most views in [from, to] (at most `limit`), and how many values there are. */
export async function topValues(sql: SqlExecutor, query: RowsQuery, limit: number) {
  const { text, params } = await rowsSql(sql, query);
  params.push(limit);
  const { rows } = await sql.query<Counted & { value: string; distinct_values: string | number }>(
    `${text}, summed as (select value, sum(views) as views, sum(visitors) as visitors from rows group by value) ` +
      'select value, views, visitors, count(*) over () as distinct_values from summed ' +
      `order by views desc, value limit $${params.length}`,
    params,
  );
  return {
    top: rows.map((row): Top => ({ value: row.value, ...counted(row) })),
    values: Number(rows[0]?.distinct_values ?? 0),
  };
}

/** The events kept and the tables' size on disk, for the bench and the owner's page. */
export async function storeSize(sql: SqlExecutor) {
  const { rows } = await sql.query<{ events: string; rolled: string; rows: string; bytes: string; raw: string }>(
    'select (select count(*) from analytics_events) as events, ' +
      '(select coalesce(sum(events), 0) from analytics_rolled) as rolled, ' +
      '(select count(*) from analytics_daily) as rows, ' +
      "pg_total_relation_size('analytics_daily') + pg_total_relation_size('analytics_rolled') as bytes, " +
      "pg_total_relation_size('analytics_events') as raw",
  );
  const row = rows[0]!;
  return {
    rawEvents: Number(row.events),
    rolledEvents: Number(row.rolled),
    rollupRows: Number(row.rows),
    rollupBytes: Number(row.bytes),
    rawBytes: Number(row.raw),
  };
}
