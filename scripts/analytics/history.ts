import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { appendEvents, pruneEvents, rollUp, storeSize, type AnalyticsEvent } from '@/lib/analytics/tools';
import type { SqlDatabase } from '@/lib/data/types';
import { prng } from '@/lib/core/random';

// A made-up but lifelike history of page views for the owner's analytics (issue 46), written through analytics' own
// store (lib/analytics/tools.ts) exactly as the site writes and rolls up: the browser test's 90 days, the screenshots'
// and the bench's 10 million views over a year. Deterministic (a seeded generator): the same options give the same
// events. Days come in order, each appended in batches and rolled up once closed, raw events pruned as the site does.
//
//   DATA_DIR=.data npx tsx scripts/analytics/history.ts --days 90 --views 400 [--content content]
//   DATABASE_URL=postgres://… npx tsx scripts/analytics/history.ts --days 365 --views 27400

export interface HistoryPost {
  id: string;
  slug: string;
  language?: string | null;
}

export interface HistoryOptions {
  sql: SqlDatabase;
  /** Days of history, ending today (today's part up to `now`). */
  days: number;
  /** Views on an average day. */
  viewsPerDay: number;
  posts: HistoryPost[];
  now?: Date;
  seed?: number;
  /** How many days of raw events to keep (as ANALYTICS_RAW_DAYS). */
  keepRawDays?: number;
  onDay?: (day: string, views: number) => void;
}

const SOURCES: [weight: number, referrerHost: string, utmSource: string, utmMedium: string, utmCampaign: string][] = [
  [40, '', '', '', ''],
  [22, 'google.com', '', '', ''],
  [8, 'news.ycombinator.com', '', '', ''],
  [7, '', 'newsletter', 'email', 'weekly'],
  [6, 'mastodon.social', '', '', ''],
  [5, 'duckduckgo.com', '', '', ''],
  [4, 'bing.com', '', '', ''],
  [3, 'reddit.com', '', '', ''],
  [3, '', 'bluesky', 'social', 'launch'],
  [2, 'github.com', '', '', ''],
];
const DEVICES: [number, string][] = [
  [58, 'desktop'],
  [36, 'mobile'],
  [6, 'tablet'],
];
const LANGUAGES: [number, string][] = [
  [55, 'en'],
  [20, 'es'],
  [9, 'de'],
  [8, 'fr'],
  [5, 'pt'],
  [3, ''],
];
const PAGES = ['/', '/search', '/tags/accessibility', '/categories/guides', '/page/2', '/authors/ada'];

