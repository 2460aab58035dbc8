import type { PostCountStat, StatsOrder } from '@/lib/blog/types';
import { monthIndex } from '@/lib/blog';

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

const labelFormat = new Intl.DateTimeFormat('en', { timeZone: 'UTC', year: 'numeric', month: 'short' });

const keyOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

export function monthSeries(
  stats: PostCountStat[],
  { months, order, timeZone, now = Date.now() }: SeriesOptions,
): MonthBar[] {
  const counts = new Map<number, number>();
  for (const stat of stats) {
    const at = Date.parse(stat.periodStart);
    if (Number.isNaN(at)) continue;
    const index = monthIndex(at, timeZone);
    counts.set(index, (counts.get(index) ?? 0) + stat.postCount);
  }
  const last = monthIndex(now, timeZone);
  const bars = Array.from({ length: months }, (_, i) => {
    const index = last - months + 1 + i;
    return {
      key: keyOf(index),
      label: labelFormat.format(Date.UTC(Math.floor(index / 12), index % 12, 15)),
      count: counts.get(index) ?? 0,
    };
  });
  return order === 'NEWEST' ? bars.reverse() : bars;
}
