import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readConfig, resetConfig } from '@/lib/core/config';
import { siteBackend } from '@/lib/data';
import { type DataClient, createDataClient } from '@/lib/data/client';
import { defineCollection } from '@/lib/data/collections';
import { OWNER, VISITOR } from '@/lib/data/permissions';
import { createPostgresBackend } from '@/lib/data/postgres';
import { PostgresServer, postgresServerMissing, skipWithoutPostgres } from '../helpers/postgres-server';
import { dataContract } from './contract';

// The data service on a Postgres server (DATABASE_URL): the backend contract on a throwaway server this file starts on
// 127.0.0.1 (tests/helpers/postgres-server.ts: its own cluster in a temp folder, a free port, a password), then
// outages: the server stopped under a write in flight and while down, and started again. Without the binaries
// (Debian's `postgresql`: .ci/run installs it) the file is skipped, saying why.

if (postgresServerMissing) console.warn(`tests/data/postgres.test.ts skipped: ${postgresServerMissing}`);

const ledger = defineCollection({
  id: 'ledger',
  fields: { title: { type: 'text', indexed: true }, n: { type: 'number' } },
  permissions: { read: 'ANYONE', insert: 'ANYONE', update: 'ADMIN', remove: 'ADMIN' },
});
/** Declared, first used while the server is down. */
const spare = defineCollection({ ...ledger, id: 'spare' });

/** The status, code and message of a rejection, and how long it took. */
async function failure(promise: Promise<unknown>) {
  const started = Date.now();
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  const { status, wde, message } = (error ?? {}) as { status?: number; wde?: string; message?: string };
  return { status, wde, message: String(message), ms: Date.now() - started };
}

