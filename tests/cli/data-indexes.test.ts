import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type CliIo, main } from '@/scripts/blog/cli';
import { parseDataCommand } from '@/scripts/blog/data-args';

// `npm run blog -- data indexes create|list|drop` on a real embedded database (one DATA_DIR for the file, each
// command opening and closing it as the CLI does): the statuses as they end (BUILDING → ACTIVE or FAILED, DROPPING →
// DROPPED) on stderr and the index as JSON on stdout, a unique index failing over repeated values (exit 2, Wix's
// WDE0113 and the item) and then refusing a duplicate insert (WDE0123), and its usage errors.

vi.setConfig({ testTimeout: 60_000 });

const dir = mkdtempSync(path.join(tmpdir(), 'cli-indexes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function blog(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    env: { DATA_DIR: path.join(dir, 'db'), SITE_URL: 'not a url' },
    fetch: () => Promise.reject(new Error('the data command sends nothing')),
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  };
  const code = await main(['data', ...argv], io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const subscriber = (id: string, email: string) => JSON.stringify({ _id: id, email, status: 'confirmed' });

describe('blog data indexes', () => {
  it('fails a unique index over repeated values, drops it, makes it again, and a duplicate is refused', async () => {
    for (const [id, email] of [
      ['s1', 'ann@example.com'],
      ['s2', 'ann@example.com'],
      ['s3', 'bob@example.com'],
    ]) {
      expect((await blog('insert', 'subscribers', subscriber(id!, email!))).code).toBe(0);
    }

    const failed = await blog('indexes', 'create', 'subscribers', 'uniqueEmail', 'email', '--unique');
    expect(failed.code).toBe(2);
    expect(failed.err.split('\n')).toEqual([
      'index uniqueEmail of subscribers: BUILDING',
      'index uniqueEmail of subscribers: FAILED',
      expect.stringMatching(/^blog: WDE0113 Duplicate key error while building collection index.* \(item s[12]\)$/),
    ]);
    expect(JSON.parse(failed.out)).toMatchObject({
      name: 'uniqueEmail',
      fields: [{ path: 'email', order: 'ASC' }],
      status: 'FAILED',
      unique: true,
      failure: { code: 'WDE0113' },
    });

    const listed = await blog('indexes', 'list', 'subscribers');
    expect(listed.code).toBe(0);
    expect(listed.out.split('\n').map((line) => JSON.parse(line).status)).toEqual(['FAILED']);
    expect(listed.err).toBe('1 index of subscribers');

    const dropped = await blog('indexes', 'drop', 'subscribers', 'uniqueEmail');
    expect(dropped).toMatchObject({
      code: 0,
      err: 'index uniqueEmail of subscribers: DROPPING\nindex uniqueEmail of subscribers: DROPPED',
    });
    expect(JSON.parse(dropped.out).status).toBe('DROPPED');

    expect((await blog('remove', 'subscribers', 's2')).code).toBe(0);
    const made = await blog(
      'indexes',
      'create',
      'subscribers',
      'uniqueEmail',
      'email',
      '--unique',
      '--case-insensitive',
    );
    expect(made).toMatchObject({
      code: 0,
      err: 'index uniqueEmail of subscribers: BUILDING\nindex uniqueEmail of subscribers: ACTIVE',
    });
    expect(JSON.parse(made.out)).toMatchObject({ status: 'ACTIVE', unique: true, caseInsensitive: true });

    const duplicate = await blog('insert', 'subscribers', subscriber('s4', 'ANN@example.com'));
    expect(duplicate.code).toBe(2);
    expect(duplicate.err).toBe(
      'blog: WDE0123 the unique index "uniqueEmail" of "subscribers" already holds this value of email',
    );
    expect((await blog('count', 'subscribers')).out).toBe('2');
  });

  it('makes an index of several fields, a descending one first (-field)', async () => {
    const made = await blog('indexes', 'create', 'subscribers', 'byWeek', '-week,status');
    expect(made.code).toBe(0);
    expect(JSON.parse(made.out)).toMatchObject({
      status: 'ACTIVE',
      fields: [
        { path: 'week', order: 'DESC' },
        { path: 'status', order: 'ASC' },
      ],
      unique: false,
    });
    const names = (await blog('indexes', 'list', 'subscribers')).out.split('\n').map((line) => JSON.parse(line).name);
    expect(names).toEqual(['uniqueEmail', 'byWeek']);
  });

  it('answers bad input with the usage or the service’s code (exit 2), and an unknown index 404 (exit 2)', async () => {
    const unknownField = await blog('indexes', 'create', 'subscribers', 'x', 'nope');
    expect(unknownField.code).toBe(2);
    expect(unknownField.err).toMatch(/^blog: WDE0045 index: "nope" is not a field of "subscribers"/);
    expect((await blog('indexes', 'create', 'subscribers', 'byWeek', 'week')).err).toMatch(/^blog: WDE9409 /);
    expect((await blog('indexes', 'create', 'nowhere', 'x', 'week')).err).toMatch(/^blog: WDE0025 /);
    const missing = await blog('indexes', 'drop', 'subscribers', 'never');
    expect(missing).toMatchObject({
      code: 2,
      err: 'blog: WDE9404 collection "subscribers" has no index named "never"',
    });

    for (const argv of [
      ['indexes'],
      ['indexes', 'rebuild', 'subscribers'],
      ['indexes', 'list'],
      ['indexes', 'create', 'subscribers', 'x'],
      ['indexes', 'list', 'subscribers', '--unique'],
      ['indexes', 'drop', 'subscribers', 'x', 'y'],
    ]) {
      const { code, err } = await blog(...argv);
      expect(code, argv.join(' ')).toBe(2);
      expect(err, argv.join(' ')).toMatch(/^blog: .*\nData collections/);
    }
    expect(parseDataCommand(['indexes', 'create', 'c', 'n', 'a,-b', '--unique'])).toEqual({
      action: 'indexes',
      op: 'create',
      collection: 'c',
      name: 'n',
      fields: [
        { path: 'a', order: 'ASC' },
        { path: 'b', order: 'DESC' },
      ],
      unique: true,
      caseInsensitive: false,
    });
    expect((await blog('help')).out).toMatch(/data indexes create <collection> <name> <field,-field...>/);
  });
});
