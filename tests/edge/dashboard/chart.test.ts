import { describe, expect, it } from 'vitest';
import { monthSeries } from '@/lib/edge/dashboard/chart';

const NOW = Date.parse('2026-03-15T12:00:00Z');

describe('monthSeries', () => {
  it('fills every month of the window, the empty ones with 0, oldest first', () => {
    const bars = monthSeries(
      [
        { periodStart: '2026-01-01T00:00:00.000Z', postCount: 3 },
        { periodStart: '2026-03-01T00:00:00.000Z', postCount: 1 },
      ],
      { months: 4, order: 'OLDEST', timeZone: 'UTC', now: NOW },
    );
    expect(bars).toEqual([
      { key: '2025-12', label: 'Dec 2025', count: 0 },
      { key: '2026-01', label: 'Jan 2026', count: 3 },
      { key: '2026-02', label: 'Feb 2026', count: 0 },
      { key: '2026-03', label: 'Mar 2026', count: 1 },
    ]);
  });

  it('puts the newest month first for NEWEST', () => {
    const bars = monthSeries([], { months: 3, order: 'NEWEST', timeZone: 'UTC', now: NOW });
    expect(bars.map((b) => b.key)).toEqual(['2026-03', '2026-02', '2026-01']);
  });

  it('reads period starts in the chosen time zone', () => {
    // Midnight 1 March in Tokyo is still February in UTC.
    const tokyo = monthSeries([{ periodStart: '2026-02-28T15:00:00.000Z', postCount: 2 }], {
      months: 2,
      order: 'OLDEST',
      timeZone: 'Asia/Tokyo',
      now: NOW,
    });
    expect(tokyo).toEqual([
      { key: '2026-02', label: 'Feb 2026', count: 0 },
      { key: '2026-03', label: 'Mar 2026', count: 2 },
    ]);
  });

  it('ends the window at the current month of the time zone', () => {
    const newYear = Date.parse('2025-12-31T20:00:00Z');
    expect(monthSeries([], { months: 1, order: 'OLDEST', timeZone: 'Asia/Tokyo', now: newYear })[0]!.key).toBe(
      '2026-01',
    );
    expect(monthSeries([], { months: 1, order: 'OLDEST', timeZone: 'UTC', now: newYear })[0]!.key).toBe('2025-12');
  });
});