describe.skipIf(skipWithoutPostgres('the Postgres tests', it))('the data service on a Postgres server', () => {
  const server = new PostgresServer();

  beforeAll(async () => {
    process.on('exit', server.stopNow);
    const started = Date.now();
    await server.init();
    await server.start();
    console.info(`postgres test server: initdb and start in ${Date.now() - started} ms`);
  }, 120_000);

  afterAll(() => server.dispose(), 60_000);

  dataContract('postgres', () => createPostgresBackend(server.url));

  it('keeps any text as written, and prepares a collection twice (a second instance) without harm', async () => {
    const first = createDataClient({ backend: createPostgresBackend(server.url), collections: [ledger] });
    const second = createDataClient({ backend: createPostgresBackend(server.url), collections: [ledger] });
    try {
      const title = 'Ünïcødé ½ — 中文 😀 "quotes" \'single\' \\ back';
      const [a, b] = await Promise.all([
        first.insert('ledger', { _id: 'u1', title, n: 1 }, VISITOR),
        second.insert('ledger', { _id: 'u2', title: 'ÉCOLE', n: 2 }, VISITOR),
      ]);
      expect(await second.get('ledger', 'u1', VISITOR)).toEqual(a);
      expect(await first.get('ledger', 'u2', VISITOR)).toEqual(b);
      // Case folds beyond ASCII, as on the embedded database.
      const found = await first.query('ledger', { filter: { title: { $contains: 'écol' } } }, VISITOR);
      expect(found.items.map((i) => i._id)).toEqual(['u2']);
      expect((await first.query('ledger', { filter: { title: { $startsWith: 'ünï' } } }, VISITOR)).totalCount).toBe(1);
    } finally {
      await first.truncate('ledger', OWNER);
      await Promise.all([first.close(), second.close()]);
    }
  }, 30_000);

  describe('when the server goes down and comes back', () => {
    let client: DataClient;
    let locker: pg.Client | undefined;
    const base = [
      { _id: 'a1', title: 'one', n: 1 },
      { _id: 'a2', title: 'two', n: 2 },
      { _id: 'a3', title: 'three', n: 3 },
    ];
    const titles = async () =>
      (await client.query('ledger', { sort: [{ fieldName: 'n', order: 'ASC' }] }, VISITOR)).items.map((i) => i.title);

    beforeAll(async () => {
      client = createDataClient({ backend: createPostgresBackend(server.url), collections: [ledger, spare] });
      await client.bulkInsert('ledger', base, VISITOR);
    }, 30_000);
    afterAll(async () => {
      await locker?.end().catch(() => {});
      await client.close();
    });

    /** Another session holds a lock (`sql`, in an open transaction) that the next write of the client will wait for. */
    async function holdLock(sql: string) {
      locker = new pg.Client({ connectionString: server.url });
      locker.on('error', () => {});
      await locker.connect();
      await locker.query('begin');
      await locker.query(sql);
    }

    /** Until the client's statement waits for that lock: the write is in flight. */
    async function waitingForLock() {
      for (let i = 0; i < 100; i += 1) {
        const { rows } = await locker!.query(
          "select 1 from pg_stat_activity where application_name = 'wix-blog data' and wait_event_type = 'Lock'",
        );
        if (rows.length) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error("the client's write never waited for the lock");
    }

    /** The call failed as the catalogue's 503, quickly, naming neither the server nor its password. */
    function expectUnavailable(result: Awaited<ReturnType<typeof failure>>) {
      expect(result).toMatchObject({ status: 503, wde: 'WDE0053' });
      expect(result.ms).toBeLessThan(10_000);
      for (const secret of [server.password, encodeURIComponent(server.password), String(server.port), 'blog:']) {
        expect(result.message).not.toContain(secret);
      }
    }

    it('answers 503 to a bulk insert the server stops under, and stores none of its items', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      await holdLock('lock table "data_ledger" in access exclusive mode');
      const batch = Array.from({ length: 200 }, (_, i) => ({ _id: `b${i}`, title: `bulk ${i}`, n: 10 + i }));
      const write = failure(client.bulkInsert('ledger', batch, VISITOR));
      await waitingForLock();
      // Immediate, as below: a fast stop ends the lock's session first often enough that the waiting insert commits
      // before its own end (.ci/run once: the insert succeeded).
      await server.stop('immediate');
      expectUnavailable(await write);

      // While it is down every call answers the same at once, whatever it is.
      expectUnavailable(await failure(client.get('ledger', 'a1', VISITOR)));
      expectUnavailable(await failure(client.count('ledger', {}, VISITOR)));
      expectUnavailable(await failure(client.insert('ledger', { title: 'later' }, VISITOR)));
      expectUnavailable(await failure(client.bulkUpdate('ledger', [{ _id: 'a1', title: 'x' }], OWNER)));
      // A collection never prepared yet fails too, and is prepared once the server is back.
      expectUnavailable(await failure(client.count('spare', {}, VISITOR)));
      // The operator gets one line, without the password.
      const lines = warn.mock.calls.map((call) => String(call[0]));
      expect(lines.filter((line) => line.includes('database unavailable'))).toHaveLength(1);
      expect(lines.join('\n')).not.toContain(server.password);

      await server.start();
      expect(await titles()).toEqual(['one', 'two', 'three']);
      expect(await client.count('ledger', {}, VISITOR)).toBe(3);
      expect(await client.count('spare', {}, VISITOR)).toBe(0);
      expect(warn.mock.calls.map((call) => String(call[0])).at(-1)).toContain('available again');
    }, 60_000);

    it('answers 503 to a bulk update stopped midway, and leaves every item as it was', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      // a1 and a2 are updated, then the update of a3 waits for its row: the transaction is half done.
      await holdLock(`select 1 from "data_ledger" where _id = 'a3' for update`);
      const updates = base.map((item) => ({ ...item, title: `${item.title} changed` }));
      const write = failure(client.bulkUpdate('ledger', updates, OWNER));
      await waitingForLock();
      await server.stop('immediate');
      expectUnavailable(await write);
      await server.start();
      expect(await titles()).toEqual(['one', 'two', 'three']);
    }, 60_000);

    it('answers 503 within seconds when the server stops answering (frozen), and works once it answers again', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      await client.get('ledger', 'a1', VISITOR);
      // The server and its sessions stopped (SIGSTOP), not gone: a socket that never answers, as a network outage.
      const postmaster = Number(readFileSync(path.join(server.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const sessions = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.trim())
        .map(Number);
      const frozen = [postmaster, ...sessions];
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
      try {
        // On a pooled connection: the query timeout (6 s); on a new one, the connection timeout (3 s).
        expectUnavailable(await failure(client.get('ledger', 'a1', VISITOR)));
      } finally {
        for (const pid of frozen) process.kill(pid, 'SIGCONT');
      }
      expect(await titles()).toEqual(['one', 'two', 'three']);
    }, 60_000);

    it('works again after the restart, reads and writes', async () => {
      await client.bulkInsert('ledger', [{ _id: 'a4', title: 'four', n: 4 }], VISITOR);
      await client.bulkUpdate('ledger', [{ _id: 'a1', title: 'one again', n: 1 }], OWNER);
      expect(await titles()).toEqual(['one again', 'two', 'three', 'four']);
    }, 30_000);
  });

  it('is the site backend when DATABASE_URL is set', async () => {
    vi.stubEnv('DATABASE_URL', server.url);
    resetConfig();
    const backend = siteBackend();
    expect(backend.name).toBe('postgres');
    await backend.close();
    vi.unstubAllEnvs();
  });
});

describe('DATABASE_URL', () => {
  it('is checked as a postgres URL, and a bad one is named without its value', () => {
    const url = 'postgres://blog:s3cret@db.internal:5432/blog';
    expect(readConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(readConfig({ DATABASE_URL: 'postgresql://db/blog' }).databaseUrl).toBe('postgresql://db/blog');
    expect(readConfig({}).databaseUrl).toBeUndefined();
    for (const bad of ['mysql://blog:s3cret@db/blog', 'blog:s3cret@db', 'postgres://blog:s3cret@db/blog#x']) {
      let message = '';
      try {
        readConfig({ DATABASE_URL: bad });
      } catch (error) {
        expect((error as Error).name).toBe('ConfigError');
        message = (error as Error).message;
      }
      expect(message).toMatch(/^DATABASE_URL is invalid/);
      expect(message).not.toContain('s3cret');
    }
  });
});
