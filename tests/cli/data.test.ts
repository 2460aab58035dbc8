import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataBackend } from '@/lib/data/backend';
import { defineCollection, OWNER_ONLY, subscribers } from '@/lib/data/collections';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { DataFolderBusyError } from '@/lib/data/folder-lock';
import { type CliIo, main } from '@/scripts/blog/cli';
import { readImportFile, RowError } from '@/scripts/blog/data-import';

// `npm run blog -- data ...` on a real embedded database: each test its own DATA_DIR, removed afterwards. The env
// holds no signing key and a broken SITE_URL: the data command needs neither.

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'cli-data-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const noWebhook: typeof fetch = () => Promise.reject(new Error('the data command sends no webhook'));

async function blog(argv: string[], io: Partial<CliIo> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['data', ...argv], {
    env: { DATA_DIR: path.join(dir, 'db'), SITE_URL: 'not a url', WIX_WEBHOOK_PRIVATE_KEY: 'not a key' },
    fetch: noWebhook,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    ...io,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const file = (name: string, text: string) => {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
};

const subscriber = (i: number) => ({
  _id: `s-${i}`,
  email: `reader${i}@example.com`,
  status: i % 3 === 0 ? 'pending' : 'confirmed',
  confirmedDate: '2025-03-01T10:00:00Z',
});
const subscribersCsv = (n: number, row = (i: number) => Object.values(subscriber(i)).join(',')) =>
  ['_id,email,status,confirmedDate', ...Array.from({ length: n }, (_, i) => row(i))].join('\n') + '\n';

const count = async (filter?: object) =>
  Number((await blog(['count', 'subscribers', ...(filter ? ['--filter', JSON.stringify(filter)] : [])])).out);

describe('blog data', { timeout: 60_000 }, () => {
  it('inserts, gets, queries (JSON lines and CSV), counts and removes, as the owner', async () => {
    // One after another: each command opens the database, and one folder takes one opener at a time.
    const inserted: Record<string, string>[] = [];
    for (const [i, name] of ['b', 'a', 'c'].entries()) {
      const item = { email: `${name}@example.com`, status: i === 2 ? 'pending' : 'confirmed' };
      const { code, out } = await blog(['insert', 'subscribers', JSON.stringify(item)]);
      expect(code).toBe(0);
      inserted.push(JSON.parse(out) as Record<string, string>);
    }
    expect(inserted[0]).toMatchObject({
      email: 'b@example.com',
      _id: expect.any(String),
      _createdDate: expect.any(String),
    });

    const got = await blog(['get', 'subscribers', inserted[0]!._id!]);
    expect(got.code).toBe(0);
    expect(JSON.parse(got.out)).toEqual(inserted[0]);

    const query = await blog(['query', 'subscribers', '--filter', '{"status":"confirmed"}', '--sort', '-email']);
    expect(query.code).toBe(0);
    expect(query.out.split('\n').map((line) => (JSON.parse(line) as { email: string }).email)).toEqual([
      'b@example.com',
      'a@example.com',
    ]);
    expect(query.err).toBe('2 of 2 items');

    const page = await blog(['query', 'subscribers', '--sort', 'email', '--limit', '1', '--skip', '1', '--csv']);
    expect(page.out.split('\n')).toEqual([
      '_id,email,status,week,confirmationSentDate,confirmedDate,unsubscribedDate,bouncedDate,language,_owner,_createdDate,_updatedDate',
      `${inserted[0]!._id},b@example.com,confirmed,,,,,,,,${inserted[0]!._createdDate},${inserted[0]!._updatedDate}`,
    ]);
    expect(page.err).toBe('1 of 3 items (skipped 1)');

    expect(await count()).toBe(3);
    expect(await count({ status: 'pending' })).toBe(1);

    const removed = await blog(['remove', 'subscribers', inserted[2]!._id!]);
    expect(JSON.parse(removed.out)).toEqual(inserted[2]);
    const gone = await blog(['get', 'subscribers', inserted[2]!._id!]);
    expect(gone).toMatchObject({
      code: 2,
      out: '',
      err: `blog: WDE0073 no item with _id "${inserted[2]!._id}" in "subscribers"`,
    });
  });

  it('imports 2,500 JSON items 1000 at a time; again refused (an _id stored), then saved with --save', async () => {
    const items = Array.from({ length: 2500 }, (_, i) => subscriber(i));
    const json = file('subscribers.json', JSON.stringify(items));
    const first = await blog(['import', 'subscribers', json]);
    expect(first).toMatchObject({ code: 0, out: `imported 2500 items into subscribers from ${json} (3 requests)` });
    expect(first.err.split('\n')).toEqual([
      'subscribers: request 1/3, 1000/2500 items written',
      'subscribers: request 2/3, 2000/2500 items written',
      'subscribers: request 3/3, 2500/2500 items written',
    ]);
    expect(await count()).toBe(2500);
    expect(await count({ status: 'pending' })).toBe(834);

    const again = await blog(['import', 'subscribers', json]);
    expect(again.code).toBe(2);
    expect(again.err).toBe(
      'blog: WDE0074 an item with _id "s-0" already exists\n' +
        `stopped at the items of ${json}: item 1 to ${json}: item 1000: 0 of 2500 were written before them, none after`,
    );

    const lines = file(
      'more.jsonl',
      items
        .slice(2000)
        .map((item) => JSON.stringify(item))
        .join('\n') + '\n',
    );
    const extra = Array.from({ length: 100 }, (_, i) => JSON.stringify(subscriber(2500 + i))).join('\n');
    writeFileSync(lines, extra, { flag: 'a' });
    const saved = await blog(['import', 'subscribers', lines, '--save']);
    expect(saved).toMatchObject({
      code: 0,
      out: `saved 600 items into subscribers from ${lines} (1 request): 100 new, 500 replaced`,
    });
    expect(await count()).toBe(2600);
  });

  it('imports 2,500 CSV rows typed by their fields, lists as ";" or JSON', async () => {
    const csv = file(
      'series.csv',
      ['_id,title,slug,posts', '"r-0","Quoted, with a comma",first,"[""p-1"",""p-2""]"']
        .concat(Array.from({ length: 2499 }, (_, i) => `r-${i + 1},Series ${i + 1},s-${i + 1},p-${i};p-${i + 1}`))
        .join('\r\n'),
    );
    const { code, out, err } = await blog(['import', 'series', csv]);
    expect(code).toBe(0);
    expect(out).toBe(`imported 2500 items into series from ${csv} (3 requests)`);
    expect(err.split('\n')).toHaveLength(3);
    expect(JSON.parse((await blog(['get', 'series', 'r-0'])).out)).toMatchObject({
      title: 'Quoted, with a comma',
      posts: ['p-1', 'p-2'],
    });
    expect(JSON.parse((await blog(['get', 'series', 'r-7'])).out)).toMatchObject({
      slug: 's-7',
      posts: ['p-6', 'p-7'],
    });
    expect((await blog(['count', 'series', '--filter', '{"posts":{"$hasSome":["p-9"]}}'])).out).toBe('2');

    const dated = file('subscribers.csv', subscribersCsv(3));
    expect((await blog(['import', 'subscribers', dated])).code).toBe(0);
    expect(JSON.parse((await blog(['get', 'subscribers', 's-1'])).out)).toMatchObject({
      confirmedDate: '2025-03-01T10:00:00.000Z',
    });
  });

  it('stops at a bad CSV row, naming its file and line, before writing anything', async () => {
    const bad = file(
      'bad.csv',
      subscribersCsv(2500, (i) =>
        Object.values({ ...subscriber(i), ...(i === 1500 && { confirmedDate: 'soon' }) }).join(','),
      ),
    );
    const { code, out, err } = await blog(['import', 'subscribers', bad]);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toBe(
      `blog: ${bad}:1502: column "confirmedDate": "soon" is not a date (ISO 8601: 2025-01-31T12:00:00Z)`,
    );
    expect(await count()).toBe(0);

    const unknown = file('unknown.csv', 'email,colour\na@example.com,red\n');
    expect((await blog(['import', 'subscribers', unknown])).err).toMatch(
      new RegExp(`^blog: ${unknown}:1: WDE0045 column "colour" is not a field of "subscribers"`),
    );
    const ragged = file('ragged.csv', 'email,status\na@example.com,confirmed\nb@example.com\n');
    expect((await blog(['import', 'subscribers', ragged])).err).toMatch(
      new RegExp(`^blog: ${ragged}:3: Invalid Record Length`),
    );
    const lines = file('bad.jsonl', '{"email":"a@example.com"}\n\n{"email":"b@example.com","nick":"b"}\n');
    expect(await blog(['import', 'subscribers', lines])).toMatchObject({
      code: 2,
      err: `blog: ${lines}:3: WDE0045 "nick" is not a field of "subscribers"`,
    });
    expect(await count()).toBe(0);
  });

  it('stops at the request the service refuses; the requests before it stay written', async () => {
    await blog(['insert', 'subscribers', JSON.stringify(subscriber(1200))]);
    const csv = file('dup.csv', subscribersCsv(2500));
    const { code, err } = await blog(['import', 'subscribers', csv]);
    expect(code).toBe(2);
    expect(err.split('\n').slice(-2)).toEqual([
      'blog: WDE0074 an item with _id "s-1200" already exists',
      `stopped at the items of ${csv}:1002 to ${csv}:2001: 1000 of 2500 were written before them, none after`,
    ]);
    expect(await count()).toBe(1001);
  });

  it('answers a refused argument with its WDE code (exit 2), an unknown collection with WDE0025', async () => {
    expect(await blog(['insert', 'subscribers', '{"email":"a@example.com","age":3}'])).toEqual({
      code: 2,
      out: '',
      err: 'blog: WDE0045 "age" is not a field of "subscribers"',
    });
    expect((await blog(['query', 'subscribers', '--filter', '{"email":{"$regex":"a"}}'])).err).toMatch(
      /^blog: WDE0070 /,
    );
    expect((await blog(['query', 'subscribers', '--sort', 'nope'])).err).toBe('blog: WDE0051 "nope" is not sortable');
    expect(await blog(['count', 'members'])).toEqual({
      code: 2,
      out: '',
      err: 'blog: WDE0025 collection "members" does not exist',
    });
    expect((await blog(['import', 'members', file('m.json', '[]')])).err).toBe(
      'blog: WDE0025 collection "members" does not exist',
    );
    expect(await blog(['insert', 'subscribers', '{email}'])).toMatchObject({
      code: 2,
      err: /^blog: the item is not JSON/,
    });
  });

  it('shows its usage for help (exit 0) and for a wrong command or option (exit 2)', async () => {
    const help = await blog(['help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Data collections/);
    for (const argv of [
      [],
      ['frob'],
      ['query', 'subscribers', '--save'],
      ['get', 'subscribers'],
      ['query', 'subscribers', '--limit', '0'],
    ]) {
      const { code, err } = await blog(argv);
      expect(code).toBe(2);
      expect(err).toMatch(/^blog: .*\nData collections/);
    }
  });

  it('names the process holding the database, and closes what it opened whatever happened', async () => {
    // The site's database opens on its first call (here, making a collection's table).
    const site = createEmbeddedBackend(path.join(dir, 'db'));
    await site.prepare(subscribers);
    const refused = await blog(['count', 'subscribers']);
    await site.close();
    expect(refused).toEqual({
      code: 1,
      out: '',
      err:
        `blog: the database in ${path.join(dir, 'db')} is already open in this process\nThe database in ` +
        `${path.join(dir, 'db')} is in use: stop the site first, or use the JSON API at /api/data ` +
        'as the owner.',
    });
    expect(await count()).toBe(0);

    const held = new DataFolderBusyError(path.join(dir, 'db'), 4242);
    let closed = 0;
    const tracked = (lockedOnFirstUse: boolean) => (dataDir: string) => {
      const backend = createEmbeddedBackend(dataDir);
      return {
        ...backend,
        prepare: lockedOnFirstUse ? () => Promise.reject(held) : backend.prepare,
        close: () => (closed++, backend.close()),
      } satisfies DataBackend;
    };
    const lockedLater = await blog(['count', 'subscribers'], { openBackend: tracked(true) });
    expect(lockedLater).toMatchObject({ code: 1, err: expect.stringContaining('open in process 4242') });
    expect((await blog(['count', 'nope'], { openBackend: tracked(false) })).code).toBe(2);
    expect((await blog(['insert', 'subscribers', '{}'], { openBackend: tracked(false) })).code).toBe(0);
    expect(closed).toBe(3);
  });

  it('draws a progress bar on a terminal instead of a line per request', async () => {
    const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
    let drawn = '';
    stream.on('data', (chunk: Buffer) => (drawn += chunk.toString()));
    const json = file('s.json', JSON.stringify(Array.from({ length: 1500 }, (_, i) => subscriber(i))));
    const { code, err } = await blog(['import', 'subscribers', json], { errStream: stream });
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(drawn).toContain('1500/1500 items, 100%');
  });
});

describe('import files', () => {
  const things = defineCollection({
    id: 'things',
    fields: {
      n: { type: 'number' },
      ok: { type: 'boolean' },
      at: { type: 'datetime' },
      words: { type: 'array' },
      meta: { type: 'object' },
      name: { type: 'text' },
    },
    permissions: OWNER_ONLY,
  });

  it('types CSV cells by their field; an empty cell leaves the field out', () => {
    const csv = file(
      't.csv',
      '\uFEFFn,ok,at,words,meta,name,_createdDate\n-1.5e2,yes,2025-01-02,a; b,"{""x"":1}",007,2020-01-01\n,,,,,,\n',
    );
    expect(readImportFile(csv, things)).toEqual([
      {
        where: `${csv}:2`,
        item: { n: -150, ok: true, at: '2025-01-02', words: ['a', 'b'], meta: { x: 1 }, name: '007' },
      },
      { where: `${csv}:3`, item: {} },
    ]);
  });

  it.each([
    ['n\n12abc\n', 'column "n": "12abc" is not a number'],
    ['ok\nmaybe\n', 'column "ok": "maybe" is not a boolean (true or false)'],
    ['meta\n[1]\n', 'column "meta": takes a JSON object'],
    ['words\n[oops\n', 'column "words": the list is not JSON'],
    ['n\n1e400\n', 'holds Infinity: numbers must be finite'],
  ])('refuses %j', (text, message) => {
    const at = file('bad.csv', text);
    expect(() => readImportFile(at, things)).toThrow(RowError);
    expect(() => readImportFile(at, things)).toThrow(message);
  });
});
