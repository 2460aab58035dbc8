const numbers = new Intl.NumberFormat('en');
const dates = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export const formatCount = (value: number) => numbers.format(value);
export const formatDate = (iso: string | null | undefined) =>
  iso && !Number.isNaN(Date.parse(iso)) ? dates.format(new Date(iso)) : '—';

/** lib/site's postPath, restated: that module pulls the server configuration into the browser bundle. */
export const postHref = (slug: string) => `/post/${encodeURIComponent(slug)}`;
