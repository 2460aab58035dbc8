import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataBackend } from '@/lib/data/backend';
import { type DataClient, createDataClient } from '@/lib/data/client';
import { defineCollection } from '@/lib/data/collections';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { type DataIndexes, createDataIndexes } from '@/lib/data/indexes';
import { OWNER, VISITOR, memberCaller } from '@/lib/data/permissions';
import { createPostgresBackend } from '@/lib/data/postgres';
import { createSqlBackend } from '@/lib/data/sql-backend';
import type { SqlDatabase } from '@/lib/data/sql-database';
import { PostgresServer, postgresServerMissing, skipWithoutPostgres } from '../helpers/postgres-server';

// Indexes of the data service (lib/data/indexes) on the SQL backends, through the service as the JSON API and the CLI
// call it: the statuses as they move (BUILDING → ACTIVE; FAILED with Wix's WDE0113 over data that repeats a unique
// value; DROPPING → DROPPED; INVALID when the database lost the index; a build whose process ended: FAILED WDE0112),
// a unique index refusing a duplicate on insert, save and update (409 WDE0123), Wix's limits, the owner only, bad input
// as the catalogue's 4xx, and the database's own plan (EXPLAIN) of the service's query using the index. The same tests
// run on the embedded database and on a throwaway Postgres server (tests/helpers/postgres-server.ts).

vi.setConfig({ testTimeout: 30_000 });

const people = defineCollection({
  id: 'people',
  fields: {
    email: { type: 'text' },
    name: { type: 'text' },
    age: { type: 'number' },
    tags: { type: 'array' },
    joined: { type: 'datetime' },
    about: { type: 'object' },
  },
  permissions: { read: 'ANYONE', insert: 'ANYONE', update: 'ANYONE', remove: 'ANYONE' },
});

/** The status, WDE code and message of a rejection. */
async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  const { status, wde, message } = (error ?? {}) as { status?: number; wde?: string; message?: string };
  return { status, wde, message: String(message) };
}

interface Statement {
  text: string;
  params?: unknown[];
}

/** The backend's database, noting every statement the service sends (to ask the database for its plan). */
function recorded(db: SqlDatabase, seen: Statement[]): SqlDatabase {
  return {
    ...db,
    query: (text, params) => {
      seen.push({ text, params });
      return db.query(text, params);
    },
  };
}

