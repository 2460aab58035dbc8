import { canonicalTimeZone, statsDate } from '../../time';
import type { Post, PostCountStat } from '../../schemas';
import type { PostCountStatsOptions } from '../../source';

// Post counts per calendar month of first publication, in a time zone. Months without posts are left out.

// Keyed by the canonical zone name: `eUROPE/pARIS` is Europe/Paris, and callers must not grow this map.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, f);
  }
  return f;
}

function localParts(millis: number, timeZone: string) {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(millis).map((p) => [p.type, Number(p.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

const offsetAt = (millis: number, timeZone: string) => {
  const p = localParts(millis, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(millis / 1000) * 1000;
};

/** Month index (year * 12 + month - 1) of an instant, in a time zone. */
const monthOf = (millis: number, timeZone: string) => {
  const p = localParts(millis, timeZone);
  return p.year * 12 + p.month - 1;
};

/** The instant a month starts at, in a time zone. */
export function monthStart(month: number, timeZone: string): number {
  const guess = Date.UTC(Math.floor(month / 12), month % 12, 1);
  const first = guess - offsetAt(guess, timeZone);
  const estimate = guess - offsetAt(first, timeZone);
  if (monthOf(estimate, timeZone) === month && monthOf(estimate - 1000, timeZone) === month - 1) return estimate;
  // Where a DST change falls at midnight the offset arithmetic misses by an hour: find the first second of the month.
  let lo = estimate - 3 * HOUR;
  let hi = estimate + 3 * HOUR;
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (monthOf(mid, timeZone) >= month) hi = mid;
    else lo = mid;
  }
  return hi;
}

const HOUR = 3_600_000;

export function postCountStats(posts: Post[], options: PostCountStatsOptions = {}): PostCountStat[] {
  const timeZone = canonicalTimeZone(options.timeZone ?? 'UTC');
  let start = statsDate('rangeStart', options.rangeStart);
  let end = statsDate('rangeEnd', options.rangeEnd);
  if (options.months !== undefined) {
    if (start !== undefined && end === undefined) end = monthStart(monthOf(start, timeZone) + options.months, timeZone);
    // The end is exclusive: the last month counted is the one holding the instant just before it.
    else if (start === undefined) start = monthStart(monthOf(end !== undefined ? end - 1 : Date.now(), timeZone) - options.months + 1, timeZone);
  }

  const instants: number[] = [];
  for (const post of posts) {
    if (!post.firstPublishedDate) continue;
    if (options.language && post.language !== options.language) continue;
    const at = Date.parse(post.firstPublishedDate);
    if ((start !== undefined && at < start) || (end !== undefined && at >= end)) continue;
    instants.push(at);
  }
  // Month starts are computed once per month in range, then each post is placed by binary search:
  // time-zone arithmetic per post is what made this slow.
  const counts = new Map<number, number>();
  if (instants.length === 0) return [];
  const first = monthOf(instants.reduce((a, b) => Math.min(a, b)), timeZone);
  const last = monthOf(instants.reduce((a, b) => Math.max(a, b)), timeZone);
  const starts = Array.from({ length: last - first + 2 }, (_, i) => monthStart(first + i, timeZone));
  for (const at of instants) {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    counts.set(first + lo, (counts.get(first + lo) ?? 0) + 1);
  }
  const months = [...counts.keys()].sort((a, b) => (options.order === 'NEWEST' ? b - a : a - b));
  return months.map((month) => ({ periodStart: new Date(monthStart(month, timeZone)).toISOString(), postCount: counts.get(month)! }));
}
