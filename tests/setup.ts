import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, inject, vi } from 'vitest';

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