function indexContract(name: string, makeBackend: () => DataBackend) {
  describe(`indexes on ${name}`, () => {
    let backend: DataBackend;
    let client: DataClient;
    let indexes: DataIndexes;
    const seen: Statement[] = [];

    beforeAll(async () => {
      const inner = makeBackend();
      backend = createSqlBackend(recorded(inner.sql!, seen), name);
      client = createDataClient({ backend, collections: [people] });
      indexes = createDataIndexes({ backend, collection: (id) => client.collection(id) });
      await client.truncate('people', OWNER);
    }, 60_000);
    afterAll(() => client.close(), 60_000);

    const insert = (item: Record<string, unknown>) => client.insert('people', item, VISITOR);
    const listed = async () => (await indexes.list('people', {}, OWNER)).indexes;
    const find = async (indexName: string) => (await listed()).find((index) => index.name === indexName);
    const drop = async (indexName: string) => {
      await indexes.drop('people', indexName, OWNER);
      await indexes.settled();
    };

    it('creates an index BUILDING that becomes ACTIVE, in Wix’s shape, and drops it DROPPING then DROPPED', async () => {
      await insert({ _id: 'a', email: 'a@example.com', age: 30 });
      const created = await indexes.create(
        'people',
        { name: 'byAge', fields: [{ path: 'age', order: 'DESC' }, { path: 'name' }] },
        OWNER,
      );
      expect(created).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'byAge',
        fields: [
          { path: 'age', order: 'DESC' },
          { path: 'name', order: 'ASC' },
        ],
        status: 'BUILDING',
        unique: false,
        caseInsensitive: false,
        source: 'USER',
      });
      await indexes.settled();
      const list = await indexes.list('people', {}, OWNER);
      expect(list.indexes).toEqual([{ ...created, status: 'ACTIVE' }]);
      expect(list.pagingMetadata).toEqual({ count: 1, offset: 0, total: 1, tooManyToCount: false });

      await indexes.drop('people', 'byAge', OWNER);
      expect((await find('byAge'))?.status).toMatch(/^(DROPPING|DROPPED)$/);
      await indexes.settled();
      expect(await find('byAge')).toEqual({ ...created, status: 'DROPPED' });
      // Dropping it again changes nothing; a name never made is 404 WDE9404.
      await indexes.drop('people', 'byAge', OWNER);
      expect(await failure(indexes.drop('people', 'nothing', OWNER))).toMatchObject({ status: 404, wde: 'WDE9404' });
      // A DROPPED index's name is free again.
      const again = await indexes.create('people', { name: 'byAge', fields: [{ path: 'age' }] }, OWNER);
      expect(again.id).not.toBe(created.id);
      await indexes.settled();
      expect(await find('byAge')).toMatchObject({ status: 'ACTIVE', fields: [{ path: 'age', order: 'ASC' }] });
      await drop('byAge');
    });

    it('fails a unique index over data that repeats a value (WDE0113, naming an item), which keeps its slot', async () => {
      await client.truncate('people', OWNER);
      await insert({ _id: 'p1', email: 'same@example.com' });
      await insert({ _id: 'p2', email: 'same@example.com' });
      await insert({ _id: 'p3', email: 'other@example.com' });
      expect(
        (await indexes.create('people', { name: 'email', fields: [{ path: 'email' }], unique: true }, OWNER)).status,
      ).toBe('BUILDING');
      await indexes.settled();
      const failed = await find('email');
      expect(failed).toMatchObject({ status: 'FAILED', unique: true, failure: { code: 'WDE0113' } });
      expect(failed!.failure!.description).toMatch(/Duplicate key error while building collection index.*email/);
      expect(['p1', 'p2']).toContain(failed!.failure!.itemId);
      // Nothing was built: the repeated value still goes in.
      await insert({ _id: 'p4', email: 'same@example.com' });
      // The failed index holds the collection's one unique slot until it is dropped.
      const second = await failure(
        indexes.create('people', { name: 'email2', fields: [{ path: 'email' }], unique: true }, OWNER),
      );
      expect(second).toMatchObject({ status: 409, wde: 'WDE9409' });
      expect(second.message).toMatch(/1 unique index already/);
      await drop('email');
      expect((await find('email'))?.status).toBe('DROPPED');
    });

    it('refuses a duplicate under an ACTIVE unique index: insert, bulk insert, save and update (409 WDE0123)', async () => {
      await client.truncate('people', OWNER);
      await insert({ _id: 'u1', email: 'Ann@example.com' });
      await insert({ _id: 'u2', email: 'bob@example.com' });
      await indexes.create(
        'people',
        { name: 'email', fields: [{ path: 'email' }], unique: true, caseInsensitive: true },
        OWNER,
      );
      await indexes.settled();
      expect((await find('email'))?.status).toBe('ACTIVE');

      const refused = await failure(insert({ _id: 'u3', email: 'ann@EXAMPLE.com' }));
      expect(refused).toMatchObject({ status: 409, wde: 'WDE0123' });
      expect(refused.message).toBe('the unique index "email" of "people" already holds this value of email');
      expect(
        await failure(client.bulkInsert('people', [{ email: 'c@example.com' }, { email: 'BOB@example.com' }], VISITOR)),
      ).toMatchObject({ status: 409, wde: 'WDE0123' });
      expect(await failure(client.save('people', { _id: 'u9', email: 'bob@example.com' }, VISITOR))).toMatchObject({
        status: 409,
        wde: 'WDE0123',
      });
      expect(await failure(client.update('people', { _id: 'u2', email: 'ANN@example.com' }, VISITOR))).toMatchObject({
        status: 409,
        wde: 'WDE0123',
      });
      // Nothing of the refused writes is stored; an id taken is still WDE0074; a new value goes in.
      expect(await client.count('people', {}, VISITOR)).toBe(2);
      expect((await client.get('people', 'u2', VISITOR))?.email).toBe('bob@example.com');
      expect(await failure(insert({ _id: 'u1', email: 'new@example.com' }))).toMatchObject({ wde: 'WDE0074' });
      await insert({ _id: 'u4', email: 'carol@example.com' });
      // Items without the field do not collide (NULLs are distinct, as in Postgres).
      await insert({ _id: 'u5' });
      await insert({ _id: 'u6' });
      await drop('email');
      await insert({ _id: 'u7', email: 'ann@example.com' });
    });

    it('keeps Wix’s limits and refuses bad input with the catalogue’s 4xx', async () => {
      const create = (index: unknown, collectionId: unknown = 'people', caller = OWNER) =>
        failure(indexes.create(collectionId, index, caller));
      expect(await create({ name: 'x', fields: [{ path: 'nope' }] })).toMatchObject({ status: 400, wde: 'WDE0045' });
      expect(await create({ name: 'x', fields: [{ path: 'about' }] })).toMatchObject({ status: 400, wde: 'WDE0045' });
      expect(await create({ name: 'x', fields: [{ path: 7 }] })).toMatchObject({ status: 400, wde: 'WDE0003' });
      expect(await create({ name: 'x', fields: [{ path: 'age', order: 'UP' }] })).toMatchObject({ wde: 'WDE0051' });
      const four = ['age', 'name', 'email', 'joined'].map((path) => ({ path }));
      expect(await create({ name: 'x', fields: four })).toMatchObject({ status: 400, wde: 'WDE0046' });
      expect(await create({ name: 'x', fields: four.slice(0, 2), unique: true })).toMatchObject({ wde: 'WDE0046' });
      expect(await create({ name: 'x', fields: [] })).toMatchObject({ status: 400, wde: 'WDE0046' });
      expect(await create({ name: '', fields: [{ path: 'age' }] })).toMatchObject({ status: 400, wde: 'WDE0046' });
      expect(await create({ name: 'n'.repeat(129), fields: [{ path: 'age' }] })).toMatchObject({ wde: 'WDE0046' });
      expect(await create({ fields: [{ path: 'age' }] })).toMatchObject({ status: 400, wde: 'WDE0046' });
      expect(await create({ name: 'x', fields: [{ path: 'age' }], unique: 'yes' })).toMatchObject({ wde: 'WDE0046' });
      expect(await create({ name: 'x', fields: [{ path: 'age' }], extra: 1 })).toMatchObject({ wde: 'WDE0046' });
      expect(await create({ name: 'x', fields: [{ path: 'age' }, { path: 'age' }] })).toMatchObject({ wde: 'WDE0046' });
      expect(await create({ name: 'x', fields: [{ path: 'tags' }, { path: 'age' }] })).toMatchObject({
        wde: 'WDE0046',
      });
      expect(await create({ name: 'x', fields: [{ path: 'tags' }], unique: true })).toMatchObject({ wde: 'WDE0046' });
      expect(await create('not an index')).toMatchObject({ status: 400, wde: 'WDE0046' });
      expect(await create({ name: 'x', fields: [{ path: 'age' }] }, 'nowhere')).toMatchObject({
        status: 404,
        wde: 'WDE0025',
      });
      expect(await create({ name: 'x', fields: [{ path: 'age' }] }, 5)).toMatchObject({ status: 400, wde: 'WDE0001' });
      // The owner's act: a visitor and a member are refused before their input is read.
      for (const caller of [VISITOR, memberCaller('m-1')]) {
        expect(await create({ name: 'x', fields: [{ path: 'age' }] }, 'people', caller)).toMatchObject({
          status: 403,
          wde: 'WDE0027',
        });
        expect(await create('bad', 'people', caller)).toMatchObject({ status: 403, wde: 'WDE0027' });
        expect(await failure(indexes.list('people', {}, caller))).toMatchObject({ status: 403, wde: 'WDE0027' });
        expect(await failure(indexes.drop('people', 'x', caller))).toMatchObject({ status: 403, wde: 'WDE0027' });
      }
      expect(await failure(indexes.drop('people', '', OWNER))).toMatchObject({ status: 400, wde: 'WDE0046' });
      expect(await failure(indexes.list('people', { limit: 0 }, OWNER))).toMatchObject({ status: 400, wde: 'WDE0035' });
      expect(await failure(indexes.list('people', { offset: -1 }, OWNER))).toMatchObject({ wde: 'WDE0036' });

      // Three regular indexes and one unique: the fourth regular one and a second unique one are 409 WDE9409.
      for (const [i, path] of ['age', 'name', 'tags'].entries()) {
        await indexes.create('people', { name: `r${i}`, fields: [{ path }] }, OWNER);
      }
      await indexes.create('people', { name: 'u', fields: [{ path: 'email' }], unique: true }, OWNER);
      const fourth = await failure(indexes.create('people', { name: 'r3', fields: [{ path: 'joined' }] }, OWNER));
      expect(fourth).toMatchObject({ status: 409, wde: 'WDE9409' });
      expect(fourth.message).toMatch(/3 regular indexes already/);
      expect(await create({ name: 'u2', fields: [{ path: 'name' }], unique: true })).toMatchObject({ wde: 'WDE9409' });
      expect(await create({ name: 'r0', fields: [{ path: 'joined' }] })).toMatchObject({ status: 409, wde: 'WDE9409' });
      await indexes.settled();
      expect((await listed()).filter((i) => i.status === 'ACTIVE').map((i) => i.name)).toEqual(['r0', 'r1', 'r2', 'u']);
      // A dropped one frees its slot.
      await drop('r1');
      await indexes.create('people', { name: 'r3', fields: [{ path: 'joined' }] }, OWNER);
      await indexes.settled();
      for (const indexName of ['r0', 'r2', 'r3', 'u']) await drop(indexName);
      // Paging: oldest first.
      const page = await indexes.list('people', { limit: 2, offset: 1 }, OWNER);
      expect(page.pagingMetadata).toMatchObject({ count: 2, offset: 1 });
      expect(page.pagingMetadata.total).toBeGreaterThanOrEqual(3);
    });

    it('lists INVALID an ACTIVE index whose database index is gone, and fails a build whose process ended', async () => {
      await indexes.create('people', { name: 'lost', fields: [{ path: 'name' }] }, OWNER);
      await indexes.settled();
      const db = backend.sql!;
      const { rows } = await db.query<{ sql_name: string }>(
        `select sql_name from "_data_indexes" where data_collection_id = 'people' and name = 'lost'`,
      );
      await db.query(`drop index "${rows[0]!.sql_name}"`);
      expect(await find('lost')).toMatchObject({ status: 'INVALID', failure: { code: 'WDE0112' } });
      await drop('lost');
      expect((await find('lost'))?.status).toBe('DROPPED');

      // A BUILDING index whose process stopped (no one holds its lock, untouched for a while): FAILED on the next list.
      await db.query(
        `insert into "_data_indexes" (data_collection_id, name, id, sql_name, fields, is_unique, case_insensitive, ` +
          `status, updated_at) values ('people', 'orphan', 'o-1', 'dix_orphan', '[{"path":"age","order":"ASC"}]', ` +
          `false, false, 'BUILDING', clock_timestamp() - interval '1 minute')`,
      );
      expect(await find('orphan')).toMatchObject({
        status: 'FAILED',
        failure: { code: 'WDE0112', description: expect.stringMatching(/stopped before it ended/) },
      });
      // So is a drop: finished.
      await db.query(
        `update "_data_indexes" set status = 'DROPPING', updated_at = clock_timestamp() - interval '1 minute' ` +
          `where data_collection_id = 'people' and name = 'orphan'`,
      );
      expect((await find('orphan'))?.status).toBe('DROPPED');
    });

    it('serves the service’s own query with the index: the database’s plan is an index scan', async () => {
      await client.truncate('people', OWNER);
      const items = Array.from({ length: 3000 }, (_, i) => ({
        _id: `q${i}`,
        email: `reader${i}@example.com`,
        age: i % 90,
        tags: [`t${i % 50}`],
      }));
      for (let i = 0; i < items.length; i += 1000) await client.bulkInsert('people', items.slice(i, i + 1000), VISITOR);
      await indexes.create('people', { name: 'email', fields: [{ path: 'email' }], unique: true }, OWNER);
      await indexes.create('people', { name: 'tags', fields: [{ path: 'tags' }] }, OWNER);
      await indexes.settled();
      await backend.sql!.query('analyze "data_people"');

      /**
       * The plan of the page query the service sent for `filter`: EXPLAIN of the very statement and parameters, the
       * planner as configured (enable_seqscan on: after ANALYZE it picks the index by cost alone).
       */
      const planOf = async (filter: Record<string, unknown>) => {
        seen.length = 0;
        const found = await client.query('people', { filter }, VISITOR);
        const page = seen.find((s) => /^select _id, .* limit \$\d+ offset \$\d+$/.test(s.text));
        expect(page).toBeDefined();
        const { rows } = await backend.sql!.query<Record<string, string>>(`explain ${page!.text}`, page!.params);
        return { plan: rows.map((row) => Object.values(row)[0]).join('\n'), found };
      };

      const byEmail = await planOf({ email: { $eq: 'reader1234@example.com' } });
      console.info(`${name}: the plan of a query by email, its unique index ACTIVE:\n${byEmail.plan}`);
      expect(byEmail.found.items.map((i) => i._id)).toEqual(['q1234']);
      expect(byEmail.plan).toMatch(/Index Scan using dix_|Bitmap Index Scan on dix_/);
      expect(byEmail.plan).not.toMatch(/Seq Scan/);
      const byTag = await planOf({ tags: { $hasSome: ['t7'] } });
      expect(byTag.found.totalCount).toBe(60);
      expect(byTag.plan).toMatch(/Bitmap Index Scan on dix_/);
      console.info(`${name}: the plan of a query by tag, its GIN index ACTIVE:\n${byTag.plan}`);

      // Dropped: the same query scans the table.
      await drop('email');
      await drop('tags');
      expect((await planOf({ email: { $eq: 'reader1234@example.com' } })).plan).toMatch(/Seq Scan on "?data_people/);
    }, 120_000);
  });
}

