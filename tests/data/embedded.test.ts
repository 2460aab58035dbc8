import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDataClient } from '@/lib/data/client';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { DataFolderBusyError, processStartOf } from '@/lib/data/folder-lock';
import { OWNER, VISITOR } from '@/lib/data/permissions';
import { dataContract, secrets } from './contract';

// The embedded backend (PGlite) keeps the contract in memory, and keeps its items in its folder across a restart.

dataContract('embedded', () => createEmbeddedBackend());

const folder = mkdtempSync(path.join(tmpdir(), 'data-embedded-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('keeps what it stored across a restart (a closed and reopened folder)', async () => {
  const first = createDataClient({ backend: createEmbeddedBackend(folder), collections: [secrets] });
  const item = await first.insert('secrets', { email: 'kept@example.com' }, VISITOR);
  await first.close();
  const again = createDataClient({ backend: createEmbeddedBackend(folder), collections: [secrets] });
  expect(await again.get('secrets', item._id, OWNER)).toEqual(item);
  await again.close();
}, 60_000);

it('gives items written within one millisecond distinct, ordered creation dates (replies list oldest first)', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T12:00:00.000Z'));
  const client = createDataClient({ backend: createEmbeddedBackend(), collections: [secrets] });
  try {
    const written = [];
    for (let i = 0; i < 5; i++) written.push(await client.insert('secrets', { email: `r${i}@example.com` }, VISITOR));
    expect(new Set(written.map((item) => item._createdDate)).size).toBe(5);
    const { items } = await client.query(
      'secrets',
      { sort: [{ fieldName: '_createdDate', order: 'ASC' }], limit: 10 },
      OWNER,
    );
    expect(items.map((item) => item._id)).toEqual(written.map((item) => item._id));
  } finally {
    vi.useRealTimers();
    await client.close();
  }
}, 60_000);

