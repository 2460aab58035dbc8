import pg from 'pg';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureQueue, keepStarting, startJobs, workOnce } from '@/lib/data/jobs';
import { PostgresServer, skipWithoutPostgres } from '../helpers/postgres-server';

// The site's queues made at a server's start (lib/data/jobs.ts `ensureQueue`), on a real Postgres server: two
// instances starting at once on a fresh database, each making the site's three queues at once, as the newsletter's and
// the comments' workers do. pg-boss's own createQueue deadlocked here in every round (Postgres 40P01), and the
// instance that lost never worked its queues: the newsletter's send then waited for the other instance alone (CI:
// "the sender killed mid-send" saw 0 messages in 60 s from the instance left).

const QUEUES = ['newsletter-send', 'comment-replies', 'comment-digest'];
const ROUNDS = 8;

describe.skipIf(skipWithoutPostgres('the job queue start tests', it))('the job queue at a server start', () => {
  const server = new PostgresServer();

  beforeAll(async () => {
    process.on('exit', server.stopNow);
    await server.init();
    await server.start();
  }, 120_000);

  afterAll(() => server.dispose(), 60_000);

  it('two instances starting at once on a fresh database each make the queues, and each works them', async () => {
    const failed: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query('DROP SCHEMA IF EXISTS site_jobs CASCADE');
      await admin.end();
      const bosses = await Promise.all([0, 1].map(() => startJobs({ databaseUrl: server.url })));
      try {
        const made = await Promise.allSettled(
          bosses.flatMap((boss) => QUEUES.map((name) => ensureQueue(boss, name, { retryLimit: 1 }))),
        );
        const refused = made.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
        if (refused.length) failed.push(`round ${round}: ${refused.join('; ')}`);
        // Each instance can queue and fetch on every queue.
        for (const [n, boss] of bosses.entries()) {
          for (const name of QUEUES) {
            await boss.send(name, { n });
            const [job] = await boss.fetch<{ n: number }>(name);
            if (job?.data.n !== n) failed.push(`round ${round}: instance ${n} got no job on ${name}`);
            else await boss.complete(name, job.id);
          }
        }
        const names = (await bosses[0]!.getQueues()).map((q) => q.name).filter((name) => !name.startsWith('__pgboss'));
        expect(names.sort()).toEqual([...QUEUES].sort());
      } finally {
        await Promise.all(bosses.map((boss) => boss.stop({ graceful: false, wait: true })));
      }
    }
    expect(failed).toEqual([]);
  }, 120_000);
});

describe("a feature's workers at a server start", () => {
  it('a start that failed is tried again, 5 s then 10 s later, until it starts', async () => {
    vi.useFakeTimers();
    try {
      const start = vi
        .fn<() => Promise<void>>()
        .mockRejectedValueOnce(new Error('connect ECONNREFUSED'))
        .mockRejectedValueOnce(new Error('connect ECONNREFUSED'))
        .mockResolvedValue(undefined);
      const failures: number[] = [];
      let started = false;
      void keepStarting(start, (_error, retryInMs) => failures.push(retryInMs)).then(() => (started = true));
      await vi.advanceTimersByTimeAsync(4_999);
      expect([start.mock.calls.length, failures]).toEqual([1, [5_000]]);
      await vi.advanceTimersByTimeAsync(1 + 10_000);
      expect([start.mock.calls.length, failures, started]).toEqual([3, [5_000, 10_000], true]);
      await vi.advanceTimersByTimeAsync(120_000);
      expect(start).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a start tried again works each queue once', async () => {
    const work = vi.fn(async (_name: string) => 'worker-id');
    const boss = { work } as unknown as PgBoss;
    const handler = async () => undefined;
    await workOnce(boss, 'newsletter-send', { batchSize: 1 }, handler);
    await workOnce(boss, 'newsletter-send', { batchSize: 1 }, handler);
    await workOnce(boss, 'comment-replies', { batchSize: 1 }, handler);
    expect(work.mock.calls.map(([name]) => name)).toEqual(['newsletter-send', 'comment-replies']);
  });

  it('a worker that took a full batch asks for the next at once, not after its polling interval', async () => {
    // pg-boss's worker waits its polling interval after every batch unless notified (src/worker.js): a backlog of
    // deliveries went at 8 every 2 s.
    let handle: PgBoss.WorkHandler<object> = async () => undefined;
    const notifyWorker = vi.fn();
    const boss = {
      work: vi.fn(async (_name: string, _options: object, handler: PgBoss.WorkHandler<object>) => {
        handle = handler;
        return 'worker-7';
      }),
      notifyWorker,
    } as unknown as PgBoss;
    const done: string[] = [];
    await workOnce<object>(boss, 'fediverse', { batchSize: 2, pollingIntervalSeconds: 2 }, async (jobs) => {
      done.push(...jobs.map((job) => job.id));
    });
    const job = (id: string) => ({ id, name: 'fediverse', data: {} }) as PgBoss.Job<object>;
    await handle([job('a'), job('b')]);
    expect(notifyWorker.mock.calls).toEqual([['worker-7']]);
    await handle([job('c')]);
    expect(notifyWorker).toHaveBeenCalledTimes(1);
    expect(done).toEqual(['a', 'b', 'c']);
  });
});