indexContract('embedded', () => createEmbeddedBackend());

if (postgresServerMissing) console.warn(`tests/data/indexes.test.ts (Postgres) skipped: ${postgresServerMissing}`);

describe.skipIf(skipWithoutPostgres('the Postgres index tests', it))('on a Postgres server', () => {
  const server = new PostgresServer();
  beforeAll(async () => {
    process.on('exit', server.stopNow);
    await server.init();
    await server.start();
  }, 120_000);
  afterAll(() => server.dispose(), 60_000);

  indexContract('postgres', () => createPostgresBackend(server.url));

  it('lists an index BUILDING while its build waits, and DROPPING while its drop waits (another instance)', async () => {
    const backend = createPostgresBackend(server.url);
    const client = createDataClient({ backend, collections: [people] });
    const indexes = createDataIndexes({ backend, collection: (id) => client.collection(id) });
    // Another instance of the site: its own pool, the same server.
    const otherBackend = createPostgresBackend(server.url);
    const other = createDataIndexes({
      backend: otherBackend,
      collection: (id) => (id === 'people' ? people : undefined),
    });
    const writer = new pg.Client({ connectionString: server.url });
    await writer.connect();
    const statusOf = async (name: string) =>
      (await other.list('people', {}, OWNER)).indexes.find((index) => index.name === name)?.status;
    try {
      await client.truncate('people', OWNER);
      await client.insert('people', { email: 'w@example.com' }, VISITOR);
      // A write in flight (its transaction open) holds the table: CREATE INDEX waits for it.
      await writer.query('begin');
      await writer.query(
        `insert into "data_people" (_id, _created_date, _updated_date, data) values ('w2', 'x', 'x', '{}')`,
      );
      expect((await indexes.create('people', { name: 'slow', fields: [{ path: 'email' }] }, OWNER)).status).toBe(
        'BUILDING',
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await statusOf('slow')).toBe('BUILDING');
      await writer.query('commit');
      await indexes.settled();
      expect(await statusOf('slow')).toBe('ACTIVE');

      // A read in flight holds the table: DROP INDEX waits for it.
      await writer.query('begin');
      await writer.query('select count(*) from "data_people"');
      await indexes.drop('people', 'slow', OWNER);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await statusOf('slow')).toBe('DROPPING');
      await writer.query('commit');
      await indexes.settled();
      expect(await statusOf('slow')).toBe('DROPPED');
    } finally {
      await writer.end();
      await Promise.all([client.close(), otherBackend.close()]);
    }
  });
});
