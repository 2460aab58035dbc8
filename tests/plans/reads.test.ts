import { cacheLife } from 'next/cache';
import { beforeEach, expect, it, vi } from 'vitest';
import { CatalogueError } from '@/lib/core/errors';
import { OUTAGE_LIFE, settle } from '@/lib/core/reads';
import type { Plan, SitePlans } from '@/lib/plans/types';

// The paywall box's plans (lib/plans/reads.ts): the cached read answers a failure of the plans as a value (settle), so
// nothing thrown leaves its 'use cache' (which would fail the post page with a 500); the box then names no plan, and
// while the platform is down it keeps the plans it last named.

vi.mock('next/cache', () => ({ cacheLife: vi.fn(), cacheTag: vi.fn(), revalidateTag: vi.fn() }));
vi.mock('@/lib/core/reads', async (original) => {
  const actual = await original<typeof import('@/lib/core/reads')>();
  return { ...actual, settle: vi.fn(actual.settle) };
});
const read = vi.fn<SitePlans['plans']>();
vi.mock('@/lib/plans/index', () => ({ sitePlans: () => ({ plans: read }) }));

const { plansOpening } = await import('@/lib/plans/reads');

const GOLD: Plan = { id: 'gold', name: 'Gold', price: { value: '5', currency: 'EUR' }, billing: { kind: 'unlimited' } };
const down = new CatalogueError(503, 'WDE0053', 'the plans are unavailable');

beforeEach(() => {
  vi.mocked(cacheLife).mockClear();
  vi.mocked(settle).mockClear();
  read.mockReset();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

/** What the cached function answered across its boundary: settle's outcome, never a rejection. */
const crossed = () => vi.mocked(settle).mock.results.at(-1)!.value as Promise<unknown>;

it('answers a failed read of the plans as a value from the cache, cached briefly; the box names no plan', async () => {
  read.mockRejectedValue(down);
  expect(await plansOpening(['never-read'])).toEqual([]);
  await expect(crossed()).resolves.toEqual({
    ok: false,
    status: 503,
    wde: 'WDE0053',
    message: 'the plans are unavailable',
  });
  expect(vi.mocked(cacheLife).mock.calls).toEqual([['hours'], [OUTAGE_LIFE]]);
});

it('keeps naming the plans it last read while the platform is down', async () => {
  read.mockResolvedValue([GOLD]);
  expect(await plansOpening(['gold'])).toEqual([GOLD]);
  read.mockRejectedValue(down);
  expect(await plansOpening(['gold'])).toEqual([GOLD]);
  await expect(crossed()).resolves.toEqual({ ok: true, value: [GOLD] });
});

it('reads nothing for a post that names no plan', async () => {
  expect(await plansOpening([])).toEqual([]);
  expect(read).not.toHaveBeenCalled();
});
