import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCollection, OWNER_ONLY } from '@/lib/data/collections';
import { appliedMigrations, MIGRATIONS, type Migration } from '@/lib/data/migrations';
import { createPostgresBackend } from '@/lib/data/postgres';
import { PostgresServer, postgresServerMissing, skipWithoutPostgres } from '../helpers/postgres-server';

// Several instances of the site starting at once on one Postgres server (DATABASE_URL), on a database no release has
// opened: the migrations run under the schema's advisory lock, so each is applied exactly once (one instance applies
// them, the others wait, find them recorded and apply none), and every instance then serves. A migration here takes a
// while and counts its runs in a table of its own, so the instances' starts overlap for certain.

if (postgresServerMissing) console.warn(`tests/data/migrations-postgres.test.ts skipped: ${postgresServerMissing}`);

const notes = defineCollection({
  id: 'notes',
  fields: { text: { type: 'text', indexed: true } },
  permissions: OWNER_ONLY,
});

/** Counts its own runs, and takes long enough that a second instance's start falls inside it. */
const counted: Migration = {
  id: MIGRATIONS.length + 1,
  name: 'counts its runs',
  async up(tx) {
    await tx.query('create table if not exists migration_runs (at timestamptz not null default clock_timestamp())');
    await tx.query('insert into migration_runs default values');
    await tx.query('select pg_sleep(0.3)');
  },
};

const INSTANCES = 3;

describe.skipIf(skipWithoutPostgres('the Postgres migration tests', it))('migrations on a Postgres server', () => {
  const server = new PostgresServer();
  beforeAll(async () => {
    process.on('exit', server.stopNow);
    await server.init();
    await server.start();
  }, 120_000);
  afterAll(() => server.dispose(), 60_000);

  /** A fresh database on the server, and its URL. */
  async function freshDatabase(name: string): Promise<string> {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(server.url);
    url.pathname = `/${name}`;
    return url.href;
  }

  for (const round of [1, 2, 3]) {
    it(`applies each migration once when ${INSTANCES} instances start at once (round ${round})`, async () => {
      const url = await freshDatabase(`start_${round}`);
      const lines: Record<string, unknown>[][] = Array.from({ length: INSTANCES }, () => []);
      const backends = lines.map((log) =>
        createPostgresBackend(url, { migrations: [...MIGRATIONS, counted], log: (line) => void log.push(line) }),
      );
      try {
        // Each instance's first use of the data, at once: its migrations run first.
        await Promise.all(backends.map((backend) => backend.prepare(notes)));
        await Promise.all(
          backends.map((backend, i) =>
            backend.insert('notes', [
              { _id: `n${i}`, _createdDate: '2026-01-01T00:00:00Z', _updatedDate: '2026-01-01T00:00:00Z', text: 'x' },
            ]),
          ),
        );

        const sql = backends[0]!.sql!;
        expect((await sql.query<{ n: number }>('select count(*)::int as n from migration_runs')).rows).toEqual([
          { n: 1 },
        ]);
        expect((await appliedMigrations(sql)).map((m) => m.id)).toEqual([...MIGRATIONS, counted].map((m) => m.id));
        // One instance applied them all; the others found them applied.
        const applied = lines.flat();
        expect(applied).toEqual([
          { msg: 'data service: migrations applied', applied: [...MIGRATIONS, counted].map((m) => m.id) },
        ]);
        expect(await backends[1]!.count('notes', { kind: 'and', nodes: [] })).toBe(INSTANCES);
      } finally {
        await Promise.all(backends.map((backend) => backend.close()));
      }
    }, 60_000);
  }
});
