import { describe, expect, it } from 'vitest';
import { etagOf, ifRangeHolds, isNotModified } from '@/lib/core/http/validators';

const stamp = { size: 1234n, mtimeNs: 1_700_000_000_123_456_789n, ino: 42n };
const etag = etagOf(stamp);
const mtimeMs = 1_700_000_000_123.456;
const lastModified = new Date(mtimeMs).toUTCString();
const headers = (init: Record<string, string>) => new Headers(init);

describe('etagOf', () => {
  it('is a strong, quoted tag that changes with size, mtime and inode', () => {
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(etagOf({ ...stamp, size: 1235n })).not.toBe(etag);
    expect(etagOf({ ...stamp, mtimeNs: stamp.mtimeNs + 1n })).not.toBe(etag);
    expect(etagOf({ ...stamp, ino: 43n })).not.toBe(etag);
    expect(etagOf({ ...stamp })).toBe(etag);
  });
});

describe('isNotModified', () => {
  it('matches If-None-Match weakly, in a list, or as *', () => {
    expect(isNotModified(headers({ 'if-none-match': etag }), etag, mtimeMs)).toBe(true);
    expect(isNotModified(headers({ 'if-none-match': `W/${etag}` }), etag, mtimeMs)).toBe(true);
    expect(isNotModified(headers({ 'if-none-match': `"other", ${etag}` }), etag, mtimeMs)).toBe(true);
    expect(isNotModified(headers({ 'if-none-match': '*' }), etag, mtimeMs)).toBe(true);
    expect(isNotModified(headers({ 'if-none-match': '"other"' }), etag, mtimeMs)).toBe(false);
    expect(isNotModified(headers({ 'if-none-match': 'garbage' }), etag, mtimeMs)).toBe(false);
  });

  it('uses If-Modified-Since only without If-None-Match, at whole seconds', () => {
    expect(isNotModified(headers({ 'if-modified-since': lastModified }), etag, mtimeMs)).toBe(true);
    expect(isNotModified(headers({ 'if-modified-since': new Date(mtimeMs - 1000).toUTCString() }), etag, mtimeMs)).toBe(
      false,
    );
    expect(isNotModified(headers({ 'if-modified-since': 'not a date' }), etag, mtimeMs)).toBe(false);
    expect(
      isNotModified(headers({ 'if-none-match': '"other"', 'if-modified-since': lastModified }), etag, mtimeMs),
    ).toBe(false);
    expect(isNotModified(headers({}), etag, mtimeMs)).toBe(false);
  });
});

describe('ifRangeHolds', () => {
  it('holds without If-Range, for this exact ETag, or for the Last-Modified date', () => {
    expect(ifRangeHolds(null, etag, lastModified)).toBe(true);
    expect(ifRangeHolds(etag, etag, lastModified)).toBe(true);
    expect(ifRangeHolds(lastModified, etag, lastModified)).toBe(true);
  });

  it('fails for another ETag, a weak one, another date or garbage', () => {
    expect(ifRangeHolds('"other"', etag, lastModified)).toBe(false);
    expect(ifRangeHolds(`W/${etag}`, etag, lastModified)).toBe(false);
    expect(ifRangeHolds(new Date(mtimeMs + 5000).toUTCString(), etag, lastModified)).toBe(false);
    expect(ifRangeHolds('nonsense', etag, lastModified)).toBe(false);
  });
});
