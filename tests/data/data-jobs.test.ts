import type PgBoss from 'pg-boss';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import { withSite } from '../helpers/site';

// The data service's jobs (lib/data/data-jobs) through the JSON API, on the embedded database with real pg-boss
// workers: an import's NEW → RUNNING (with its progress) → COMPLETED, FAILED with its error, a truncate, the
// catalogue's answers (unknown job, someone else than the owner, bad input), and a job whose worker stopped midway
// taken up by another worker on the same database, finishing without a duplicate.

vi.setConfig({ testTimeout: 30_000 });

const SECRET = 'data-jobs-test-secret-that-is-long-enough-0123456789';
withSite({ OWNER_PASSWORD: 'owner-password', SESSION_SECRET: SECRET }, { database: true });

const { POST: submitRoute } = await import('@/app/api/data/v2/jobs/route');
const { POST: importRoute } = await import('@/app/api/data/v2/jobs/import/route');
const { GET: jobRoute, DELETE: deleteJobRoute } = await import('@/app/api/data/v2/jobs/[jobId]/route');
const { dataClient, dataIndexes, recordsClient, siteJobs, OWNER } = await import('@/lib/data');
const { startJobs } = await import('@/lib/data/jobs');
const { createDataJobs, DATA_JOB_COLLECTIONS } = await import('@/lib/data/data-jobs');
type Settings = import('@/lib/data/data-jobs').DataJobsSettings;
type DataJob = import('@/lib/data/data-jobs').DataJob;

const base = 'http://localhost:3000/api/data/v2/jobs';
const owner = { cookie: `${SESSION_COOKIE}=${signSession(SECRET).token}` };

const submit = (body: unknown, headers: Record<string, string> = owner) =>
  submitRoute(
    new Request(base, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    }),
  );

const upload = (
  query: Record<string, string>,
  text: string,
  type = 'text/csv',
  headers: Record<string, string> = owner,
) =>
  importRoute(
    new Request(`${base}/import?${new URLSearchParams(query)}`, {
      method: 'POST',
      body: text,
      headers: { 'content-type': type, ...headers },
    }),
  );

const getJob = (id: string, headers: Record<string, string> = owner) =>
  jobRoute(new Request(`${base}/${encodeURIComponent(id)}`, { headers }), { params: Promise.resolve({ jobId: id }) });

async function jobOf(response: Response, status = 200): Promise<DataJob> {
  expect(response.status).toBe(status);
  return ((await response.json()) as { job: DataJob }).job;
}

const job = async (id: string) => jobOf(await getJob(id));

async function expectError(response: Response, status: number, wde: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { wde: string; code: string; message: string } };
  expect(body.error).toMatchObject({ wde, code: status >= 500 ? 'WD_UNKNOWN_ERROR' : 'WD_VALIDATION_ERROR' });
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
  return body.error;
}

const subscriber = (i: number, extra: Record<string, string> = {}) => ({
  email: `reader${i}@example.com`,
  status: i % 3 === 0 ? 'pending' : 'confirmed',
  ...extra,
});
const csvOf = (rows: Record<string, string>[]) => {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return [columns.join(','), ...rows.map((row) => columns.map((c) => row[c] ?? '').join(','))].join('\n') + '\n';
};
const subscribersCsv = (n: number, row = (i: number) => subscriber(i)) =>
  csvOf(Array.from({ length: n }, (_, i) => row(i)));

const count = () => dataClient().count('subscribers', {}, OWNER);

/** One instance's worker: its own pg-boss on the site's database, 100 items a batch, a lease of a second. */
interface Worker {
  boss: PgBoss;
  stop(): Promise<void>;
}
const workers: Worker[] = [];

