import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecorder } from '@/lib/analytics/recorder';
import { appendEvents, dailyRows, rollUp, type AnalyticsEvent } from '@/lib/analytics/store';
import { createPostgresBackend } from '@/lib/data/postgres';
import { PostgresServer, postgresServerMissing, skipWithoutPostgres } from '../helpers/postgres-server';

// Several instances of the site on one Postgres server (issue 46): each records the views it is sent in batches of its
// own, and all of them roll up the closed days at once. Every view is counted once: a day is rolled by one instance in
// one transaction under the roll-up's advisory lock, and the others find it rolled.

if (postgresServerMissing) console.warn(`tests/analytics/postgres.test.ts skipped: ${postgresServerMissing}`);

const INSTANCES = 3;
const PER_INSTANCE = 2_500;
const DAYS = ['2026-11-01', '2026-11-02', '2026-11-03'];

const view = (day: string, i: number): AnalyticsEvent => ({
  at: new Date(`${day}T${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00Z`),
  kind: 'view',
  path: `/post/${i % 7}`,
  postId: `p${i % 7}`,
  referrerHost: '',
  utmSource: '',
  utmMedium: '',
  utmCampaign: '',
  device: 'desktop',
  language: 'en',
  // Readers are shared across instances: one reader's views reach several instances.
  visitor: `v${i % 500}`,
  depth: 0,
});

describe.skipIf(skipWithoutPostgres('the analytics Postgres tests', it))('analytics on a Postgres server', () => {
  const server = new PostgresServer();
  beforeAll(async () => {
    process.on('exit', server.stopNow);
    await server.init();
    await server.start();
  }, 120_000);
  afterAll(() => server.dispose(), 60_000);

  it(`counts every view once when ${INSTANCES} instances record and roll up at once`, async () => {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('create database analytics_instances');
    await admin.end();
    const url = new URL(server.url);
    url.pathname = '/analytics_instances';
    const backends = Array.from({ length: INSTANCES }, () => createPostgresBackend(url.href, { log: () => {} }));
    try {
      // Each instance's recorder, writing its own batches at once with the others.
      await Promise.all(
        backends.map(async (backend) => {
          const recorder = createRecorder({ maxBatch: 400, write: (events) => appendEvents(backend.sql!, events) });
          for (const day of DAYS) for (let i = 0; i < PER_INSTANCE; i += 1) recorder.add(view(day, i));
          await recorder.flush();
          expect(recorder.stats()).toEqual({ held: 0, written: DAYS.length * PER_INSTANCE });
        }),
      );
      // Every instance rolls up at once, twice over.
      const now = new Date('2026-11-03T12:00:00Z');
      const rolled = await Promise.all([...backends, ...backends].map((backend) => rollUp(backend.sql!, now)));
      expect(rolled.flat().sort()).toEqual(['2026-11-01', '2026-11-02']);

      const sql = backends[0]!.sql!;
      const totals = await dailyRows(sql, { dim: 'total', from: DAYS[0]!, to: DAYS[2]! });
      expect(totals).toEqual(DAYS.map((day) => ({ day, value: '', views: INSTANCES * PER_INSTANCE, visitors: 500 })));
      const { rows } = await sql.query<{ n: number }>(
        "select count(*)::int as n from analytics_daily where dim = 'total'",
      );
      expect(rows).toEqual([{ n: 2 }]);
    } finally {
      await Promise.all(backends.map((backend) => backend.close()));
    }
  }, 60_000);
});
