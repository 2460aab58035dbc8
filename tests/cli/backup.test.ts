import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makePosts } from '../helpers/posts';
import { joinMember, OPEN_MEMBERS, withSite } from '../helpers/site';

// Backup and restore, end to end, on the embedded database: a site with members, comments and subscribers serves
// writers that keep writing (subscribers and comments, each writer in order) while `npm run blog -- backup FILE` runs.
// The site holds its data folder, so the CLI asks it (as its owner) for the snapshot: its requests go to the site's
// own route handlers. `restore FILE` brings the archive onto new folders; the restored data answers the same members,
// comments, subscribers and counts as the site, as of one instant: every write answered before the backup began is
// there, each writer's writes are a prefix of what it wrote (nothing after a missing one), and a writer's comment is
// there only with the subscriber it wrote just before it. The dashboard's record says when the backup was taken.

vi.setConfig({ testTimeout: 120_000 });

const PASSWORD = 'backup-owner-password';
const SECRET = 'backup-test-secret-that-is-long-enough-0123456789';
const site = withSite(
  { OWNER_PASSWORD: PASSWORD, SESSION_SECRET: SECRET, ...OPEN_MEMBERS },
  { content: makePosts(3), database: true },
);

const session = await import('@/app/api/owner/session/route');
const backupRoute = await import('@/app/api/owner/backup/route');
const { main } = await import('@/scripts/blog/cli');
const { dataClient, lastBackup, recordsClient, subscribers, OWNER } = await import('@/lib/data');
const { createDataClient } = await import('@/lib/data/client');
const { createEmbeddedBackend } = await import('@/lib/data/embedded');
const { siteBackups, readLastBackup } = await import('@/lib/data/backup');
const { createLocalComments, postComments, siteComments } = await import('@/lib/comments');
const { members } = await import('@/lib/members');

type Handler = (request: Request) => Promise<Response>;
/** The site, as the CLI reaches it: each request handed to its route. */
const asked: string[] = [];
const siteFetch: typeof fetch = async (input, init) => {
  const request = new Request(input as string, init);
  const { pathname } = new URL(request.url);
  asked.push(`${request.method} ${pathname}`);
  const routes: Record<string, object> = { '/api/owner/session': session, '/api/owner/backup': backupRoute };
  const handler = (routes[pathname] as Record<string, Handler> | undefined)?.[request.method];
  return handler ? handler(request) : new Response('not found', { status: 404 });
};

