import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import { withSite } from '../helpers/site';

// The dashboard's import (issue 48) through the owner's routes, on the embedded database with the site's real job
// queue (pg-boss) and worker: an export uploaded is a job, NEW, then RUNNING with its progress, then COMPLETED with
// the CLI's report; a preview writes nothing; a second upload of the same export changes nothing; a zipped folder is
// unpacked, and one that names files outside itself is refused with nothing written; a job whose worker died is run
// again at the next start; and the catalogue's answers for someone else than the owner, a file it cannot read, a
// file too big, an id no import has.

vi.setConfig({ testTimeout: 60_000 });

const SECRET = 'import-dashboard-test-secret-long-enough-0123456789';
const site = withSite({ OWNER_PASSWORD: 'owner-password', SESSION_SECRET: SECRET }, { database: true, content: [] });

const { POST: uploadRoute } = await import('@/app/api/owner/import/route');
const { GET: jobRoute } = await import('@/app/api/owner/import/[id]/route');
const { siteImports } = await import('@/lib/transfer');
const { TRANSFER_COLLECTIONS, transferImportFiles, transferImports } = await import('@/lib/transfer/import-jobs');
const { recordsClient, siteJobs, OWNER } = await import('@/lib/data');
const { postComments } = await import('@/lib/comments');
type ImportJobView = import('@/lib/transfer').ImportJobView;

const FIXTURES = path.resolve('tests/fixtures/import');
const WPTT = readFileSync(path.join(FIXTURES, 'wordpress/themeunittestdata.wordpress.xml'));
const owner = { cookie: `${SESSION_COOKIE}=${signSession(SECRET).token}`, origin: 'http://localhost:3000' };
const base = 'http://localhost:3000/api/owner/import';

const upload = (name: string, body: Uint8Array, dryRun = false, headers: Record<string, string> = owner) =>
  uploadRoute(
    new Request(`${base}?${new URLSearchParams({ name, dryRun: dryRun ? '1' : '0' })}`, {
      method: 'POST',
      body: new Blob([new Uint8Array(body)]),
      headers: { 'content-type': 'application/octet-stream', ...headers },
    }),
  );

const getJob = (id: string, headers: Record<string, string> = owner) =>
  jobRoute(new Request(`${base}/${id}`, { headers }), { params: Promise.resolve({ id }) });

async function jobOf(response: Response, status: number): Promise<ImportJobView> {
  expect(response.status).toBe(status);
  return ((await response.json()) as { job: ImportJobView }).job;
}

async function ended(id: string): Promise<ImportJobView> {
  await expect
    .poll(async () => (await jobOf(await getJob(id), 200)).status, { timeout: 45_000, interval: 200 })
    .toMatch(/COMPLETED|FAILED/);
  return jobOf(await getJob(id), 200);
}

async function expectError(response: Response, status: number) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { message: string } };
  expect(body.error.message).toBeTruthy();
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
  return body.error;
}

const postFiles = () =>
  existsSync(path.join(site.contentDir!, 'posts')) ? readdirSync(path.join(site.contentDir!, 'posts')).length : 0;

beforeAll(async () => {
  await siteImports().start();
}, 60_000);

afterEach(() => vi.restoreAllMocks());

afterAll(async () => (await siteJobs()).stop({ wait: true, timeout: 10_000 }), 30_000);

