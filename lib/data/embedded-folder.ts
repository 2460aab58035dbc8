import { PGlite } from '@electric-sql/pglite';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

// A new embedded database's folder (embedded.ts opens it). Its own module so the unit tests make one folder with it
// and copy that for every test's new database (tests/setup.ts): initdb costs seconds of CPU each time.

/**
 * Postgres' settings for a blog's data (issue 33, measured in docs/benchmarks.md, "Memory"). PGlite keeps Postgres'
 * default 128 MB of shared buffers inside its WebAssembly memory, and Postgres touches all of it at start. At 32 MB
 * the server holds ~100 MiB less, and the data bench's indexed query over 100,000 items takes the same 7.5 ms
 * (at 16 MB: 23 ms, the table no longer fits).
 */
export const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * A new folder's database is made (initdb) in a child process. Made in the server, it left ~500 MiB of WebAssembly
 * memory resident that the server never gave back: initdb alone takes ~750 MiB, opening a made folder ~130 MiB.
 */
export async function initializeFolder(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const script = `const { PGlite } = await import('@electric-sql/pglite');
const db = new PGlite(process.argv[1], { startParams: JSON.parse(process.argv[2]) });
await db.waitReady;
await db.close();`;
  await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', script, path.resolve(dataDir), JSON.stringify(START_PARAMS)],
    { cwd: process.cwd(), timeout: 120_000 },
  );
}
