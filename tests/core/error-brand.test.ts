import { expect, it, vi } from 'vitest';

// Route handlers and pages load their own copies of lib/errors: a catalogue error made by one copy (the
// source's) must still be recognised by another (the cached reads', the API's), or it turns into a bare 500.

async function freshCopy() {
  vi.resetModules();
  return import('@/lib/core/errors');
}

it('a CatalogueError from another copy of the module is still a CatalogueError', async () => {
  const source = await freshCopy();
  const reads = await freshCopy();
  expect(source.CatalogueError).not.toBe(reads.CatalogueError);
  expect(reads.isCatalogueError(source.errors.upstreamFailed('Wix answered HTTP 503'))).toBe(true);
  expect(reads.isCatalogueError(new Error('plain'))).toBe(false);
  expect(reads.isCatalogueError({ status: 503, wde: 'WDE0053' })).toBe(false);
});
