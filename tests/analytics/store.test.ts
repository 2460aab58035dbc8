import { afterAll, describe, expect, it } from 'vitest';
import { createRecorder } from '@/lib/analytics/recorder';
import {
  appendEvents,
  dailyRows,
  DIMENSIONS,
  pruneEvents,
  rollUp,
  topValues,
  type AnalyticsEvent,
} from '@/lib/analytics/store';
import { createEmbeddedBackend } from '@/lib/data/embedded';

// Analytics' store (lib/analytics/store.ts) on the embedded database: a closed day rolled up holds exactly the figures
// the raw events gave before (every dimension, every value: one SELECT defines both), today is read from the raw
// events, a day is rolled once, raw events go once rolled and older than kept, and the recorder writes in batches and
// keeps what a failed write did not take.

const backend = createEmbeddedBackend();
afterAll(() => backend.close?.());
const sql = backend.sql!;

const event = (at: string, fields: Partial<AnalyticsEvent> = {}): AnalyticsEvent => ({
  at: new Date(at),
  kind: 'view',
  path: '/',
  postId: '',
  referrerHost: '',
  utmSource: '',
  utmMedium: '',
  utmCampaign: '',
  device: 'desktop',
  language: 'en',
  visitor: 'v1',
  depth: 0,
  ...fields,
});

// Three days: Nov 1 and 2 closed, Nov 3 today.
const EVENTS = [
  event('2026-11-01T08:10:00Z', { visitor: 'a', path: '/post/one', postId: 'p1', referrerHost: 'news.example' }),
  event('2026-11-01T08:20:00Z', { visitor: 'a', path: '/' }),
  event('2026-11-01T21:00:00Z', { visitor: 'b', path: '/post/one', postId: 'p1', utmSource: 'mastodon' }),
  event('2026-11-01T21:05:00Z', { visitor: 'b', kind: 'read', path: '/post/one', postId: 'p1', depth: 75 }),
  event('2026-11-01T21:06:00Z', { visitor: 'b', kind: 'read', path: '/post/one', postId: 'p1', depth: 100 }),
  event('2026-11-01T21:00:00Z', { visitor: 'a', kind: 'read', path: '/post/one', postId: 'p1', depth: 25 }),
  event('2026-11-02T09:00:00Z', {
    visitor: 'c',
    path: '/tags/x',
    device: 'mobile',
    language: 'es',
    utmCampaign: 'nov',
  }),
  event('2026-11-02T23:59:59Z', { visitor: 'a', path: '/post/two', postId: 'p2', referrerHost: 'news.example' }),
  event('2026-11-03T10:00:00Z', { visitor: 'd', path: '/post/one', postId: 'p1' }),
];
const NOW = new Date('2026-11-03T12:00:00Z');
const ALL = { from: '2026-11-01', to: '2026-11-03' };

