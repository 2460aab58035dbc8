import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withSite } from '../helpers/site';

// `npm run blog -- data import ... --job [--detach]` and `data job <id>` against the site: the CLI's requests go to the
// site's own route handlers (owner sign-in, the jobs API), the site's worker (pg-boss on the embedded database) runs
// the job. Attached it follows the job to its end with its progress; detached it leaves it running, and `data job`
// follows it again; a FAILED job is its error and exit status 2.

vi.setConfig({ testTimeout: 30_000 });

const PASSWORD = 'cli-jobs-owner-password';
const SECRET = 'cli-jobs-test-secret-that-is-long-enough-0123456789';
const site = withSite({ OWNER_PASSWORD: PASSWORD, SESSION_SECRET: SECRET }, { database: true });

const session = await import('@/app/api/owner/session/route');
const importRoute = await import('@/app/api/data/v2/jobs/import/route');
const jobRoute = await import('@/app/api/data/v2/jobs/[jobId]/route');
const { main } = await import('@/scripts/blog/cli');
const { dataClient, siteDataJobs, siteJobs, startDataJobs, OWNER } = await import('@/lib/data');

type Handler = (request: Request, context?: unknown) => Promise<Response>;
const handlers = (module: object) => module as Record<string, Handler>;

/** The site, as the CLI reaches it: each request handed to its route; the methods and paths asked, in order. */
const asked: string[] = [];
const siteFetch: typeof fetch = async (input, init) => {
  const request = new Request(input as string, init);
  const { pathname } = new URL(request.url);
  asked.push(`${request.method} ${pathname}`);
  if (pathname === '/api/owner/session') return handlers(session)[request.method]!(request);
  if (pathname === '/api/data/v2/jobs/import') return handlers(importRoute)[request.method]!(request);
  const job = /^\/api\/data\/v2\/jobs\/([^/]+)$/.exec(pathname);
  if (job) {
    const context = { params: Promise.resolve({ jobId: decodeURIComponent(job[1]!) }) };
    return handlers(jobRoute)[request.method]!(request, context);
  }
  return new Response('not found', { status: 404 });
};