describe('an export uploaded on the dashboard', () => {
  it('previews first: the report of what would be written, and nothing written', async () => {
    const asked = await jobOf(await upload('themeunittestdata.wordpress.xml', WPTT, true), 202);
    expect(asked).toMatchObject({ status: 'NEW', step: 'queued', dryRun: true, progress: { current: 0 } });
    expect(asked.fileName).toBe('themeunittestdata.wordpress.xml');
    const job = await ended(asked.id);
    expect(job.status).toBe('COMPLETED');
    expect(job.report).toMatchObject({ source: 'wordpress', dryRun: true });
    expect(job.report!.counts.post!.created).toBeGreaterThan(50);
    expect(job.progress.current).toBe(job.progress.total);
    expect(postFiles()).toBe(0);
  });

  it('imports: posts into the content folder, comments into the records, with its progress; again: unchanged', async () => {
    const job = await ended((await jobOf(await upload('themeunittestdata.wordpress.xml', WPTT), 202)).id);
    expect(job.status).toBe('COMPLETED');
    const created = job.report!.counts.post!.created;
    expect(created).toBeGreaterThan(50);
    expect(postFiles()).toBeGreaterThanOrEqual(created);
    expect(job.report!.counts.comment!.created).toBeGreaterThan(0);
    const comments = await recordsClient(postComments).count(postComments.id, {}, OWNER);
    expect(comments).toBe(job.report!.counts.comment!.created);
    // The same measure as the CLI's report (its words against the converted nodes' text).
    expect(job.report!.coverage.mean).toBeGreaterThan(0.99);
    // The answer holds counts and shares, never the words a post lost (they may be a paid post's).
    expect(JSON.stringify(job.report)).not.toMatch(/missing:/);

    const again = await ended((await jobOf(await upload('export.xml', WPTT), 202)).id);
    expect(again.report!.counts.post).toMatchObject({ created: 0, updated: 0, unchanged: created });
  });

  it('unpacks a zipped folder: Ghost JSON with its images beside it', async () => {
    const dir = path.join(FIXTURES, 'ghost');
    const files: Record<string, Uint8Array> = {
      'ghost-export/v5-lexical.json': readFileSync(path.join(dir, 'v5-lexical.json')),
    };
    const images = path.join(dir, 'content/images');
    for (const name of readdirSync(images, { recursive: true, withFileTypes: true }))
      if (name.isFile()) {
        const full = path.join(name.parentPath, name.name);
        files[`ghost-export/content/images/${path.relative(images, full)}`] = readFileSync(full);
      }
    const job = await ended((await jobOf(await upload('ghost.zip', zipSync(files)), 202)).id);
    expect(job.status).toBe('COMPLETED');
    expect(job.report!.source).toBe('ghost');
    expect(job.report!.counts.media?.created ?? 0).toBeGreaterThan(0);
  });

  it('refuses a zip naming files outside its folder, and writes nothing of it', async () => {
    const before = postFiles();
    const evil = zipSync({
      'export/post.md': new TextEncoder().encode('# Hi\n'),
      '../../escaped.txt': new Uint8Array([1]),
    });
    const job = await ended((await jobOf(await upload('evil.zip', evil), 202)).id);
    expect(job).toMatchObject({ status: 'FAILED', step: 'done' });
    expect(job.error).toMatch(/outside its own folder/);
    expect(postFiles()).toBe(before);
  });

  it('fails an export it cannot read with the reason, never a stack', async () => {
    const job = await ended(
      (await jobOf(await upload('notes.xml', new TextEncoder().encode('<rss><channel/></rss>')), 202)).id,
    );
    expect(job.status).toBe('FAILED');
    expect(job.error).toMatch(/^notes\.xml: not an export this import reads/);
    expect(job.error).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });

  it('runs again, at the next start, an import whose worker died midway; not while its worker lives', async () => {
    // As a worker that claimed it leaves it: RUNNING, with its file; never put on the queue here.
    const records = recordsClient(...TRANSFER_COLLECTIONS);
    const id = randomUUID();
    const text = readFileSync(path.join(FIXTURES, 'wordpress/classic.wxr.xml')).toString('base64');
    await records.insert(transferImportFiles.id, { _id: `${id}:0`, jobId: id, part: 0, text }, OWNER);
    const running = {
      _id: id,
      fileName: 'classic.wxr.xml',
      dryRun: false,
      status: 'RUNNING',
      step: 'writing',
      fileParts: 1,
      runs: 1,
      heartbeatDate: new Date().toISOString(),
    };
    await records.insert(transferImports.id, running, OWNER);
    expect(await siteImports().run(id)).toBe('busy');
    expect((await jobOf(await getJob(id), 200)).status).toBe('RUNNING');

    const stored = await records.get(transferImports.id, id, OWNER);
    await records.update(transferImports.id, { ...stored!, heartbeatDate: new Date(0).toISOString() }, OWNER);
    await siteImports().start();
    const job = await ended(id);
    expect(job.status).toBe('COMPLETED');
    expect(job.report!.counts.post!.created).toBeGreaterThan(0);
    expect((await records.get(transferImports.id, id, OWNER))!.runs).toBe(2);
    // Its file went with its end.
    expect(await records.get(transferImportFiles.id, `${id}:0`, OWNER)).toBeNull();
  });
});

describe("the import routes' answers", () => {
  it('refuses someone else than the owner: 401, and 403 from another site', async () => {
    await expectError(await upload('a.xml', WPTT, false, {}), 401);
    await expectError(await upload('a.xml', WPTT, false, { ...owner, origin: 'https://elsewhere.example' }), 403);
    await expectError(await getJob('00000000-0000-4000-8000-000000000000', {}), 401);
  });

  it('refuses a file that is no export, an empty one, one too big; an id no import has is 404', async () => {
    expect((await expectError(await upload('photo.png', new Uint8Array([1, 2])), 400)).message).toMatch(/\.xml/);
    expect((await expectError(await upload('empty.xml', new Uint8Array()), 400)).message).toMatch(/empty/);
    const big = new Request(`${base}?name=big.zip`, {
      method: 'POST',
      body: new Uint8Array(8),
      headers: { ...owner, 'content-type': 'application/octet-stream', 'content-length': String(300 * 1024 * 1024) },
    });
    await expectError(await uploadRoute(big), 413);
    await expectError(await getJob('00000000-0000-4000-8000-000000000000'), 404);
    await expectError(await getJob('../../etc'), 404);
  });

  it('refuses a second import while one is under way (409), naming it', async () => {
    const records = recordsClient(...TRANSFER_COLLECTIONS);
    const id = randomUUID();
    const running = { _id: id, fileName: 'first.xml', status: 'RUNNING', step: 'writing', fileParts: 0, runs: 1 };
    await records.insert(transferImports.id, { ...running, heartbeatDate: new Date().toISOString() }, OWNER);
    try {
      expect((await expectError(await upload('second.xml', WPTT), 409)).message).toMatch(/first\.xml is under way/);
    } finally {
      await records.update(transferImports.id, { ...running, status: 'FAILED', error: 'test' }, OWNER);
    }
  });

  it('takes the form without JavaScript (multipart) and sends the owner back to the page', async () => {
    const form = new FormData();
    form.set('file', new File([readFileSync(path.join(FIXTURES, 'wordpress/classic.wxr.xml'))], 'classic.wxr.xml'));
    form.set('dryRun', '1');
    const answer = await uploadRoute(new Request(base, { method: 'POST', body: form, headers: owner }));
    expect(answer.status).toBe(303);
    const id = /job=([0-9a-f-]{36})/.exec(answer.headers.get('location') ?? '')?.[1];
    expect(id).toBeDefined();
    expect((await ended(id!)).report!.dryRun).toBe(true);
  });
});
