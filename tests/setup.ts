import { vi } from 'vitest';

// 'use cache' functions call next/cache; outside a Next server those calls are no-ops.
vi.mock('next/cache', () => ({
  cacheLife: () => {},
  cacheTag: () => {},
  revalidateTag: vi.fn(),
  updateTag: vi.fn(),
}));