describe('the analytics store', () => {
  it('rolls up closed days into exactly the figures their raw events give, and reads today from the raw', async () => {
    await appendEvents(sql, EVENTS);
    const before = await Promise.all(DIMENSIONS.map((dim) => dailyRows(sql, { dim, ...ALL })));

    expect(await rollUp(sql, NOW)).toEqual(['2026-11-01', '2026-11-02']);
    expect(await rollUp(sql, NOW)).toEqual([]);
    const after = await Promise.all(DIMENSIONS.map((dim) => dailyRows(sql, { dim, ...ALL })));
    expect(after).toEqual(before);
    const { rows } = await sql.query<{ n: string }>(
      "select count(*) as n from analytics_daily where day = '2026-11-03'",
    );
    expect(Number(rows[0]!.n)).toBe(0);

    // The figures themselves.
    const byDim = Object.fromEntries(DIMENSIONS.map((dim, i) => [dim, after[i]]));
    expect(byDim.total).toEqual([
      { day: '2026-11-01', value: '', views: 3, visitors: 2 },
      { day: '2026-11-02', value: '', views: 2, visitors: 2 },
      { day: '2026-11-03', value: '', views: 1, visitors: 1 },
    ]);
    // A campaign's source before the referrer; no referrer and no campaign is direct ('').
    expect(byDim.source!.filter((r) => r.day === '2026-11-01').map((r) => [r.value, r.views])).toEqual([
      ['', 1],
      ['mastodon', 1],
      ['news.example', 1],
    ]);
    // Where each visitor left on Nov 1: a from '/', b from the post.
    expect(byDim.exit!.filter((r) => r.day === '2026-11-01').map((r) => [r.value, r.visitors])).toEqual([
      ['/', 1],
      ['/post/one', 1],
    ]);
    // Read-through: b reached 100 (so also 25, 50, 75), a 25.
    expect(byDim.read!.map((r) => [r.value, r.visitors])).toEqual([
      ['p1\n100', 1],
      ['p1\n25', 2],
      ['p1\n50', 1],
      ['p1\n75', 1],
    ]);
    expect(byDim.hour!.find((r) => r.day === '2026-11-02' && r.value === '23')).toMatchObject({ views: 1 });

    const posts = await topValues(sql, { dim: 'post', ...ALL }, 10);
    expect(posts).toEqual({
      top: [
        { value: 'p1', views: 3, visitors: 3 },
        { value: 'p2', views: 1, visitors: 1 },
      ],
      values: 2,
    });
    const ofP1 = await topValues(sql, { dim: 'post-source', ...ALL, prefix: 'p1\n' }, 10);
    expect(ofP1.top.map((r) => r.value).sort()).toEqual(['p1\n', 'p1\nmastodon', 'p1\nnews.example']);
  });

  it('deletes raw events of rolled days older than kept, and never of a day not rolled', async () => {
    // Keep 1 day: Nov 1 goes (rolled, older); Nov 2 is not older than a day before Nov 3 12:00; Nov 3 is not rolled.
    expect(await pruneEvents(sql, NOW, 1)).toBe(6);
    expect(await pruneEvents(sql, new Date('2026-11-30T00:00:00Z'), 1)).toBe(2);
    const { rows } = await sql.query<{ n: string }>('select count(*) as n from analytics_events');
    expect(Number(rows[0]!.n)).toBe(1);
    // The rolled figures stay.
    expect(await dailyRows(sql, { dim: 'total', from: '2026-11-01', to: '2026-11-01' })).toEqual([
      { day: '2026-11-01', value: '', views: 3, visitors: 2 },
    ]);
  });
});

describe('the recorder', () => {
  it('writes in batches and keeps what a failed write did not take, losing nothing', async () => {
    const written: AnalyticsEvent[][] = [];
    let failing = true;
    const lines: Record<string, unknown>[] = [];
    const recorder = createRecorder({
      maxBatch: 3,
      intervalMs: 5,
      log: (line) => void lines.push(line),
      async write(events) {
        if (failing) throw new Error('database unavailable');
        written.push(events);
      },
    });
    for (let i = 0; i < 7; i += 1) recorder.add(event('2026-11-05T10:00:00Z', { path: `/${i}` }));
    await recorder.flush();
    expect(written).toEqual([]);
    expect(recorder.stats()).toEqual({ held: 7, written: 0 });
    expect(lines[0]).toMatchObject({ msg: 'analytics: views not written yet', held: 7 });

    failing = false;
    await recorder.flush();
    expect(written.map((batch) => batch.length)).toEqual([3, 3, 1]);
    expect(written.flat().map((e) => e.path)).toEqual(['/0', '/1', '/2', '/3', '/4', '/5', '/6']);
    expect(recorder.stats()).toEqual({ held: 0, written: 7 });
  });

  it('writes on its own a moment after the first event it holds', async () => {
    const written: AnalyticsEvent[] = [];
    const recorder = createRecorder({ intervalMs: 5, write: async (events) => void written.push(...events) });
    recorder.add(event('2026-11-05T10:00:00Z'));
    expect(written).toHaveLength(0);
    await expect.poll(() => written.length).toBe(1);
  });
});
