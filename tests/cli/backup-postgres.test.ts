import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDataClient, type DataClient } from '@/lib/data/client';
import { readLastBackup, siteBackups } from '@/lib/data/backup';
import { OWNER, subscribers } from '@/lib/data';
import { createPostgresBackend } from '@/lib/data/postgres';
import { members } from '@/lib/members';
import { postComments } from '@/lib/comments';
import { main } from '@/scripts/blog/cli';
import { PostgresServer, postgresServerMissing, skipWithoutPostgres } from '../helpers/postgres-server';

// Backup and restore with the records on a Postgres server (DATABASE_URL): `backup FILE` is pg_dump's custom format
// (one consistent snapshot: a writer writing all along leaves a prefix of its writes in it), with DATA_DIR's keys and
// the content folder; `restore FILE` brings it into an empty database (pg_restore, one transaction), the keys into an
// empty DATA_DIR, and refuses a database that holds anything, changing nothing. Neither asks the site.

if (postgresServerMissing) console.warn(`tests/cli/backup-postgres.test.ts skipped: ${postgresServerMissing}`);
vi.setConfig({ testTimeout: 120_000 });

describe.skipIf(skipWithoutPostgres('the Postgres backup tests', it))('backups on a Postgres server', () => {
  const server = new PostgresServer();
  const scratch = mkdtempSync(path.join(tmpdir(), 'backup-postgres-'));
  const urls: Record<string, string> = {};
  let site: DataClient;

  beforeAll(async () => {
    process.on('exit', server.stopNow);
    await server.init();
    await server.start();
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    for (const name of ['site', 'restored']) {
      await admin.query(`create database ${name}`);
      const url = new URL(server.url);
      url.pathname = `/${name}`;
      urls[name] = url.href;
    }
    await admin.end();
    site = createDataClient({
      backend: createPostgresBackend(urls.site!),
      collections: [members, postComments, subscribers, siteBackups],
    });
    await site.bulkInsert(
      'members',
      [
        {
          _id: 'm1',
          email: 'ada@example.com',
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def',
          status: 'ACTIVE',
        },
        {
          _id: 'm2',
          email: 'bob@example.com',
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$ghi$jkl',
          status: 'ACTIVE',
        },
      ],
      OWNER,
    );
    await site.insert(
      'post-comments',
      { postId: 'post-a', parentId: '', memberId: 'm1', text: 'First!', status: 'PUBLISHED' },
      OWNER,
    );
    await site.insert('subscribers', { email: 'reader@example.com', status: 'confirmed' }, OWNER);
    mkdirSync(path.join(scratch, 'data'));
    writeFileSync(path.join(scratch, 'data', 'members.key'), 'a-kept-key', { mode: 0o600 });
    mkdirSync(path.join(scratch, 'content', 'posts'), { recursive: true });
    writeFileSync(path.join(scratch, 'content', 'posts', 'p.json'), '{"id":"p"}');
  }, 120_000);

  afterAll(async () => {
    await site?.close();
    await server.dispose();
    rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  async function blog(argv: string[], env: Record<string, string>) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, {
      env: { SESSION_SECRET: 'backup-postgres-secret-that-is-long-enough-0123', ...env },
      fetch: () => Promise.reject(new Error('the site is not asked')),
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  const BY_ID = { sort: [{ fieldName: '_id', order: 'ASC' }], limit: 1000 };
  const file = path.join(scratch, 'site.tar.gz');

  it('dumps the database while it is written, and restores it into an empty one', async () => {
    let stop = false;
    let answered = 0;
    const writing = (async () => {
      for (let i = 0; !stop; i++) {
        await site.insert(
          'subscribers',
          { _id: `load-${String(i).padStart(5, '0')}`, email: `l${i}@example.com` },
          OWNER,
        );
        answered = i + 1;
      }
    })();
    await vi.waitFor(() => expect(answered).toBeGreaterThanOrEqual(3));
    const before = answered;
    const backup = await blog(['backup', file], {
      DATABASE_URL: urls.site!,
      DATA_DIR: path.join(scratch, 'data'),
      BLOG_CONTENT_DIR: path.join(scratch, 'content'),
    });
    stop = true;
    await writing;
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.out).toContain('the Postgres database at DATABASE_URL (pg_dump), with 1 keys of');
    expect((await readLastBackup(site))?.kind).toBe('postgres');

    const restoredData = path.join(scratch, 'restored-data');
    const restoredContent = path.join(scratch, 'restored-content');
    const restore = await blog(['restore', file], {
      DATABASE_URL: urls.restored!,
      DATA_DIR: restoredData,
      BLOG_CONTENT_DIR: restoredContent,
    });
    expect(restore.err).toBe('');
    expect(restore.code).toBe(0);

    const copy = createDataClient({
      backend: createPostgresBackend(urls.restored!),
      collections: [members, postComments, subscribers, siteBackups],
    });
    try {
      for (const collection of ['members', 'post-comments']) {
        expect((await copy.query(collection, BY_ID, OWNER)).items).toEqual(
          (await site.query(collection, BY_ID, OWNER)).items,
        );
      }
      // The writer's writes up to one instant: every one answered before the dump began, none after a missing one.
      const kept = (await copy.query('subscribers', BY_ID, OWNER)).items.filter((i) =>
        String(i._id).startsWith('load-'),
      );
      expect(kept.length).toBeGreaterThanOrEqual(before);
      expect(kept.map((i) => i._id)).toEqual(
        Array.from({ length: kept.length }, (_, i) => `load-${String(i).padStart(5, '0')}`),
      );
      const ids = new Set(kept.map((i) => i._id));
      const atDump = (await site.query('subscribers', BY_ID, OWNER)).items.filter(
        (i) => ids.has(i._id) || !String(i._id).startsWith('load-'),
      );
      expect((await copy.query('subscribers', BY_ID, OWNER)).items).toEqual(atDump);
      expect(await readLastBackup(copy)).toMatchObject({ kind: 'postgres', restoredAt: expect.any(String) });
    } finally {
      await copy.close();
    }
    expect(readFileSync(path.join(restoredData, 'members.key'), 'utf8')).toBe('a-kept-key');
    expect(statSync(path.join(restoredData, 'members.key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(restoredContent, 'posts', 'p.json'), 'utf8')).toBe('{"id":"p"}');
  });

  it('refuses a database that holds anything, and changes nothing', async () => {
    const tables = async () => {
      const client = new pg.Client({ connectionString: urls.restored });
      await client.connect();
      try {
        const { rows } = await client.query(
          "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
        );
        const { rows: subs } = await client.query('select count(*)::int as n from "data_subscribers"');
        return [rows[0].n, subs[0].n];
      } finally {
        await client.end();
      }
    };
    const held = await tables();
    const emptyData = path.join(scratch, 'empty-data');
    const again = await blog(['restore', file], {
      DATABASE_URL: urls.restored!,
      DATA_DIR: emptyData,
      BLOG_CONTENT_DIR: path.join(scratch, 'empty-content'),
    });
    expect(again.code).toBe(2);
    expect(again.err).toContain(
      "DATABASE_URL's database is not empty: a backup is restored into an empty database only",
    );
    expect(again.err).not.toContain(server.password);
    expect(await tables()).toEqual(held);
    expect(readdirSync(scratch)).not.toContain('empty-data');
  });
});