describe('one database per folder', () => {
  const locked = mkdtempSync(path.join(tmpdir(), 'data-lock-'));
  afterAll(() => rmSync(locked, { recursive: true, force: true }));
  const lockFile = path.join(locked, '.lock');
  const heldBy = () => JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number; started?: string };
  const quiet = { log: () => {} };
  const probe = (backend: ReturnType<typeof createEmbeddedBackend>) =>
    createDataClient({ backend, collections: [secrets] }).count('secrets', {}, OWNER);

  /** A process that runs until killed, and its end. */
  const holder = () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const ended = new Promise((resolve) => child.once('exit', resolve));
    return { pid: child.pid!, stop: () => (child.kill(), ended), ended };
  };

  it('refuses a second open of a folder until the first is closed', async () => {
    const first = createEmbeddedBackend(locked, quiet);
    expect(await probe(first)).toBe(0);
    expect(heldBy()).toEqual({ pid: process.pid, started: processStartOf(process.pid) });
    const second = createEmbeddedBackend(locked, { ...quiet, waitMs: 200 });
    await expect(probe(second)).rejects.toBeInstanceOf(DataFolderBusyError);
    await first.close();
    // The same backend opens on its next call once the folder is free: nothing to make again.
    expect(await probe(second)).toBe(0);
    await second.close();
  }, 60_000);

  it('names another live process that holds the folder, and takes over the lock of one that is gone', async () => {
    const live = holder();
    try {
      writeFileSync(lockFile, JSON.stringify({ pid: live.pid, started: processStartOf(live.pid) }));
      const busy = await probe(createEmbeddedBackend(locked, { ...quiet, waitMs: 0 })).catch((error: unknown) => error);
      // The data service's error for a response (no folder, no pid), and the holder for the operator.
      expect(busy).toMatchObject({ status: 503, wde: 'WDE0053', message: expect.not.stringContaining(locked) });
      expect((busy as DataFolderBusyError).holder).toBe(`the database in ${locked} is open in process ${live.pid}`);
    } finally {
      await live.stop();
    }
    // The holder is gone without releasing its lock (as a killed process would be).
    const backend = createEmbeddedBackend(locked, quiet);
    expect(await probe(backend)).toBe(0);
    expect(heldBy().pid).toBe(process.pid);
    await backend.close();
  }, 60_000);

  it('takes over a lock whose pid now belongs to an unrelated process (pids are reused)', async () => {
    const unrelated = holder();
    try {
      // The lock's holder had this pid, but started at another time: the process running now is someone else.
      writeFileSync(lockFile, JSON.stringify({ pid: unrelated.pid, started: `${processStartOf(unrelated.pid)}0` }));
      const backend = createEmbeddedBackend(locked, { ...quiet, waitMs: 0 });
      expect(await probe(backend)).toBe(0);
      expect(heldBy().pid).toBe(process.pid);
      await backend.close();
    } finally {
      await unrelated.stop();
    }
  }, 60_000);

  it('waits for a holder that is still ending (a build worker) and opens once it has', async () => {
    const ending = holder();
    writeFileSync(lockFile, JSON.stringify({ pid: ending.pid, started: processStartOf(ending.pid) }));
    setTimeout(() => void ending.stop(), 200);
    const backend = createEmbeddedBackend(locked, { ...quiet, waitMs: 10_000 });
    expect(await probe(backend)).toBe(0);
    expect(heldBy().pid).toBe(process.pid);
    await backend.close();
  }, 60_000);

  it('answers 503 while the folder is held past the wait, says why once, and opens in the background once freed', async () => {
    const live = holder();
    writeFileSync(lockFile, JSON.stringify({ pid: live.pid, started: processStartOf(live.pid) }));
    const lines: Record<string, unknown>[] = [];
    const backend = createEmbeddedBackend(locked, { waitMs: 0, retryMs: 50, log: (line) => lines.push(line) });
    for (let call = 0; call < 3; call += 1) {
      await expect(probe(backend)).rejects.toMatchObject({ status: 503, wde: 'WDE0053' });
    }
    expect(lines).toEqual([
      {
        msg: 'data service: database unavailable',
        reason: `the database in ${locked} is open in process ${live.pid}`,
        retrying: true,
      },
    ]);
    await live.stop();
    // No call is needed: the retry opens it, and says so.
    await expect.poll(() => lines.length, { timeout: 10_000 }).toBe(2);
    expect(lines[1]).toEqual({ msg: 'data service: database open', folder: locked });
    expect(await probe(backend)).toBe(0);
    await backend.close();
  }, 60_000);

  it('an idle close releases the folder, and the next call opens it again', async () => {
    const backend = createEmbeddedBackend(locked, { ...quiet, idleCloseMs: 50 });
    expect(await probe(backend)).toBe(0);
    expect(heldBy().pid).toBe(process.pid);
    await expect.poll(() => existsSync(lockFile), { timeout: 10_000 }).toBe(false);
    expect(await probe(backend)).toBe(0);
    await backend.close();
    expect(existsSync(lockFile)).toBe(false);
  }, 60_000);
});

describe('a process ended by a signal (the build’s prerender worker)', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'data-signal-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('releases the folder on SIGINT when asked to, and still ends by the signal', async () => {
    const script =
      "import { lockFolder } from './lib/data/folder-lock.ts';" +
      `lockFolder(${JSON.stringify(folder)}, { releaseOnSignal: true });` +
      "console.log('locked'); setInterval(() => {}, 1000);";
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((resolve) => child.stdout!.once('data', resolve));
    expect(JSON.parse(readFileSync(path.join(folder, '.lock'), 'utf8')).pid).toBe(child.pid);
    const ended = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_, signal) => resolve(signal)));
    child.kill('SIGINT');
    expect(await ended).toBe('SIGINT');
    expect(existsSync(path.join(folder, '.lock'))).toBe(false);
  }, 60_000);
});
