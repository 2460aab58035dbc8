// Validators and conditional requests (RFC 9110 §8.8, §13) for files served from disk.

export type FileStamp = { size: bigint; mtimeNs: bigint; ino: bigint };

/** A strong ETag: a file replaced or rewritten changes its inode, size or nanosecond mtime. */
export const etagOf = ({ size, mtimeNs, ino }: FileStamp) =>
  `"${ino.toString(36)}-${size.toString(36)}-${mtimeNs.toString(36)}"`;

const opaque = (tag: string) => tag.replace(/^W\//, '');

/** Whether a GET or HEAD may be answered 304: If-None-Match (weak comparison) wins over If-Modified-Since. */
export function isNotModified(headers: Headers, etag: string, mtimeMs: number): boolean {
  const ifNoneMatch = headers.get('if-none-match');
  if (ifNoneMatch !== null) {
    const tags = ifNoneMatch.match(/\*|(?:W\/)?"[^"]*"/g) ?? [];
    return tags.some((tag) => tag === '*' || opaque(tag) === opaque(etag));
  }
  const since = Date.parse(headers.get('if-modified-since') ?? '');
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

/** Whether a Range may be honoured: no If-Range, or one naming this very version (strong comparison). */
export function ifRangeHolds(ifRange: string | null, etag: string, lastModified: string): boolean {
  if (ifRange === null) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && date === Date.parse(lastModified);
}
