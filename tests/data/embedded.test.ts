import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDataClient } from '@/lib/data/client';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { DataFolderBusyError } from '@/lib/data/folder-lock';
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

describe('one database per folder', () => {
  const locked = mkdtempSync(path.join(tmpdir(), 'data-lock-'));
  afterAll(() => rmSync(locked, { recursive: true, force: true }));
  const lockFile = path.join(locked, '.lock');

  it('refuses a second open of a folder until the first is closed', async () => {
    const first = createEmbeddedBackend(locked);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    expect(() => createEmbeddedBackend(locked)).toThrow(DataFolderBusyError);
    await first.close();
    const again = createEmbeddedBackend(locked);
    await again.close();
  }, 60_000);

  it('names another live process that holds the folder, and takes over the lock of one that is gone', async () => {
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(lockFile, String(holder.pid));
      let busy: unknown;
      try {
        createEmbeddedBackend(locked);
      } catch (error) {
        busy = error;
      }
      // The data service's error for a response (no folder, no pid), and the holder for the operator.
      expect(busy).toMatchObject({ status: 503, wde: 'WDE0053', message: expect.not.stringContaining(locked) });
      expect((busy as DataFolderBusyError).holder).toBe(`the database in ${locked} is open in process ${holder.pid}`);
    } finally {
      holder.kill();
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    // The holder is gone without releasing its lock (as a killed process would be).
    const backend = createEmbeddedBackend(locked);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    await backend.close();
  }, 60_000);
});
