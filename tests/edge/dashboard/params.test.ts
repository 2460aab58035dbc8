import { describe, expect, it } from 'vitest';
import { dashboardHref, parseDashboardParams } from '@/lib/edge/dashboard/params';

describe('dashboard URL params', () => {
  it('defaults everything', () => {
    expect(parseDashboardParams({})).toEqual({
      sort: 'views',
      page: 1,
      cursor: undefined,
      months: 12,
      order: 'OLDEST',
      tz: 'UTC',
    });
  });

  it('reads valid values and falls back on anything else, never throwing', () => {
    expect(
      parseDashboardParams({
        sort: 'likes',
        page: '3',
        months: '24',
        order: 'NEWEST',
        tz: 'Europe/Amsterdam',
        cursor: 'abc',
      }),
    ).toEqual({
      sort: 'likes',
      page: 3,
      cursor: 'abc',
      months: 24,
      order: 'NEWEST',
      tz: 'Europe/Amsterdam',
    });
    expect(
      parseDashboardParams({
        sort: 'drop table',
        page: '-1',
        months: '7',
        order: 'x',
        tz: 'Mars/Olympus',
        cursor: 'c'.repeat(3000),
      }),
    ).toEqual(parseDashboardParams({}));
    expect(parseDashboardParams({ page: ['2', '5'], sort: ['title'] })).toMatchObject({ page: 2, sort: 'title' });
    expect(parseDashboardParams({ page: '1.5' }).page).toBe(1);
  });

  it('writes URLs without defaults; changing the sort starts at page 1', () => {
    const params = parseDashboardParams({ sort: 'likes', page: '4', tz: 'Asia/Tokyo' });
    expect(dashboardHref(params)).toBe('/dashboard?sort=likes&page=4&tz=Asia%2FTokyo');
    expect(dashboardHref(params, { page: 5 })).toBe('/dashboard?sort=likes&page=5&tz=Asia%2FTokyo');
    expect(dashboardHref(params, { sort: 'views' })).toBe('/dashboard?tz=Asia%2FTokyo');
    expect(dashboardHref(parseDashboardParams({}))).toBe('/dashboard');
  });
});
