// The period the owner's analytics page shows (`?range=7d|30d|90d|12m`, or `?from=YYYY-MM-DD&to=YYYY-MM-DD`), in UTC
// days, with the period just before it of the same length to compare with, and how its chart groups the days. Pure.

export const RANGES = {
  '7d': { days: 7, label: 'Last 7 days' },
  '30d': { days: 30, label: 'Last 30 days' },
  '90d': { days: 90, label: 'Last 90 days' },
  '12m': { days: 365, label: 'Last 12 months' },
} as const;
export type RangeKey = keyof typeof RANGES | 'custom';

export interface Period {
  /** UTC days, inclusive. */
  from: string;
  to: string;
}

export interface Range extends Period {
  key: RangeKey;
  label: string;
  days: number;
  previous: Period;
  /** The chart's bar: a day, or a month over long periods. */
  bucket: 'day' | 'month';
}

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The longest custom period: ten years of days. */
const MAX_DAYS = 3660;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const isDay = (value: unknown): value is string =>
  typeof value === 'string' && DAY.test(value) && dayOf(msOf(value)) === value;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function rangeOf(key: RangeKey, label: string, from: string, to: string): Range {
  const days = Math.round((msOf(to) - msOf(from)) / DAY_MS) + 1;
  const previousTo = dayOf(msOf(from) - DAY_MS);
  return {
    key,
    label,
    from,
    to,
    days,
    previous: { from: dayOf(msOf(previousTo) - (days - 1) * DAY_MS), to: previousTo },
    bucket: days > 92 ? 'month' : 'day',
  };
}

/**
 * The period the page's query asks for: a named one ending today, or a custom `from`–`to` (swapped if reversed, at
 * most ten years, not past today). Anything else is the last 30 days, and `error` says why the query was not taken.
 */
export function parseRange(
  query: Record<string, string | string[] | undefined>,
  now = new Date(),
): Range & { error?: string } {
  const today = dayOf(now.getTime());
  const named = (key: keyof typeof RANGES) =>
    rangeOf(key, RANGES[key].label, dayOf(msOf(today) - (RANGES[key].days - 1) * DAY_MS), today);
  const from = first(query.from);
  const to = first(query.to);
  if (from !== undefined || to !== undefined) {
    if (!isDay(from) || !isDay(to)) return { ...named('30d'), error: 'Dates must be given as YYYY-MM-DD.' };
    let [start, end] = from <= to ? [from, to] : [to, from];
    if (end > today) end = today;
    if (start > end) start = end;
    if ((msOf(end) - msOf(start)) / DAY_MS + 1 > MAX_DAYS) {
      return { ...named('30d'), error: 'A period can be at most ten years long.' };
    }
    return rangeOf('custom', `${start} to ${end}`, start, end);
  }
  const key = first(query.range);
  if (key === undefined) return named('30d');
  if (key in RANGES) return named(key as keyof typeof RANGES);
  return { ...named('30d'), error: `Unknown period “${key.slice(0, 20)}”: showing the last 30 days.` };
}

/** The chart's buckets over `range`: each day, or each month (its first day's key, e.g. `2026-11`). */
export function bucketsOf(range: Range): { key: string; label: string }[] {
  const buckets: { key: string; label: string }[] = [];
  const monthFormat = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const dayFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  for (let ms = msOf(range.from); ms <= msOf(range.to); ms += DAY_MS) {
    const day = dayOf(ms);
    if (range.bucket === 'day') buckets.push({ key: day, label: dayFormat.format(ms) });
    else if (buckets.at(-1)?.key !== day.slice(0, 7)) {
      buckets.push({ key: day.slice(0, 7), label: monthFormat.format(ms) });
    }
  }
  return buckets;
}

/** The bucket a day falls in. */
export const bucketOf = (range: Range, day: string) => (range.bucket === 'day' ? day : day.slice(0, 7));

/** The period's weeks (from its first day, seven days each) or, over long periods, its months: the audience's rows. */
export function weeksOf(range: Range): { key: string; label: string; from: string; to: string }[] {
  const format = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  if (range.bucket === 'month') {
    return bucketsOf(range).map((b) => ({ ...b, from: `${b.key}-01`, to: `${b.key}-31` }));
  }
  const weeks: { key: string; label: string; from: string; to: string }[] = [];
  for (let ms = msOf(range.from); ms <= msOf(range.to); ms += 7 * DAY_MS) {
    const to = dayOf(Math.min(ms + 6 * DAY_MS, msOf(range.to)));
    weeks.push({ key: dayOf(ms), label: format.format(ms), from: dayOf(ms), to });
  }
  return weeks;
}
