import type { PostCountStat, StatsOrder } from '@/lib/blog/schemas';

// The post-count stats leave out months without posts; the chart shows every month of the window.

export interface MonthBar {
  key: string;
  label: string;
  count: number;
}

export interface SeriesOptions {
  months: number;
  order: StatsOrder;
  timeZone: string;
  now?: number;
}

const monthIndexFormat = (timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' });
const labelFormat = new Intl.DateTimeFormat('en', { timeZone: 'UTC', year: 'numeric', month: 'short' });

function monthIndex(format: Intl.DateTimeFormat, millis: number): number {
  const parts = Object.fromEntries(format.formatToParts(millis).map((p) => [p.type, Number(p.value)]));
  return parts.year! * 12 + parts.month! - 1;
}

const keyOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

export function monthSeries(stats: PostCountStat[], { months, order, timeZone, now = Date.now() }: SeriesOptions): MonthBar[] {
  const format = monthIndexFormat(timeZone);
  const counts = new Map<number, number>();
  for (const stat of stats) {
    const at = Date.parse(stat.periodStart);
    if (Number.isNaN(at)) continue;
    const index = monthIndex(format, at);
    counts.set(index, (counts.get(index) ?? 0) + stat.postCount);
  }
  const last = monthIndex(format, now);
  const bars = Array.from({ length: months }, (_, i) => {
    const index = last - months + 1 + i;
    return { key: keyOf(index), label: labelFormat.format(Date.UTC(Math.floor(index / 12), index % 12, 15)), count: counts.get(index) ?? 0 };
  });
  return order === 'NEWEST' ? bars.reverse() : bars;
}
