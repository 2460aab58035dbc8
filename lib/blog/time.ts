import { errors } from '@/lib/core/errors';

// Dates and time zones given to the post-count stats, checked once for the API and the sources alike.

const MIN_DATE = Date.UTC(1900, 0, 1);
const MAX_DATE = Date.UTC(9999, 11, 31);

/** The IANA name of a time zone, whatever its spelling (`eUROPE/pARIS` is Europe/Paris); unknown is a 400. */
export function canonicalTimeZone(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    throw errors.badValue(`"${timeZone.slice(0, 64)}" is not a known time zone`);
  }
}

/**
 * The zone's offset from UTC at an instant, as Wix's Query Post Count Stats takes a time zone ("UTC timezone offset
 * format. For example, New York time zone is `-05`": @wix/auto_sdk_blog_posts, QueryPostCountStatsRequest.timeZone):
 * `+00`, `-05`, `+05:30`.
 */
export function utcOffset(timeZone: string, at: Date): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT([+-])(\d{1,2})(?::(\d{2}))?$/.exec(name);
  if (!match) return '+00';
  const [, sign, hours, minutes] = match;
  return `${sign}${hours!.padStart(2, '0')}${minutes ? `:${minutes}` : ''}`;
}

// Month formatters by zone name; a bound, since a zone name may come from a request.
const monthFormats = new Map<string, Intl.DateTimeFormat>();
const MAX_MONTH_FORMATS = 64;

/**
 * The month an instant falls in, in a time zone, as one number (year × 12 + month − 1), so months are counted by
 * subtraction. The zone must be a valid one (canonicalTimeZone).
 */
export function monthIndex(millis: number, timeZone = 'UTC'): number {
  if (timeZone === 'UTC') {
    const date = new Date(millis);
    return date.getUTCFullYear() * 12 + date.getUTCMonth();
  }
  let format = monthFormats.get(timeZone);
  if (!format) {
    if (monthFormats.size >= MAX_MONTH_FORMATS) monthFormats.clear();
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' });
    monthFormats.set(timeZone, format);
  }
  let year = 0;
  let month = 0;
  for (const part of format.formatToParts(millis)) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
  }
  return year * 12 + month - 1;
}

/** An ISO date as epoch millis, within years 1900 to 9999 so month arithmetic stays in range. */
export function statsDate(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const millis = Date.parse(value);
  if (!(millis >= MIN_DATE && millis <= MAX_DATE))
    throw errors.badValue(`${name} must be an ISO date between 1900 and 9999`);
  return millis;
}
