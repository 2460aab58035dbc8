import { cacheLife } from 'next/cache';
import { beforeEach, expect, it, vi } from 'vitest';
import { CatalogueError } from '@/lib/core/errors';
import { OUTAGE_LIFE, readKey, settle } from '@/lib/core/reads';

vi.mock('next/cache', () => ({ cacheLife: vi.fn(), cacheTag: vi.fn(), revalidateTag: vi.fn() }));

// While the platform is down a read answers its last good value: a cached failure never replaces good data.

const down = () => Promise.reject(new CatalogueError(503, 'WDE0053', 'Wix is failing'));
let n = 0;
const key = () => readKey('test', ++n);
beforeEach(() => vi.mocked(cacheLife).mockClear());

it('answers the last good value while the platform is unavailable, cached briefly but long enough to stay prerenderable', async () => {
  // An expire under 5 minutes would exclude it from prerenders (Next's cacheLife.md), making a static page fail.
  expect(OUTAGE_LIFE.expire).toBeGreaterThanOrEqual(300);
  expect(OUTAGE_LIFE.stale).toBeGreaterThanOrEqual(300);
  const k = key();
  await settle(k, async () => ({ title: 'Good' }));
  for (const failure of [
    down,
    () => Promise.reject(new CatalogueError(504, 'WDE0053', 'timed out')),
    () => Promise.reject(new CatalogueError(502, 'WDE0053', 'HTTP 500')),
  ]) {
    vi.mocked(cacheLife).mockClear();
    expect(await settle(k, failure)).toEqual({ ok: true, value: { title: 'Good' } });
    expect(vi.mocked(cacheLife).mock.calls.flat()).toEqual([OUTAGE_LIFE]);
  }
});

it('with nothing good to fall back on, the failure is the answer', async () => {
  expect(await settle(key(), down)).toEqual({ ok: false, status: 503, wde: 'WDE0053', message: 'Wix is failing' });
});

it("a caller's mistake is never hidden behind an old value", async () => {
  const k = key();
  await settle(k, async () => 'good');
  expect(await settle(k, () => Promise.reject(new CatalogueError(400, 'WDE0035', 'limit')))).toMatchObject({
    ok: false,
    wde: 'WDE0035',
  });
});

it('a recovery replaces the fallback with the new value', async () => {
  const k = key();
  await settle(k, async () => 'old');
  await settle(k, async () => 'new');
  expect(await settle(k, down)).toEqual({ ok: true, value: 'new' });
});

it('at build, stops with the reason of a failure instead of caching it for seconds (a 4xx is still an answer)', async () => {
  vi.stubEnv('NEXT_PHASE', 'phase-production-build');
  try {
    (await import('@/lib/core/config')).resetConfig();
    const k = key();
    await expect(settle(k, down)).rejects.toThrow(`${k}: Wix is failing`);
    expect(vi.mocked(cacheLife)).not.toHaveBeenCalled();
    const missing = () => Promise.reject(new CatalogueError(404, 'WDE0073', 'no such post'));
    expect(await settle(key(), missing)).toMatchObject({ ok: false, status: 404 });
  } finally {
    vi.unstubAllEnvs();
  }
});
