import { expect, it, vi } from 'vitest';

// Route handlers and pages load their own copies of lib/blog/errors: a catalogue error made by one copy (the
// source's) must still be recognised by another (the cached reads', the API's), or it turns into a bare 500.

async function freshCopy() {
  vi.resetModules();
  return import('@/lib/blog/errors');
}

it('a BlogError from another copy of the module is still a BlogError', async () => {
  const source = await freshCopy();
  const reads = await freshCopy();
  expect(source.BlogError).not.toBe(reads.BlogError);
  expect(reads.isBlogError(source.errors.upstreamFailed('Wix answered HTTP 503'))).toBe(true);
  expect(reads.isBlogError(new Error('plain'))).toBe(false);
  expect(reads.isBlogError({ status: 503, wde: 'WDE0053' })).toBe(false);
});
