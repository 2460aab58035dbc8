import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { isCatalogueError } from '@/lib/core/errors';
import { defineCollection } from '@/lib/data/collections';
import { appliedMigrations, MIGRATIONS, type Migration } from '@/lib/data/migrations';
import { createSqlBackend } from '@/lib/data/sql-backend';
import type { SqlDatabase, SqlExecutor } from '@/lib/data/sql-database';

// The migrations' runner on one database (PGlite in memory) that releases with different migrations open in turn: a
// later migration's `table` step reaches the collections' tables made before it, and a table made after it gets the
// same shape; each runs once; one that fails leaves the database as it was and the calls answer 503 meanwhile; a
// database migrated by a newer release is refused.

const pglite = new PGlite();
afterAll(() => pglite.close());
const on = (db: Pick<PGlite, 'query'>): SqlExecutor => ({
  async query<R>(text: string, params?: unknown[]) {
    const { rows, affectedRows } = await db.query<R>(text, params);
    return { rows, affectedRows: affectedRows ?? 0 };
  },
});
/** The one database, as each release's backend gets it. */
const raw: SqlDatabase = {
  ...on(pglite),
  transaction: (fn) => pglite.transaction((tx) => fn(on(tx))),
  close: async () => {},
};

const lines: Record<string, unknown>[] = [];
const release = (migrations: readonly Migration[]) =>
  createSqlBackend(raw, 'test', { migrations, log: (line) => void lines.push(line) });

const permissions = { read: 'ADMIN', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' } as const;
const notes = defineCollection({ id: 'notes', fields: { text: { type: 'text' } }, permissions });
const later = defineCollection({ id: 'later', fields: { text: { type: 'text' } }, permissions });

/** A new column on every collection's table: adding it twice to one table would fail. */
const addColumn: Migration = {
  id: MIGRATIONS.length + 1,
  name: 'a column on every collection',
  table: (tx, table) => tx.query(`alter table ${table} add column added text not null default 'yes'`).then(() => {}),
};
const failing: Migration = {
  id: MIGRATIONS.length + 2,
  name: 'fails midway',
  async up(tx) {
    await tx.query('create table half_made (a int)');
    throw new Error('the migration broke');
  },
};

const columnsOf = async (table: string) =>
  (
    await pglite.query<{ column_name: string }>(
      'select column_name from information_schema.columns where table_name = $1 order by ordinal_position',
      [table],
    )
  ).rows.map((row) => row.column_name);
const item = (id: string) => ({
  _id: id,
  _createdDate: '2026-01-01T00:00:00.000Z',
  _updatedDate: '2026-01-01T00:00:00.000Z',
  text: id,
});

describe('the migrations', () => {
  it('change the tables made before them, shape the tables made after, and run once', async () => {
    const first = release(MIGRATIONS);
    await first.prepare(notes);
    await first.insert('notes', [item('a')]);
    const released = MIGRATIONS.map((m) => m.id);
    expect(lines).toEqual([{ msg: 'data service: migrations applied', applied: released }]);

    lines.length = 0;
    const second = release([...MIGRATIONS, addColumn]);
    await second.prepare(later);
    expect(lines).toEqual([{ msg: 'data service: migrations applied', applied: [addColumn.id] }]);
    expect(await columnsOf('data_notes')).toEqual(['_id', '_owner', '_created_date', '_updated_date', 'data', 'added']);
    expect(await columnsOf('data_later')).toEqual(await columnsOf('data_notes'));
    expect(await second.get('notes', 'a')).toMatchObject({ _id: 'a', text: 'a' });

    lines.length = 0;
    const third = release([...MIGRATIONS, addColumn]);
    await third.prepare(notes);
    expect(await third.get('notes', 'a')).toMatchObject({ _id: 'a' });
    expect(lines).toEqual([]);
    expect((await appliedMigrations(raw)).map((m) => m.id)).toEqual([...released, addColumn.id]);
  });

  it('leave the database as it was when one fails, and answer 503 until it applies', async () => {
    lines.length = 0;
    const broken = release([...MIGRATIONS, addColumn, failing]);
    for (let attempt = 0; attempt < 2; attempt++) {
      const error = await broken.get('notes', 'a').catch((e: unknown) => e);
      expect(isCatalogueError(error) && [error.status, error.wde]).toEqual([503, 'WDE0053']);
    }
    // Said once, however many calls tried again.
    expect(lines).toEqual([{ msg: 'data service: migrations failed', reason: 'the migration broke' }]);
    expect((await pglite.query("select to_regclass('half_made') as t")).rows).toEqual([{ t: null }]);
    expect((await appliedMigrations(raw)).map((m) => m.id)).toEqual([...MIGRATIONS, addColumn].map((m) => m.id));
  });

  it('refuse data migrated by a newer release', async () => {
    lines.length = 0;
    const older = release(MIGRATIONS);
    const error = await older.get('notes', 'a').catch((e: unknown) => e);
    expect(isCatalogueError(error) && error.status).toBe(503);
    expect(lines).toEqual([
      {
        msg: 'data service: migrations failed',
        reason:
          `the data was migrated by a newer release of the site (migration ${addColumn.id}; this release knows up ` +
          `to ${MIGRATIONS.length}): run that release, or restore a backup made before it`,
      },
    ]);
  });
});
