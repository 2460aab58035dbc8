import { errors } from '@/lib/core/errors';
import type { PostCountStat, StatsOrder } from '../types';
import type { PostCountStatsOptions } from '../source';
import { canonicalTimeZone, monthIndex, statsDate, utcOffset } from '../time';

// Query Post Count Stats takes rangeStart + months; the SDK drops rangeEnd. We derive `months` from
// rangeEnd when it is missing and cut what comes back at rangeEnd. Its time zone is an offset (`-05`), not a zone
// name: the zone asked for, at the range's start (or now).

export interface WixStatsRequest {
  rangeStart?: Date;
  order?: StatsOrder;
  months?: number;
  language?: string;
  timeZone: string;
}

function date(name: string, value: string | undefined): Date | undefined {
  const millis = statsDate(name, value);
  return millis === undefined ? undefined : new Date(millis);
}

export function statsRequest(options: PostCountStatsOptions = {}): { request: WixStatsRequest; rangeEnd?: Date } {
  const timeZone = canonicalTimeZone(options.timeZone ?? 'UTC');
  const rangeStart = date('rangeStart', options.rangeStart);
  const rangeEnd = date('rangeEnd', options.rangeEnd);
  if (
    options.months !== undefined &&
    (!Number.isInteger(options.months) || options.months < 1 || options.months >= 2 ** 31)
  ) {
    throw errors.badValue('months must be a positive integer');
  }
  let months = options.months;
  if (months === undefined && rangeStart && rangeEnd)
    months = Math.max(1, monthIndex(rangeEnd.getTime()) - monthIndex(rangeStart.getTime()) + 1);
  const offset = utcOffset(timeZone, rangeStart ?? new Date());
  return {
    request: { rangeStart, order: options.order, months, language: options.language, timeZone: offset },
    rangeEnd,
  };
}

export const cutAt = (stats: PostCountStat[], rangeEnd: Date | undefined) =>
  rangeEnd ? stats.filter((s) => Date.parse(s.periodStart) < rangeEnd.getTime()) : stats;