const scratch = mkdtempSync(path.join(tmpdir(), 'backup-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function blog(argv: string[], env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    env: {
      DATA_DIR: site.dataDir,
      BLOG_CONTENT_DIR: site.contentDir,
      SESSION_SECRET: SECRET,
      SITE_URL: 'http://127.0.0.1:3000',
      OWNER_PASSWORD: PASSWORD,
      ...env,
    },
    fetch: siteFetch,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const records = () => recordsClient(members, postComments, subscribers);
/** Every item of a collection, by id, a page of 1,000 at a time. */
async function itemsOf(client: ReturnType<typeof records>, collection: string) {
  const items: Record<string, unknown>[] = [];
  for (let skip = 0; ; skip += 1000) {
    const page = await client.query(
      collection,
      { sort: [{ fieldName: '_id', order: 'ASC' }], limit: 1000, skip },
      OWNER,
    );
    items.push(...page.items);
    if (!page.hasNext) return items;
  }
}
/** The files of a folder, with their bytes (what the site derives from it, .index/, left out). */
const filesOf = (dir: string) =>
  Object.fromEntries(
    (readdirSync(dir, { recursive: true }) as string[])
      .filter((rel) => !rel.startsWith('.index') && statSync(path.join(dir, rel)).isFile())
      .sort()
      .map((rel) => [rel, readFileSync(path.join(dir, rel), 'utf8')]),
  );

const WRITERS = 4;
const LOAD_POST = 'post-0002';
const member = (id: string, name: string) => ({ kind: 'member' as const, memberId: id, name, sessionToken: 'x' });

beforeAll(async () => {
  const joined = [];
  for (const name of ['ada', 'bob', 'cy']) joined.push(await joinMember(`${name}@example.com`, name));
  const first = await siteComments().create(
    { postId: 'post-0000', text: 'First!' },
    member(joined[0]!.id, 'ada'),
    'PUBLISHED',
  );
  await siteComments().create(
    { postId: 'post-0000', parentId: first.id, text: 'A reply' },
    member(joined[1]!.id, 'bob'),
    'PUBLISHED',
  );
  await siteComments().create({ postId: 'post-0001', text: 'Waiting' }, member(joined[2]!.id, 'cy'), 'PENDING');
  await records().bulkInsert(
    'subscribers',
    [
      { email: 'reader1@example.com', status: 'confirmed', week: '2026-W20' },
      { email: 'reader2@example.com', status: 'pending', week: '2026-W21' },
    ],
    OWNER,
  );
}, 120_000);

describe('a backup while the site serves, and its restore', () => {
  const file = path.join(scratch, 'site.tar.gz');
  const restored = { data: path.join(scratch, 'restored-data'), content: path.join(scratch, 'restored-content') };
  /** Per writer: how many of its writes were answered before the backup began, and in all. */
  const before: number[] = [];
  const answered: number[] = Array.from({ length: WRITERS }, () => 0);

  it('takes a consistent snapshot through the running site under concurrent writes', async () => {
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        // Each write its own event, as requests arrive (PGlite answers within microtasks: a loop without a pause
        // would never let the backup's streams, or a timer, run).
        await new Promise((resolve) => setTimeout(resolve, 10));
        await records().insert('subscribers', { _id: `load-${w}-${i}`, email: `load-${w}-${i}@example.com` }, OWNER);
        await siteComments().create(
          { postId: LOAD_POST, text: `load ${w} ${i}` },
          member(`m${w}`, `w${w}`),
          'PUBLISHED',
        );
        answered[w] = i + 1;
      }
    };
    const writing = Array.from({ length: WRITERS }, (_, w) => writer(w));
    // The load is under way before the backup starts.
    await vi.waitFor(() => expect(Math.min(...answered)).toBeGreaterThanOrEqual(3), { timeout: 30_000 });
    before.push(...answered);
    const backup = await blog(['backup', file]);
    stop = true;
    await Promise.all(writing);
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.out).toMatch(/^backup: .*site\.tar\.gz \(.* MiB\): the embedded database through the site at /);
    expect(asked).toEqual([
      'POST /api/owner/session',
      'POST /api/owner/backup',
      'PUT /api/owner/backup',
      'DELETE /api/owner/session',
    ]);
    // The writes went on during the backup: the snapshot is of one instant among them.
    expect(answered.reduce((a, b) => a + b)).toBeGreaterThan(before.reduce((a, b) => a + b));

    const total = (counts: number[]) => counts.reduce((a, b) => a + b);
    console.info(
      `backup under load: ${total(before)} writes answered before it began, ${total(answered)} by its end, ` +
        `archive ${statSync(file).size} bytes`,
    );

    // The dashboard's record: when the snapshot was taken, and the archive's size.
    const last = await lastBackup();
    expect(last).toMatchObject({ kind: 'embedded', content: true, bytes: statSync(file).size });
    expect(Date.parse(last!.takenAt)).toBeLessThanOrEqual(Date.now());
  });

  it('restores onto new folders, which answer as the site did at that instant', async () => {
    const restore = await blog(['restore', file], { DATA_DIR: restored.data, BLOG_CONTENT_DIR: restored.content });
    expect(restore.err).toBe('');
    expect(restore.code).toBe(0);

    const copy = createDataClient({
      backend: createEmbeddedBackend(restored.data),
      collections: [members, postComments, subscribers, siteBackups],
    });
    try {
      // Members (their password hashes with them) and the base comments and subscribers: the same items.
      expect(await itemsOf(copy, 'members')).toEqual(await itemsOf(records(), 'members'));
      const base = (items: Record<string, unknown>[]) => items.filter((i) => !String(i._id).startsWith('load-'));
      expect(base(await itemsOf(copy, 'subscribers'))).toEqual(base(await itemsOf(records(), 'subscribers')));
      const comments = createLocalComments({ client: copy, announce: async () => {} });
      for (const post of ['post-0000', 'post-0001']) {
        expect(await comments.list(post, { limit: 20 })).toEqual(await siteComments().list(post, { limit: 20 }));
      }

      // The load: per writer, a prefix of its writes, holding every write answered before the backup began, and
      // its comment i only with its subscriber i (written just before it).
      const isLoad = (item: Record<string, unknown>) => String(item._id).startsWith('load-');
      const loadSubscribers = (await itemsOf(copy, 'subscribers')).filter(isLoad);
      const loadComments = (await itemsOf(copy, 'post-comments')).filter((i) => i.postId === LOAD_POST);
      for (let w = 0; w < WRITERS; w++) {
        const subs = loadSubscribers.filter((i) => String(i._id).startsWith(`load-${w}-`)).map((i) => String(i._id));
        const texts = loadComments.filter((i) => String(i.text).startsWith(`load ${w} `)).map((i) => String(i.text));
        const n = subs.length;
        expect(n).toBeGreaterThanOrEqual(before[w]!);
        expect(n).toBeLessThanOrEqual(answered[w]! + 1);
        expect(subs.sort()).toEqual(Array.from({ length: n }, (_, i) => `load-${w}-${i}`).sort());
        expect([n, n - 1]).toContain(texts.length);
        expect(texts.sort()).toEqual(Array.from({ length: texts.length }, (_, i) => `load ${w} ${i}`).sort());
        console.info(`writer ${w}: ${before[w]} answered before the backup, ${n} in it, ${answered[w]} in all`);
      }
      // The same items as the site's at that instant (its items but the writes the snapshot came before), and so
      // the same counts.
      const kept = new Set([...loadSubscribers, ...loadComments].map((i) => String(i._id)));
      const atSnapshot = async (collection: string) =>
        (await itemsOf(records(), collection)).filter(
          (i) => kept.has(String(i._id)) || !(isLoad(i) || i.postId === LOAD_POST),
        );
      for (const collection of ['subscribers', 'post-comments']) {
        const items = await atSnapshot(collection);
        expect(await itemsOf(copy, collection)).toEqual(items);
        expect(await copy.count(collection, {}, OWNER)).toBe(items.length);
      }
      expect(await copy.count('members', {}, OWNER)).toBe(3);

      // The restored data says which backup it came from.
      expect(await readLastBackup(copy)).toMatchObject({
        takenAt: (await lastBackup())!.takenAt,
        bytes: statSync(file).size,
        restoredAt: expect.any(String),
      });
    } finally {
      await copy.close();
    }
    // The content folder, file for file.
    expect(filesOf(restored.content)).toEqual(filesOf(site.contentDir));
  });

  it('refuses a folder that holds anything, and changes nothing', async () => {
    const listing = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).sort();
    const dataBefore = listing(restored.data);
    const again = await blog(['restore', file], {
      DATA_DIR: restored.data,
      BLOG_CONTENT_DIR: path.join(scratch, 'c2'),
    });
    expect(again.code).toBe(2);
    expect(again.err).toContain(
      `${restored.data} (DATA_DIR) is not empty: a backup is restored onto an empty folder only, and nothing was changed`,
    );
    expect(listing(restored.data)).toEqual(dataBefore);

    // An empty data folder, but a content folder that holds something: neither is written.
    const emptyData = path.join(scratch, 'empty-data');
    const contentBefore = listing(restored.content);
    const content = await blog(['restore', file], { DATA_DIR: emptyData, BLOG_CONTENT_DIR: restored.content });
    expect(content.code).toBe(2);
    expect(content.err).toContain('(BLOG_CONTENT_DIR) is not empty');
    expect(listing(restored.content)).toEqual(contentBefore);
    expect(readdirSync(scratch).filter((name) => name.includes('restoring') || name === 'empty-data')).toEqual([]);

    // An archive of the embedded database with DATABASE_URL set.
    const postgres = await blog(['restore', file], {
      DATA_DIR: emptyData,
      BLOG_CONTENT_DIR: path.join(scratch, 'c3'),
      DATABASE_URL: 'postgres://blog:secret@127.0.0.1:9/blog',
    });
    expect(postgres.code).toBe(2);
    expect(postgres.err).toContain('the backup holds the embedded database, but DATABASE_URL is set');

    // Not an archive at all.
    const notArchive = await blog(['restore', path.join(site.contentDir, 'posts', 'post-0000.json')], {
      DATA_DIR: emptyData,
    });
    expect(notArchive.code).toBe(2);
    expect(readdirSync(scratch)).not.toContain('empty-data');
  });

  it('reads the data folder itself when no site holds it', async () => {
    await dataClient().close();
    const alone = path.join(scratch, 'alone.tar.gz');
    asked.length = 0;
    const backup = await blog(['backup', alone]);
    expect(backup.err).toBe('');
    expect(backup.out).toContain(`the embedded database from ${site.dataDir} (no site held it)`);
    expect(asked).toEqual([]);
    const copy = createDataClient({ backend: createEmbeddedBackend(site.dataDir), collections: [siteBackups] });
    try {
      expect(await readLastBackup(copy)).toMatchObject({ bytes: statSync(alone).size, kind: 'embedded' });
    } finally {
      await copy.close();
    }
  });
});
