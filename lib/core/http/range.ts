// Range requests (RFC 9110 §14), one range only: a server may answer any other Range header with the whole file.

export type ByteRange = { start: number; end: number };

/** The range a `Range` header asks of a file of `size` bytes: a range, 'unsatisfiable' (416), or null (send it all). */
export function parseRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/i);
  if (!match || size === 0) return null;
  const [, first = '', last = ''] = match;
  if (first === '') {
    if (last === '') return null;
    const length = Number(last);
    return length === 0 ? 'unsatisfiable' : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return null;
  return start >= size ? 'unsatisfiable' : { start, end: Math.min(end, size - 1) };
}