function pick<T>(choices: [number, T][], r: number): T {
  const total = choices.reduce((sum, [w]) => sum + w, 0);
  let at = r * total;
  for (const [weight, value] of choices) {
    if ((at -= weight) < 0) return value;
  }
  return choices.at(-1)![1];
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** One day's events: visitors reading a few pages each, more on weekdays and in the afternoon (UTC). */
function dayEvents(dayStart: number, views: number, posts: HistoryPost[], next: () => number, until: number) {
  const events: AnalyticsEvent[] = [];
  const postWeights = posts.map((post, i): [number, HistoryPost] => [1 / (i + 1), post]);
  let visitor = 0;
  let counted = 0;
  // Today's part: the day's views up to `until` (a visitor who would come later does not).
  for (let tries = 0; counted < views && tries < views * 4; tries += 1) {
    visitor += 1;
    const [, referrerHost, utmSource, utmMedium, utmCampaign] = pick(
      SOURCES.map((s): [number, (typeof SOURCES)[number]] => [s[0], s]),
      next(),
    );
    const device = pick(DEVICES, next());
    const language = pick(LANGUAGES, next());
    const hour = Math.min(23, Math.floor(24 * (0.15 + 0.85 * Math.sqrt(next()))));
    let at = dayStart + hour * 3_600_000 + Math.floor(next() * 3_000_000);
    const pages = 1 + Math.floor(next() * next() * 4);
    const id = `h${dayStart.toString(36)}${visitor.toString(36)}`;
    for (let p = 0; p < pages && counted < views && at < until; p += 1) {
      const onPost = posts.length > 0 && next() < 0.7;
      const post = onPost ? pick(postWeights, next()) : null;
      const first = p === 0;
      const base = {
        at: new Date(at),
        postId: post?.id ?? '',
        path: post ? `${post.language && post.language !== 'en' ? `/${post.language}` : ''}/post/${post.slug}` : '',
        referrerHost: first ? referrerHost : '',
        utmSource: first ? utmSource : '',
        utmMedium: first ? utmMedium : '',
        utmCampaign: first ? utmCampaign : '',
        device,
        language,
        visitor: id,
      };
      base.path ||= PAGES[Math.floor(next() * PAGES.length)]!;
      events.push({ ...base, kind: 'view', depth: 0 });
      counted += 1;
      if (post) {
        const deepest = [25, 50, 75, 100].filter(() => next() < 0.8).length * 25;
        if (deepest) events.push({ ...base, at: new Date(at + 60_000), kind: 'read', depth: deepest });
      }
      at += 30_000 + Math.floor(next() * 240_000);
    }
  }
  return events;
}

/** Writes the history; answers the views written and the store's size after. */
export async function generateHistory(options: HistoryOptions) {
  const { sql, days, viewsPerDay, posts, seed = 46, keepRawDays = 35 } = options;
  const now = options.now ?? new Date();
  // Seeded (lib/core/random.ts): the same options give the same history.
  const next = prng(seed);
  const today = Date.parse(`${dayOf(now.getTime())}T00:00:00Z`);
  let written = 0;
  for (let d = days - 1; d >= 0; d -= 1) {
    const start = today - d * DAY_MS;
    const weekday = new Date(start).getUTCDay();
    const growth = 0.6 + 0.4 * ((days - d) / days);
    const weekly = weekday === 0 || weekday === 6 ? 0.7 : 1.1;
    const views = Math.round(viewsPerDay * growth * weekly * (0.85 + 0.3 * next()));
    const events = dayEvents(start, views, posts, next, Math.min(start + DAY_MS, now.getTime()));
    for (let i = 0; i < events.length; i += 5000) await appendEvents(sql, events.slice(i, i + 5000));
    written += events.filter((e) => e.kind === 'view').length;
    options.onDay?.(dayOf(start), events.length);
    // Rolled up as the site would the next morning: the day's views are then read from the roll-up.
    await rollUp(sql, new Date(start + DAY_MS + 20 * 60_000 > now.getTime() ? now : start + DAY_MS + 20 * 60_000));
    await pruneEvents(sql, new Date(Math.min(start + DAY_MS, now.getTime())), keepRawDays);
  }
  return { views: written, size: await storeSize(sql) };
}

/** The published posts of a content folder (content/posts/*.json), as the history reads them. */
export function contentPosts(contentDir: string): HistoryPost[] {
  const folder = path.join(contentDir, 'posts');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as HistoryPost & { status?: string })
    .filter((post) => !post.status || post.status === 'PUBLISHED')
    .map(({ id, slug, language }) => ({ id, slug, language }));
}

