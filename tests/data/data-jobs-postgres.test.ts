import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DataClient, createDataClient } from '@/lib/data/client';
import { SITE_COLLECTIONS } from '@/lib/data/collections';
import { createDataJobs, DATA_JOB_COLLECTIONS, type DataJobs } from '@/lib/data/data-jobs';
import { startJobs } from '@/lib/data/jobs';
import { OWNER } from '@/lib/data/permissions';
import { createPostgresBackend } from '@/lib/data/postgres';
import { PostgresServer, skipWithoutPostgres } from '../helpers/postgres-server';

// The data service's jobs on a Postgres server (DATABASE_URL), as two instances of the site run them: each its own
// data client and queue handle on one database. An import asked of instance A, whose worker stops dead midway (a
// killed process), is taken over by instance B's worker; A answers the job as B leaves it, COMPLETED, every item once.

interface Instance {
  client: DataClient;
  boss: PgBoss;
  jobs: DataJobs;
}

describe.skipIf(skipWithoutPostgres('the data jobs Postgres tests', it))('data jobs on a Postgres server', () => {
  const server = new PostgresServer();
  const instances: Instance[] = [];

  async function instance(beforeBatch?: (jobId: string, batch: number) => Promise<void>): Promise<Instance> {
    const client = createDataClient({
      backend: createPostgresBackend(server.url),
      collections: [...SITE_COLLECTIONS, ...DATA_JOB_COLLECTIONS],
    });
    const boss = await startJobs({ databaseUrl: server.url, pollingIntervalSeconds: 0.5 });
    const jobs = createDataJobs({
      records: () => client,
      data: () => client,
      boss: async () => boss,
      batchSize: 200,
      leaseMs: 1_000,
      pollingIntervalSeconds: 0.5,
      beforeBatch,
    });
    const made = { client, boss, jobs };
    instances.push(made);
    return made;
  }

  beforeAll(async () => {
    process.on('exit', server.stopNow);
    await server.init();
    await server.start();
  }, 120_000);

  afterAll(async () => {
    for (const { boss, client } of instances) {
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      await client.close().catch(() => undefined);
    }
    await server.dispose();
  }, 60_000);

  it('an import taken over by another instance when its worker stops dead, answered alike by both', async () => {
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    let reached!: () => void;
    const atThird = new Promise<void>((resolve) => (reached = resolve));
    const a = await instance(async (_id, batch) => {
      if (batch !== 3) return;
      reached();
      await stopped;
    });
    const b = await instance();
    const rows = Array.from({ length: 1000 }, (_, i) => `reader${i}@example.com,confirmed`);
    const asked = await a.jobs.submit(
      {
        type: 'IMPORT_ITEMS',
        dataCollectionId: 'subscribers',
        writePolicy: 'INSERT',
        file: { text: ['email,status', ...rows].join('\n'), name: 'readers.csv', format: 'CSV' },
      },
      {},
    );
    expect(asked.status).toBe('NEW');
    await a.jobs.start();
    await atThird;
    expect(await b.jobs.get(asked.id)).toMatchObject({ status: 'RUNNING', progress: { current: 600, total: 1000 } });
    await a.boss.stop({ graceful: false, wait: true });

    // B starts (its worker, and every unfinished job asked for again): once A's lease has passed, B takes the job.
    await b.jobs.start();
    await expect
      .poll(async () => (await a.jobs.get(asked.id))?.status, { timeout: 20_000, interval: 200 })
      .toBe('COMPLETED');
    expect(await a.jobs.get(asked.id)).toEqual(await b.jobs.get(asked.id));
    expect(await b.client.count('subscribers', {}, OWNER)).toBe(1000);
    const { items } = await b.client.query('subscribers', { limit: 1000 }, OWNER);
    expect(new Set(items.map((item) => item.email)).size).toBe(1000);
    expect((await b.client.get('data-jobs', asked.id, OWNER))?.generation).toBe(2);

    // A's run, let go, finds the job taken over and writes nothing.
    stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await b.client.count('subscribers', {}, OWNER)).toBe(1000);
  }, 60_000);
});
