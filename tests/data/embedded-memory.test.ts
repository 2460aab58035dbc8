import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

// What keeps the embedded database small in the server's memory (issue 33; the figures are the bench's "RSS at 1,000
// posts", docs/benchmarks.md): Postgres' shared buffers at 32 MB, not its default 128 MB that PGlite touches in full,
// and a new folder's database made (initdb, ~750 MiB at its peak) in a child process whose memory goes with it.

// The real initializeFolder, not the copy of a made folder the other tests get (tests/setup.ts).
vi.unmock('@/lib/data/embedded-folder');

const spawned = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:child_process', async (original) => {
  const actual = await original<typeof import('node:child_process')>();
  return {
    ...actual,
    execFile: ((...args: Parameters<typeof actual.execFile>) => {
      spawned.count++;
      return actual.execFile(...args);
    }) as typeof actual.execFile,
  };
});

const { createEmbeddedBackend } = await import('@/lib/data/embedded');

const folder = mkdtempSync(path.join(tmpdir(), 'embedded-memory-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the embedded database', () => {
  it('makes a new folder’s database in a child process, then runs with 32 MB of shared buffers', async () => {
    const backend = createEmbeddedBackend(path.join(folder, 'data'));
    const { rows } = await backend.sql!.query<{ shared_buffers: string }>('SHOW shared_buffers');
    expect(rows[0]!.shared_buffers).toBe('32MB');
    expect(spawned.count).toBe(1);
    expect(existsSync(path.join(folder, 'data', 'PG_VERSION'))).toBe(true);
    await backend.close();
  }, 60_000);

  it('opens a folder that has its database without a child process, with the same settings', async () => {
    const before = spawned.count;
    const backend = createEmbeddedBackend(path.join(folder, 'data'));
    const { rows } = await backend.sql!.query<{ shared_buffers: string }>('SHOW shared_buffers');
    expect(rows[0]!.shared_buffers).toBe('32MB');
    expect(spawned.count).toBe(before);
    await backend.close();
  }, 60_000);
});