async function main() {
  const { values } = parseArgs({
    options: {
      days: { type: 'string', default: '90' },
      views: { type: 'string', default: '400' },
      content: { type: 'string', default: process.env.BLOG_CONTENT_DIR ?? 'content' },
      seed: { type: 'string', default: '46' },
    },
  });
  const { createEmbeddedBackend, createPostgresBackend } = await import('@/lib/data/tools');
  const backend = process.env.DATABASE_URL
    ? createPostgresBackend(process.env.DATABASE_URL)
    : createEmbeddedBackend(process.env.DATA_DIR ?? '.data');
  try {
    const result = await generateHistory({
      sql: backend.sql!,
      days: Number(values.days),
      viewsPerDay: Number(values.views),
      posts: contentPosts(values.content),
      seed: Number(values.seed),
    });
    console.log(JSON.stringify({ msg: 'analytics history written', ...result }));
  } finally {
    await backend.close?.();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

/** A CASE over `r` (a random number in [0, 1)) choosing among weighted constants (this file's, never input). */
function weighted(choices: [number, string][], r: string) {
  const total = choices.reduce((sum, [w]) => sum + w, 0);
  let at = 0;
  const arms = choices.map(([weight, value]) => {
    at += weight / total;
    return `when ${r} < ${at.toFixed(6)} then '${value.replace(/'/g, "''")}'`;
  });
  return `case ${arms.join(' ')} else '${choices.at(-1)![1]}' end`;
}

/**
 * The bench's history (10 million views over a year): each day's views made by the database itself (generate_series,
 * setseed for the same history every time) rather than sent from here, then rolled up and pruned as the site does.
 * Views only (no read-through marks); a visitor reads 1.6 pages on average.
 */
export async function generateHistoryInSql(options: Omit<HistoryOptions, 'seed'>) {
  const { sql, days, viewsPerDay, posts, keepRawDays = 35 } = options;
  const now = options.now ?? new Date();
  const today = Date.parse(`${dayOf(now.getTime())}T00:00:00Z`);
  const sources = SOURCES.map(([w, host, source, medium, campaign]) => [w, [host, source, medium, campaign].join('|')]);
  const paths = posts.map((p) => `${p.language && p.language !== 'en' ? `/${p.language}` : ''}/post/${p.slug}`);
  await sql.query('select setseed(0.46)');
  // Each day's share: growing over the period, fewer at weekends, today's up to now; scaled to `viewsPerDay × days`.
  const shares = Array.from({ length: days }, (_, i) => {
    const d = days - 1 - i;
    const start = today - d * DAY_MS;
    const weekday = new Date(start).getUTCDay();
    const seconds = Math.max(1, Math.min(86_400, Math.floor((now.getTime() - start) / 1000)));
    return (0.6 + 0.4 * ((days - d) / days)) * (weekday === 0 || weekday === 6 ? 0.7 : 1.1) * (seconds / 86_400);
  });
  const scale = (viewsPerDay * days) / shares.reduce((sum, share) => sum + share, 0);
  let written = 0;
  for (let d = days - 1; d >= 0; d -= 1) {
    const start = today - d * DAY_MS;
    const seconds = Math.max(1, Math.min(86_400, Math.floor((now.getTime() - start) / 1000)));
    const views = Math.round(shares[days - 1 - d]! * scale);
    const { affectedRows } = await sql.query(
      'insert into analytics_events (at, kind, path, post_id, referrer_host, utm_source, utm_medium, ' +
        'utm_campaign, device, language, visitor, depth) ' +
        "select $1::timestamptz + floor((0.15 + 0.85 * sqrt(random())) * $6) * interval '1 second', 'view', " +
        'case when p < 0.7 then ($3::text[])[k] else ($8::text[])[1 + floor(random() * $9)::int] end, ' +
        "case when p < 0.7 then ($2::text[])[k] else '' end, " +
        "split_part(s, '|', 1), split_part(s, '|', 2), split_part(s, '|', 3), split_part(s, '|', 4), " +
        `${weighted(DEVICES, 'rd')}, ${weighted(LANGUAGES, 'rl')}, ` +
        "'v' || $4 || '-' || floor(i / 1.6)::text, 0 " +
        'from (select i, p, k, rd, rl, ' +
        `${weighted(sources as [number, string][], 'rs')} as s from (select i, random() as p, ` +
        '1 + floor(power(random(), 2) * $5)::int as k, random() as rd, random() as rl, random() as rs ' +
        'from generate_series(1, $7) as i) as r) as g',
      [
        new Date(start).toISOString(),
        posts.map((p) => p.id),
        paths,
        dayOf(start),
        posts.length,
        seconds,
        views,
        PAGES,
        PAGES.length,
      ],
    );
    written += affectedRows;
    options.onDay?.(dayOf(start), affectedRows);
    await rollUp(sql, new Date(start + DAY_MS + 20 * 60_000 > now.getTime() ? now : start + DAY_MS + 20 * 60_000));
    await pruneEvents(sql, new Date(Math.min(start + DAY_MS, now.getTime())), keepRawDays);
  }
  return { views: written, size: await storeSize(sql) };
}
