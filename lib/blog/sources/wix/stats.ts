import { errors } from '../../errors';
import type { PostCountStat, StatsOrder } from '../../schemas';
import type { PostCountStatsOptions } from '../../source';

// Query Post Count Stats takes rangeStart + months; the SDK drops rangeEnd. We derive `months` from
// rangeEnd when it is missing and cut what comes back at rangeEnd.

export interface WixStatsRequest {
  rangeStart?: Date;
  order?: StatsOrder;
  months?: number;
  language?: string;
  timeZone: string;
}

function date(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const millis = Date.parse(value);
  if (Number.isNaN(millis)) throw errors.comparisonOperand(`${name} must be an ISO date`);
  return new Date(millis);
}

function checkTimeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw errors.comparisonOperand(`"${timeZone}" is not a known time zone`);
  }
}

const monthIndex = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();

export function statsRequest(options: PostCountStatsOptions = {}): { request: WixStatsRequest; rangeEnd?: Date } {
  const timeZone = options.timeZone ?? 'UTC';
  checkTimeZone(timeZone);
  const rangeStart = date('rangeStart', options.rangeStart);
  const rangeEnd = date('rangeEnd', options.rangeEnd);
  if (options.months !== undefined && (!Number.isInteger(options.months) || options.months < 1 || options.months >= 2 ** 31)) {
    throw errors.comparisonOperand('months must be a positive integer');
  }
  let months = options.months;
  if (months === undefined && rangeStart && rangeEnd) months = Math.max(1, monthIndex(rangeEnd) - monthIndex(rangeStart) + 1);
  return { request: { rangeStart, order: options.order, months, language: options.language, timeZone }, rangeEnd };
}

export const cutAt = (stats: PostCountStat[], rangeEnd: Date | undefined) =>
  rangeEnd ? stats.filter((s) => Date.parse(s.periodStart) < rangeEnd.getTime()) : stats;
