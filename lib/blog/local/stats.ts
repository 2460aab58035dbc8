import { canonicalTimeZone, monthIndex, statsDate } from '../time';
import type { Post, PostCountStat } from '../types';
import type { PostCountStatsOptions } from '../source';

// Post counts per calendar month of first publication, in a time zone. Months without posts are left out.

// Keyed by the canonical zone name: `eUROPE/pARIS` is Europe/Paris, and callers must not grow this map.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function localParts(millis: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(millis)
      .map((p) => [p.type, Number(p.value)]),
  );
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const offsetAt = (millis: number, timeZone: string) => {
  const p = localParts(millis, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(millis / 1000) * 1000;
};

/** The instant a month starts at, in a time zone. */
export function monthStart(month: number, timeZone: string): number {
  const guess = Date.UTC(Math.floor(month / 12), month % 12, 1);
  const first = guess - offsetAt(guess, timeZone);
  const estimate = guess - offsetAt(first, timeZone);
  if (monthIndex(estimate, timeZone) === month && monthIndex(estimate - 1000, timeZone) === month - 1) return estimate;
  // Where a DST change falls at midnight the offset arithmetic misses by an hour: find the first second of the month.
  let lo = estimate - 3 * HOUR;
  let hi = estimate + 3 * HOUR;
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (monthIndex(mid, timeZone) >= month) hi = mid;
    else lo = mid;
  }
  return hi;
}

const HOUR = 3_600_000;

/** The first index of `posts` (sorted by first publication, oldest first, undated first) published at or after `at`. */
function firstAtOrAfter(posts: Post[], at: number, from = 0): number {
  let lo = from;
  let hi = posts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const date = posts[mid]!.firstPublishedDate;
    if (!date || Date.parse(date) < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Post counts per month. `posts` are sorted by first publication, oldest first (undated first), and already filtered
 * (language): each month's count is the distance between the binary-searched indexes of its start and the next's,
 * so the cost grows with the number of months, not of posts.
 */
export function postCountStats(posts: Post[], options: PostCountStatsOptions = {}): PostCountStat[] {
  const timeZone = canonicalTimeZone(options.timeZone ?? 'UTC');
  let start = statsDate('rangeStart', options.rangeStart);
  let end = statsDate('rangeEnd', options.rangeEnd);
  if (options.months !== undefined) {
    if (start !== undefined && end === undefined)
      end = monthStart(monthIndex(start, timeZone) + options.months, timeZone);
    // The end is exclusive: the last month counted is the one holding the instant just before it.
    else if (start === undefined)
      start = monthStart(monthIndex(end !== undefined ? end - 1 : Date.now(), timeZone) - options.months + 1, timeZone);
  }
  const lo = firstAtOrAfter(posts, start ?? -Infinity);
  const hi = end === undefined ? posts.length : firstAtOrAfter(posts, end, lo);
  if (lo >= hi) return [];
  const first = monthIndex(Date.parse(posts[lo]!.firstPublishedDate!), timeZone);
  const last = monthIndex(Date.parse(posts[hi - 1]!.firstPublishedDate!), timeZone);
  const stats: PostCountStat[] = [];
  let from = lo;
  for (let month = first; month <= last; month++) {
    const to = month === last ? hi : Math.min(hi, firstAtOrAfter(posts, monthStart(month + 1, timeZone), from));
    if (to > from)
      stats.push({ periodStart: new Date(monthStart(month, timeZone)).toISOString(), postCount: to - from });
    from = to;
  }
  return options.order === 'NEWEST' ? stats.reverse() : stats;
}
