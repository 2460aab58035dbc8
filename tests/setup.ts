import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, inject, vi } from 'vitest';
import { closeSingletons } from './helpers/singletons';

// Test files share their worker process (vitest.config.ts, `isolate: false`), and so the packages in node_modules,
// loaded once per worker. Everything else starts again with each file, as in a process of its own: the project's
// modules are evaluated anew (vi.resetModules, before the file's imports), and after the file its process singletons
// let go (data clients closed), the environment is the one it found, and timers, globals and stubbed variables are
// the real ones again.
vi.resetModules();
const fileEnv = { ...process.env };
afterAll(async () => {
  await closeSingletons();
  for (const variable of Object.keys(process.env)) if (!(variable in fileEnv)) delete process.env[variable];
  Object.assign(process.env, fileEnv);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

// 'use cache' functions call next/cache; outside a Next server those calls are no-ops.
vi.mock('next/cache', () => ({
  cacheLife: () => {},
  cacheTag: () => {},
  revalidateTag: vi.fn(),
  updateTag: vi.fn(),
}));

// A new embedded database's folder is a copy of the one tests/global-setup.ts made with the real initializeFolder, not
// initdb again (seconds of CPU per folder). Servers the tests start in child processes make theirs as the site does.
vi.mock('@/lib/data/embedded-folder', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/data/embedded-folder')>()),
  initializeFolder: async (dataDir: string) => {
    if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
    cpSync(inject('embeddedFolderTemplate'), dataDir, { recursive: true });
  },
}));

// The unit tests call route handlers with Requests, not through a server: nothing stamps the connection's address
// (lib/core/http/peer.ts), so they model a site behind one proxy and name their clients with X-Forwarded-For. The
// default (0: the connection's address) is tested by tests/core/security/client-ip.test.ts and against a server by the
// browser tests.
process.env.TRUST_PROXY_HOPS ??= '1';

// lib/core/config reads the environment once; tests that stub variables (vi.stubEnv) see them from the next test on,
// and a test that changes one midway calls resetConfig() itself.
beforeEach(async () => {
  (await import('@/lib/core/config')).resetConfig();
});
