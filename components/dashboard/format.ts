const numbers = new Intl.NumberFormat('en');
const dates = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export const formatCount = (value: number) => numbers.format(value);
export const formatDate = (iso: string | null | undefined) =>
  iso && !Number.isNaN(Date.parse(iso)) ? dates.format(new Date(iso)) : '—';

const times = new Intl.DateTimeFormat('en', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** A date with its time, in UTC (said so): when a scheduled post goes live. */
export const formatDateTime = (iso: string) => (Number.isNaN(Date.parse(iso)) ? '—' : times.format(new Date(iso)));

/** lib/site's postPath, restated: that module pulls the server configuration into the browser bundle. */
export const postHref = (slug: string) => `/post/${encodeURIComponent(slug)}`;
