import { z } from 'zod';
import { STATS_ORDERS } from '@/lib/blog/types';

// The dashboard's URL: table sort and page, chart window. Anything out of range falls back to the
// default, so a hand-edited URL never errors.

export const TABLE_SORTS = ['views', 'likes', 'comments', 'rating', 'newest', 'oldest', 'title', 'title-desc'] as const;
export type TableSort = (typeof TABLE_SORTS)[number];
export const MONTH_CHOICES = [3, 6, 12, 24, 36, 60] as const;
export const MAX_PAGE = 1_000_000;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);

export const DashboardParams = z.object({
  sort: z.preprocess(first, z.enum(TABLE_SORTS)).catch('views'),
  page: z.preprocess(first, z.coerce.number().int().min(1).max(MAX_PAGE)).catch(1),
  cursor: z.preprocess(first, z.string().min(1).max(2000)).optional().catch(undefined),
  months: z.preprocess(first, z.coerce.number().pipe(z.union(MONTH_CHOICES.map((m) => z.literal(m))))).catch(12),
  order: z.preprocess(first, z.enum(STATS_ORDERS)).catch('OLDEST'),
  tz: z.preprocess(first, z.string().max(64).refine(isTimeZone)).catch('UTC'),
});
export type DashboardParams = z.infer<typeof DashboardParams>;

export const parseDashboardParams = (raw: Record<string, string | string[] | undefined>): DashboardParams =>
  DashboardParams.parse(raw);

const DEFAULTS: DashboardParams = DashboardParams.parse({});

/** The dashboard URL for these params, leaving defaults out; a changed sort starts again at page 1. */
export function dashboardHref(params: DashboardParams, change: Partial<DashboardParams> = {}): string {
  const next: DashboardParams = { ...params, ...change };
  if (change.sort !== undefined && change.sort !== params.sort) Object.assign(next, { page: 1, cursor: undefined });
  const query = new URLSearchParams();
  for (const key of ['sort', 'page', 'cursor', 'months', 'order', 'tz'] as const) {
    const value = next[key];
    if (value !== undefined && value !== DEFAULTS[key]) query.set(key, String(value));
  }
  const text = query.toString();
  return `/dashboard${text ? `?${text}` : ''}`;
}