async function blog(argv: string[], env: Record<string, string | undefined> = {}, io: object = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['data', ...argv], {
    env: { DATA_DIR: site.dataDir, SITE_URL: 'http://127.0.0.1:3000', OWNER_PASSWORD: PASSWORD, ...env },
    fetch: siteFetch,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    jobPollMs: 50,
    ...io,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const file = (name: string, text: string) => {
  const at = path.join(site.dataDir, name);
  writeFileSync(at, text);
  return at;
};
const readers = (n: number, bad?: number) =>
  ['email,status,confirmedDate']
    .concat(
      Array.from(
        { length: n },
        (_, i) => `reader${i}@example.com,confirmed,${i === bad ? 'soon' : '2025-03-01T10:00:00Z'}`,
      ),
    )
    .join('\n') + '\n';

const count = () => dataClient().count('subscribers', {}, OWNER);
const jobIdOf = (out: string) => /^job ([0-9a-f-]{36}):/m.exec(out)![1]!;

beforeEach(async () => {
  asked.length = 0;
  await dataClient().truncate('subscribers', OWNER);
});

// The site's worker, as the server starts it (instrumentation.ts).
beforeAll(() => startDataJobs());

afterAll(async () => (await siteJobs()).stop({ wait: true, timeout: 10_000 }), 30_000);

describe('blog data import --job', () => {
  it('asks the site for the job as its owner, follows its progress to COMPLETED, and signs out', async () => {
    const csv = file('readers.csv', readers(2500));
    const { code, out, err } = await blog(['import', 'subscribers', csv, '--job']);
    expect({ code, err: err.split('\n').at(-1) }).toEqual({
      code: 0,
      err: expect.stringMatching(/COMPLETED, 2500\/2500 items$/),
    });
    const id = jobIdOf(out);
    expect(out).toBe(
      `job ${id}: the import of ${csv} into subscribers at http://127.0.0.1:3000 (NEW)\n` +
        `imported 2500 items into subscribers from ${csv} (job ${id})`,
    );
    // A line each time the job moved (no terminal: no bar).
    expect(err).toMatch(new RegExp(`^subscribers \\(job ${id.slice(0, 8)}\\): (NEW|RUNNING)`));
    expect(await count()).toBe(2500);
    expect(asked[0]).toBe('POST /api/owner/session');
    expect(asked[1]).toBe('POST /api/data/v2/jobs/import');
    expect(asked.slice(2, -1).every((a) => a === `GET /api/data/v2/jobs/${id}`)).toBe(true);
    expect(asked.at(-1)).toBe('DELETE /api/owner/session');
  });

  it('draws a progress bar on a terminal', async () => {
    const terminal = Object.assign(new PassThrough(), { isTTY: true, columns: 120 });
    let drawn = '';
    terminal.on('data', (chunk: Buffer) => (drawn += chunk.toString()));
    const csv = file('bar.csv', readers(1200));
    const { code } = await blog(['import', 'subscribers', csv, '--job'], {}, { errStream: terminal });
    expect(code).toBe(0);
    expect(drawn).toMatch(/subscribers \(job [0-9a-f]{8}\) \[.*\] 1200\/1200 items, 100%/);
  });

  it('--detach leaves the job running; data job <id> follows it again to its end', async () => {
    const csv = file('later.csv', readers(1500));
    const detached = await blog(['import', 'subscribers', csv, '--detach']);
    expect(detached.code).toBe(0);
    const id = jobIdOf(detached.out);
    expect(detached.out).toContain(
      `detached: the job goes on at the site; "npm run blog -- data job ${id}" follows it again`,
    );
    expect(asked.filter((a) => a.startsWith('GET'))).toEqual([]);

    const attached = await blog(['job', id]);
    expect(attached).toMatchObject({ code: 0, out: `imported 1500 items into subscribers (job ${id})` });
    expect(await count()).toBe(1500);
    // A finished job: its outcome at once.
    expect(await blog(['job', id])).toMatchObject({ code: 0, out: `imported 1500 items into subscribers (job ${id})` });
  });

  it('Ctrl-C while attached leaves the job running and says how to follow it', async () => {
    const controller = new AbortController();
    const csv = file('interrupted.csv', readers(1000));
    const running = blog(['import', 'subscribers', csv, '--job'], {}, { jobSignal: controller.signal, jobPollMs: 200 });
    controller.abort();
    const { code, out } = await running;
    expect(code).toBe(0);
    const id = jobIdOf(out);
    expect(out).toContain(`detached: the job goes on at the site; "npm run blog -- data job ${id}" follows it again`);
    expect((await blog(['job', id])).code).toBe(0);
  });

  it('a FAILED job: its error, the row it names, exit status 2, nothing written', async () => {
    const csv = file('bad.csv', readers(1500, 1200));
    const { code, err } = await blog(['import', 'subscribers', csv, '--job']);
    expect(code).toBe(2);
    expect(err.split('\n').slice(-2)).toEqual([
      expect.stringMatching(
        /^blog: job [0-9a-f-]{36} FAILED: WDE0046 bad\.csv:1202: column "confirmedDate": "soon" is not a date/,
      ),
      'nothing was written',
    ]);
    expect(await count()).toBe(0);
  });

  it('--save overwrites; without it a stored _id fails the job (WDE0074) after the batches before it', async () => {
    const rows = (n: number) =>
      JSON.stringify(Array.from({ length: n }, (_, i) => ({ _id: `r-${i}`, email: `r${i}@example.com` })));
    await dataClient().insert('subscribers', { _id: 'r-1500', email: 'there@example.com' }, OWNER);
    const json = file('readers.json', rows(2000));
    const failed = await blog(['import', 'subscribers', json, '--job']);
    expect(failed.code).toBe(2);
    expect(failed.err.split('\n').slice(-2)).toEqual([
      expect.stringMatching(/FAILED: WDE0074 readers\.json: item 1501: an item with _id "r-1500" already exists$/),
      '1000 of 2000 items were written before it, none after',
    ]);
    expect(await count()).toBe(1001);
    const saved = await blog(['import', 'subscribers', json, '--job', '--save']);
    expect(saved).toMatchObject({ code: 0, out: expect.stringContaining('imported 2000 items into subscribers') });
    expect((await dataClient().get('subscribers', 'r-1500', OWNER))?.email).toBe('r1500@example.com');
  });

  it('data job <id> follows any job of the site: a truncate asked for through the API', async () => {
    await dataClient().bulkInsert('subscribers', [{ email: 'a@example.com' }, { email: 'b@example.com' }], OWNER);
    const job = await siteDataJobs().submit({ type: 'TRUNCATE', dataCollectionId: 'subscribers' }, {});
    expect(await blog(['job', job.id])).toMatchObject({
      code: 0,
      out: `job ${job.id} (TRUNCATE of subscribers): COMPLETED, 2 items`,
    });
    expect(await count()).toBe(0);
  });

  it('says what stops it: no password, a wrong one, an unknown collection or job, an unreachable site', async () => {
    const csv = file('few.csv', readers(3));
    expect(await blog(['import', 'subscribers', csv, '--job'], { OWNER_PASSWORD: '' })).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^blog: a job is asked for as the site's owner: set OWNER_PASSWORD/),
    });
    expect(await blog(['import', 'subscribers', csv, '--job'], { OWNER_PASSWORD: 'guess' })).toMatchObject({
      code: 2,
      err: "blog: http://127.0.0.1:3000 refused the owner's sign-in: WDE9401 wrong password",
    });
    expect(await blog(['import', 'nope', csv, '--job'])).toMatchObject({
      code: 2,
      err: 'blog: http://127.0.0.1:3000 did not take the import: WDE0025 collection "nope" does not exist',
    });
    expect(await blog(['job', '0b0b0b0b-1111-4222-8333-444444444444'])).toMatchObject({
      code: 2,
      err: 'blog: job 0b0b0b0b-1111-4222-8333-444444444444: WDE0073 no data job has the id "0b0b0b0b-1111-4222-8333-444444444444"',
    });
    const offline: typeof fetch = () =>
      Promise.reject(new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') }));
    expect(await blog(['import', 'subscribers', csv, '--job'], {}, { fetch: offline })).toMatchObject({
      code: 1,
      err: 'blog: could not reach http://127.0.0.1:3000: ECONNREFUSED',
    });
    expect(await blog(['import', 'subscribers', path.join(site.dataDir, 'missing.csv'), '--job'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^blog: cannot read .*missing\.csv/),
    });
    expect((await blog(['job'])).code).toBe(2);
    expect((await blog(['job', 'a', 'b'])).code).toBe(2);
    expect(await count()).toBe(0);
  });
});
