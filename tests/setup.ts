import { beforeEach, vi } from 'vitest';

// 'use cache' functions call next/cache; outside a Next server those calls are no-ops.
vi.mock('next/cache', () => ({
  cacheLife: () => {},
  cacheTag: () => {},
  revalidateTag: vi.fn(),
  updateTag: vi.fn(),
}));

// lib/config.ts reads the environment once; tests that stub variables (vi.stubEnv) see them from the next test on,
// and a test that changes one midway calls resetConfig() itself.
beforeEach(async () => {
  (await import('@/lib/config')).resetConfig();
});
