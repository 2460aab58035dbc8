import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { extractTarBr } from '../helpers/tar';
import { withSite } from '../helpers/site';

// A data folder made by an older release (commit 158e2dd, before numbered migrations: tests/data/fixtures/
// make-old-data.ts) opened by today's code: the migrations run once at the first start (migration 1 recorded, nothing
// changed, since every statement of it is `if not exists` over what that code made), a second start runs none, and the
// site serves the same members (who sign in with their passwords), comments, likes and subscribers.

vi.setConfig({ testTimeout: 60_000 });

const FIXTURE = path.join(import.meta.dirname, 'fixtures');
const SECRET = 'fixture-secret-that-is-long-enough-0123456789';
const site = withSite({ SESSION_SECRET: SECRET, MEMBERS_EMAIL_VERIFICATION: 'false' }, { content: true });
const expected = JSON.parse(readFileSync(path.join(FIXTURE, 'data-158e2dd.expected.json'), 'utf8')) as Record<
  string,
  Record<string, unknown>[]
>;

const { dataClient, recordsClient, OWNER } = await import('@/lib/data');
const { createDataClient } = await import('@/lib/data/client');
const { createEmbeddedBackend } = await import('@/lib/data/embedded');
const { appliedMigrations, MIGRATIONS } = await import('@/lib/data/migrations');
const { members, siteMembers, LoginState } = await import('@/lib/members');
const { postComments, siteComments } = await import('@/lib/comments');
const { postLikes } = await import('@/lib/likes/collection');
const { subscribers } = await import('@/lib/data');

/** The lines the data service logged (console.warn, as JSON). */
const warned: Record<string, unknown>[] = [];
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation((line: unknown) => {
    try {
      warned.push(JSON.parse(String(line)) as Record<string, unknown>);
    } catch {
      // not one of the data service's lines
    }
  });
});
const migrationLines = () => warned.filter((line) => String(line.msg).startsWith('data service: migration'));

beforeAll(async () => {
  await extractTarBr(readFileSync(path.join(FIXTURE, 'data-158e2dd.tar.br')), site.dataDir);
});

const sorted = { sort: [{ fieldName: '_id', order: 'ASC' }], limit: 1000 };

describe('a data folder made by commit 158e2dd', () => {
  it('is migrated at the first start and serves the same items', async () => {
    const client = recordsClient(members, postComments, postLikes, subscribers);
    for (const [collection, items] of Object.entries(expected)) {
      expect((await client.query(collection, sorted, OWNER)).items, collection).toEqual(items);
    }
    expect(migrationLines()).toEqual([
      { msg: 'data service: migrations applied', applied: MIGRATIONS.map((m) => m.id) },
    ]);
    expect((await appliedMigrations(client.sql!)).map(({ id, name }) => ({ id, name }))).toEqual(
      MIGRATIONS.map(({ id, name }) => ({ id, name })),
    );

    // The features read them as they did: a member signs in with the password they joined with (its hash kept), a
    // post's thread holds its comment and the reply, the owner's index is still listed, active.
    const login = await siteMembers().login({ email: 'bob@example.com', password: 'correct horse battery 1' });
    expect(login.loginState).toBe(LoginState.SUCCESS);
    const wrong = await siteMembers().login({ email: 'bob@example.com', password: 'correct horse battery 0' });
    expect(wrong.loginState).toBe(LoginState.FAILURE);
    const thread = await siteComments().list('post-a', { limit: 20 });
    expect(thread.threads.map((t) => [t.comment.text, t.replies.map((r) => r.text)])).toEqual([
      ['First!', ['A reply']],
    ]);
    const { dataIndexes } = await import('@/lib/data');
    const listed = await dataIndexes().list('subscribers', {}, OWNER);
    expect(listed.indexes.map((index) => [index.name, index.status])).toEqual([['by-email', 'ACTIVE']]);
  });

  it('runs no migration at the next start', async () => {
    const before = await appliedMigrations(dataClient().sql!);
    await dataClient().close();
    warned.length = 0;
    const again = createDataClient({ backend: createEmbeddedBackend(site.dataDir), collections: [subscribers] });
    try {
      expect(await again.count('subscribers', {}, OWNER)).toBe(expected.subscribers!.length);
      expect(await appliedMigrations(again.sql!)).toEqual(before);
      expect(migrationLines()).toEqual([]);
    } finally {
      await again.close();
    }
  });
});