async function startWorker(settings: Partial<Settings> = {}): Promise<Worker> {
  const boss = await startJobs({ sql: recordsClient().sql, pollingIntervalSeconds: 0.5 });
  const jobs = createDataJobs({
    records: () => recordsClient(...DATA_JOB_COLLECTIONS),
    data: () => dataClient(),
    indexes: dataIndexes,
    indexPollMs: 100,
    boss: async () => boss,
    batchSize: 100,
    leaseMs: 1_000,
    pollingIntervalSeconds: 0.5,
    ...settings,
  });
  await jobs.start();
  const worker = { boss, stop: () => boss.stop({ graceful: false, wait: true }) };
  workers.push(worker);
  return worker;
}

/** A promise and its release. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const settled = async (id: string) => {
  await expect.poll(async () => (await job(id)).status, { timeout: 20_000 }).toMatch(/COMPLETED|FAILED/);
  return job(id);
};

beforeEach(async () => {
  await dataClient().truncate('subscribers', OWNER);
  await dataClient().truncate('series', OWNER);
});

afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
});

afterAll(async () => (await siteJobs()).stop({ wait: true, timeout: 10_000 }), 30_000);

describe('an import job through the JSON API', () => {
  it('is NEW when asked for, RUNNING with its progress while a worker writes it, then COMPLETED', async () => {
    const answer = await upload({ dataCollectionId: 'subscribers', fileName: 'readers.csv' }, subscribersCsv(250));
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const asked = await jobOf(answer, 202);
    expect(answer.headers.get('location')).toBe(`/api/data/v2/jobs/${asked.id}`);
    expect(asked).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'IMPORT_ITEMS',
      status: 'NEW',
      importItemsOptions: {
        dataCollectionId: 'subscribers',
        writePolicy: 'OVERWRITE',
        format: 'CSV',
        fileName: 'readers.csv',
      },
      requestedBy: 'OWNER',
      progress: { current: 0, total: null },
      itemsSucceeded: 0,
    });
    expect(asked.startedAt).toBeUndefined();
    // No worker yet: any instance answers it, still NEW.
    expect((await job(asked.id)).status).toBe('NEW');

    // A worker that holds its second batch until let go.
    const held = gate();
    const reached = gate();
    await startWorker({
      beforeBatch: async (_id, batch) => {
        if (batch !== 1) return;
        reached.open();
        await held.opened;
      },
    });
    await reached.opened;
    const running = await job(asked.id);
    expect(running).toMatchObject({
      status: 'RUNNING',
      progress: { current: 100, total: 250 },
      estimatedItemCount: 250,
      itemsSucceeded: 100,
      startedAt: expect.any(String),
    });
    expect(running.finishedAt).toBeUndefined();
    expect(await count()).toBe(100);

    held.open();
    const done = await settled(asked.id);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      progress: { current: 250, total: 250 },
      itemsSucceeded: 250,
      itemsFailed: 0,
      finishedAt: expect.any(String),
    });
    expect(done.error).toBeUndefined();
    expect(Date.parse(done.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(done.startedAt!));
    expect(await count()).toBe(250);
    // Typed by their fields, each once; the file is gone from the records.
    const { items } = await dataClient().query('subscribers', { filter: { status: 'pending' }, limit: 1000 }, OWNER);
    expect(items).toHaveLength(84);
    expect(await recordsClient().count('data-job-files', { filter: { jobId: asked.id } }, OWNER)).toBe(0);
  });

  it('FAILED with its error when a row breaks the rules: the row named, nothing written', async () => {
    await startWorker();
    const bad = subscribersCsv(250, (i) => subscriber(i, i === 180 ? { confirmedDate: 'soon' } : {}));
    const asked = await jobOf(await upload({ dataCollectionId: 'subscribers', fileName: 'bad.csv' }, bad), 202);
    const failed = await settled(asked.id);
    expect(failed).toMatchObject({
      status: 'FAILED',
      itemsSucceeded: 0,
      finishedAt: expect.any(String),
      error: {
        code: 'WDE0046',
        description: 'bad.csv:182: column "confirmedDate": "soon" is not a date (ISO 8601: 2025-01-31T12:00:00Z)',
        data: { where: 'bad.csv:182' },
      },
    });
    expect(await count()).toBe(0);

    const unknownField = 'email,colour\na@example.com,red\n';
    const refused = await settled(
      (await jobOf(await upload({ dataCollectionId: 'subscribers' }, unknownField), 202)).id,
    );
    expect(refused.error).toMatchObject({ code: 'WDE0045', data: { where: 'upload.csv:1' } });

    const lines = '{"email":"a@example.com"}\n{"email":"b@example.com","nick":"b"}\n';
    const jsonl = await upload({ dataCollectionId: 'subscribers' }, lines, 'application/x-ndjson');
    expect((await settled((await jobOf(jsonl, 202)).id)).error).toMatchObject({
      code: 'WDE0045',
      description: 'upload.jsonl:2: "nick" is not a field of "subscribers"',
    });
    expect(await count()).toBe(0);
  });

  it('INSERT stops at the batch holding a stored _id (WDE0074): the batches before it stay written', async () => {
    await dataClient().insert('subscribers', { _id: 's-150', email: 'there@example.com' }, OWNER);
    await startWorker();
    const rows = subscribersCsv(250, (i) => ({ _id: `s-${i}`, ...subscriber(i) }));
    const asked = await jobOf(await upload({ dataCollectionId: 'subscribers', writePolicy: 'INSERT' }, rows), 202);
    const failed = await settled(asked.id);
    expect(failed).toMatchObject({
      status: 'FAILED',
      itemsSucceeded: 100,
      progress: { current: 100, total: 250 },
      error: { code: 'WDE0074', description: 'upload.csv:152: an item with _id "s-150" already exists' },
    });
    expect(await count()).toBe(101);
    expect((await dataClient().get('subscribers', 's-150', OWNER))?.email).toBe('there@example.com');
  });

  it('OVERWRITE replaces, SKIP_EXISTING leaves stored items, TRUNCATE_BEFORE empties first', async () => {
    await startWorker();
    await dataClient().bulkInsert(
      'series',
      [
        { _id: 'a', title: 'Old A' },
        { _id: 'z', title: 'Old Z' },
      ],
      OWNER,
    );
    const dataItems = [
      { id: 'a', data: { title: 'New A' } },
      { id: 'b', data: { title: 'New B' } },
      { data: { title: 'No id' } },
    ];
    const importOf = async (writePolicy?: string) => {
      const answer = await submit({
        job: { type: 'IMPORT_ITEMS', importItemsOptions: { dataCollectionId: 'series', dataItems, writePolicy } },
      });
      return settled((await jobOf(answer, 202)).id);
    };
    const titles = async () =>
      (await dataClient().query('series', { sort: [{ fieldName: 'title', order: 'ASC' }] }, OWNER)).items.map(
        (i) => i.title,
      );

    const skipped = await importOf('SKIP_EXISTING');
    expect(skipped).toMatchObject({ status: 'COMPLETED', itemsSucceeded: 2, itemsSkipped: 1 });
    expect(skipped.importItemsOptions).toMatchObject({ format: 'JSON', fileName: 'dataItems' });
    expect(await titles()).toEqual(['New B', 'No id', 'Old A', 'Old Z']);

    const overwritten = await importOf(undefined);
    expect(overwritten).toMatchObject({ status: 'COMPLETED', itemsSucceeded: 3, itemsSkipped: 0 });
    expect(overwritten.importItemsOptions?.writePolicy).toBe('OVERWRITE');
    expect(await titles()).toEqual(['New A', 'New B', 'No id', 'No id', 'Old Z']);

    expect(await importOf('TRUNCATE_BEFORE')).toMatchObject({ status: 'COMPLETED', itemsSucceeded: 3 });
    expect(await titles()).toEqual(['New A', 'New B', 'No id']);
  });
});

describe('a truncate job', () => {
  it('empties the collection: NEW, then COMPLETED with the count it removed', async () => {
    await dataClient().bulkInsert(
      'subscribers',
      Array.from({ length: 30 }, (_, i) => subscriber(i)),
      OWNER,
    );
    const asked = await jobOf(
      await submit({ job: { type: 'TRUNCATE', truncateOptions: { dataCollectionId: 'subscribers' } } }),
      202,
    );
    expect(asked).toMatchObject({
      type: 'TRUNCATE',
      status: 'NEW',
      truncateOptions: { dataCollectionId: 'subscribers' },
    });
    await startWorker();
    expect(await settled(asked.id)).toMatchObject({
      status: 'COMPLETED',
      estimatedItemCount: 30,
      itemsSucceeded: 30,
      progress: { current: 30, total: 30 },
    });
    expect(await count()).toBe(0);
  });
});

describe('a re-index job', () => {
  const reindex = async () => {
    const answer = await submit({ job: { type: 'REINDEX', reindexOptions: { dataCollectionId: 'subscribers' } } });
    return settled((await jobOf(answer, 202)).id);
  };
  const statuses = async () => {
    const { indexes } = await dataIndexes().list('subscribers', { limit: 100, offset: 0 }, OWNER);
    return indexes.filter((i) => i.status !== 'DROPPED').map((i) => `${i.name} ${i.status}`);
  };

  it('rebuilds each index of the collection; one that cannot build is listed in failures', async () => {
    await startWorker();
    await dataClient().bulkInsert(
      'subscribers',
      [
        { _id: 'd1', email: 'dup@example.com', status: 'confirmed' },
        { _id: 'd2', email: 'dup@example.com', status: 'pending' },
        { _id: 'd3', email: 'other@example.com', status: 'confirmed' },
      ],
      OWNER,
    );
    await dataIndexes().create('subscribers', { name: 'byStatus', fields: [{ path: 'status' }] }, OWNER);
    await dataIndexes().create(
      'subscribers',
      { name: 'oneEmail', fields: [{ path: 'email' }], unique: true, caseInsensitive: true },
      OWNER,
    );
    await dataIndexes().settled();
    expect(await statuses()).toEqual(['byStatus ACTIVE', 'oneEmail FAILED']);
    const idOf = async (name: string) =>
      (await dataIndexes().list('subscribers', { limit: 100, offset: 0 }, OWNER)).indexes.findLast(
        (i) => i.name === name,
      )!.id;
    const first = await idOf('byStatus');

    // The data still repeats an address: the unique index fails again, the other is rebuilt.
    const again = await reindex();
    expect(again).toMatchObject({
      type: 'REINDEX',
      status: 'COMPLETED',
      reindexOptions: { dataCollectionId: 'subscribers' },
      estimatedItemCount: 2,
      progress: { current: 2, total: 2 },
      itemsSucceeded: 1,
      itemsFailed: 1,
      failures: [{ code: 'WDE0113', data: { index: 'oneEmail', itemId: expect.stringMatching(/^d[12]$/) } }],
    });
    expect(again.failures![0]!.description).toMatch(/^index "oneEmail": /);
    expect(await statuses()).toEqual(['byStatus ACTIVE', 'oneEmail FAILED']);
    // Made again: a new index of the same name (the old one listed DROPPED for a day).
    expect(await idOf('byStatus')).not.toBe(first);

    // The owner removes the duplicate: the re-index builds both.
    await dataClient().remove('subscribers', 'd2', OWNER);
    expect(await reindex()).toMatchObject({ status: 'COMPLETED', itemsSucceeded: 2, itemsFailed: 0 });
    expect((await reindex()).failures).toBeUndefined();
    expect(await statuses()).toEqual(['byStatus ACTIVE', 'oneEmail ACTIVE']);
    // The unique index holds again.
    await expect(dataClient().insert('subscribers', { email: 'DUP@example.com' }, OWNER)).rejects.toMatchObject({
      wde: 'WDE0123',
    });
    for (const name of ['byStatus', 'oneEmail']) await dataIndexes().drop('subscribers', name, OWNER);
    await dataIndexes().settled();
  });

  it('a collection without indexes: COMPLETED, nothing to rebuild', async () => {
    await startWorker();
    expect(await reindex()).toMatchObject({
      status: 'COMPLETED',
      estimatedItemCount: 0,
      progress: { current: 0, total: 0 },
    });
  });
});

describe('the catalogue', () => {
  it('an unknown job is 404 WDE0073, whatever its id looks like', async () => {
    for (const id of ['0b0b0b0b-1111-4222-8333-444444444444', 'nope', 'x'.repeat(300), '../items']) {
      const error = await expectError(await getJob(id), 404, 'WDE0073');
      expect(error.message).toMatch(/^no data job has the id/);
    }
    expect((await deleteJobRoute(new Request(`${base}/x`, { method: 'DELETE', headers: owner }))).status).toBe(405);
  });

  it('refuses anyone but the owner (403 WDE0027) before looking anything up, and other sites (403 WDE9403)', async () => {
    const asked = await jobOf(
      await submit({ job: { type: 'TRUNCATE', truncateOptions: { dataCollectionId: 'series' } } }),
      202,
    );
    const visitor = {};
    await expectError(await getJob(asked.id, visitor), 403, 'WDE0027');
    await expectError(await getJob('nope', visitor), 403, 'WDE0027');
    await expectError(
      await submit({ job: { type: 'TRUNCATE', truncateOptions: { dataCollectionId: 'series' } } }, visitor),
      403,
      'WDE0027',
    );
    await expectError(
      await upload({ dataCollectionId: 'subscribers' }, subscribersCsv(3), 'text/csv', visitor),
      403,
      'WDE0027',
    );
    const forged = {
      cookie: `${SESSION_COOKIE}=${signSession('another-secret-that-is-long-enough-0123456789').token}`,
    };
    await expectError(await getJob(asked.id, forged), 403, 'WDE0027');
    const crossSite = { ...owner, origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' };
    await expectError(
      await upload({ dataCollectionId: 'subscribers' }, subscribersCsv(3), 'text/csv', crossSite),
      403,
      'WDE9403',
    );
    await expectError(
      await submit({ job: { type: 'TRUNCATE', truncateOptions: { dataCollectionId: 'series' } } }, crossSite),
      403,
      'WDE9403',
    );
    // The owner's job itself runs as any other.
    await startWorker();
    expect((await settled(asked.id)).status).toBe('COMPLETED');
  });

  it('bad input is a 4xx and asks for nothing', async () => {
    const before = await recordsClient(...DATA_JOB_COLLECTIONS).count('data-jobs', {}, OWNER);
    const cases: [() => Promise<Response>, number, string][] = [
      [() => submit({}), 400, 'WDE0004'],
      [() => submit({ job: 'TRUNCATE' }), 400, 'WDE0004'],
      [() => submit({ job: { type: 'DROP' } }), 400, 'WDE0051'],
      [() => submit({ job: { type: 'TRUNCATE' } }), 400, 'WDE0001'],
      [() => submit({ job: { type: 'TRUNCATE', truncateOptions: { dataCollectionId: 'nope' } } }), 404, 'WDE0025'],
      // The service's own records are no collection of the API's.
      [() => submit({ job: { type: 'TRUNCATE', truncateOptions: { dataCollectionId: 'data-jobs' } } }), 404, 'WDE0025'],
      [
        () => submit({ job: { type: 'IMPORT_ITEMS', importItemsOptions: { dataCollectionId: 'series' } } }),
        400,
        'WDE0005',
      ],
      [
        () =>
          submit({
            job: {
              type: 'IMPORT_ITEMS',
              importItemsOptions: { dataCollectionId: 'series', dataItems: [], writePolicy: 'MERGE' },
            },
          }),
        400,
        'WDE0051',
      ],
      [() => submit('{"job":'), 400, 'WDE0004'],
      [() => submit({ job: { type: 'TRUNCATE' } }, { ...owner, 'content-type': 'text/plain' }), 415, 'WDE9415'],
      [() => upload({ dataCollectionId: 'subscribers' }, 'email\na@example.com\n', 'text/plain'), 415, 'WDE9415'],
      [
        () =>
          upload({ dataCollectionId: 'subscribers' }, 'email\na@example.com\n', 'application/x-www-form-urlencoded'),
        415,
        'WDE9415',
      ],
      [() => upload({}, 'email\na@example.com\n'), 400, 'WDE0001'],
      [() => upload({ dataCollectionId: 'members' }, 'email\na@example.com\n'), 404, 'WDE0025'],
      [() => upload({ dataCollectionId: 'subscribers', writePolicy: 'nope' }, 'email\n'), 400, 'WDE0051'],
      [() => upload({ dataCollectionId: 'subscribers', fileName: '../../etc/passwd' }, 'email\n'), 400, 'WDE0046'],
      [() => upload({ dataCollectionId: 'subscribers' }, '  \n'), 400, 'WDE0005'],
      [() => upload({ dataCollectionId: 'subscribers' }, 'x'.repeat(16 * 1024 * 1024 + 1)), 413, 'WDE0109'],
    ];
    for (const [call, status, wde] of cases) await expectError(await call(), status, wde);
    expect(await recordsClient(...DATA_JOB_COLLECTIONS).count('data-jobs', {}, OWNER)).toBe(before);
  });
});

describe('a job whose worker stopped midway', () => {
  it('is taken up by another worker on the same database and finishes without a duplicate', async () => {
    // The first worker writes two batches, and the third, then stops dead before it records it (as a killed process
    // would): the batch is written, the record says it may be half written.
    const dead = gate();
    let inserts = 0;
    const data = dataClient();
    const dying = await startWorker({
      data: () => ({
        ...data,
        bulkInsert: async (...args: Parameters<typeof data.bulkInsert>) => {
          const written = await data.bulkInsert(...args);
          if (++inserts === 3) await dead.opened;
          return written;
        },
      }),
    });
    // No _id in the file: each row's comes from the job and the row, the same in every run.
    const asked = await jobOf(
      await upload({ dataCollectionId: 'subscribers', writePolicy: 'INSERT' }, subscribersCsv(550)),
      202,
    );
    await expect.poll(() => inserts, { timeout: 20_000 }).toBe(3);
    expect(await count()).toBe(300);
    expect(await job(asked.id)).toMatchObject({ status: 'RUNNING', itemsSucceeded: 200 });
    await dying.stop();

    // The instance comes back (a new queue handle and worker on the same database): its start asks for the job again.
    await startWorker();
    const done = await settled(asked.id);
    expect(done).toMatchObject({ status: 'COMPLETED', itemsSucceeded: 550, progress: { current: 550, total: 550 } });
    expect(await count()).toBe(550);
    const { items } = await dataClient().query('subscribers', { limit: 1000 }, OWNER);
    expect(new Set(items.map((item) => item.email)).size).toBe(550);
    const record = await recordsClient().get('data-jobs', asked.id, OWNER);
    expect(record?.generation).toBe(2);
    // Its runs' claims and its file went with it.
    expect(await recordsClient().count('data-job-claims', { filter: { jobId: asked.id } }, OWNER)).toBe(0);
    expect(await recordsClient().count('data-job-files', { filter: { jobId: asked.id } }, OWNER)).toBe(0);

    // The stopped run, let go, finds the job taken over and writes nothing more.
    dead.open();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await count()).toBe(550);
    expect(await job(asked.id)).toMatchObject({ status: 'COMPLETED', itemsSucceeded: 550 });
  });
});
