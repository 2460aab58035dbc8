import { beforeEach, vi } from 'vitest';

// 'use cache' functions call next/cache; outside a Next server those calls are no-ops.
vi.mock('next/cache', () => ({
  cacheLife: () => {},
  cacheTag: () => {},
  revalidateTag: vi.fn(),
  updateTag: vi.fn(),
}));

// The unit tests call route handlers with Requests, not through a server: nothing stamps the connection's address
// (lib/core/http/peer.ts), so they model a site behind one proxy and name their clients with X-Forwarded-For. The
// default (0: the connection's address) is tested by tests/auth/client-ip.test.ts and against a server by the browser
// tests.
process.env.TRUST_PROXY_HOPS ??= '1';

// lib/core/config reads the environment once; tests that stub variables (vi.stubEnv) see them from the next test on,
// and a test that changes one midway calls resetConfig() itself.
beforeEach(async () => {
  (await import('@/lib/core/config')).resetConfig();
});
