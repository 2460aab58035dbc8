import { describe, expect, it } from 'vitest';
import { parseRange } from '@/lib/core/http/range';

describe('parseRange', () => {
  it('reads a closed range and clamps its end to the file', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-199', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=99-99', 100)).toEqual({ start: 99, end: 99 });
    expect(parseRange('BYTES=1-2', 100)).toEqual({ start: 1, end: 2 });
  });

  it('reads an open range and a suffix range', () => {
    expect(parseRange('bytes=40-', 100)).toEqual({ start: 40, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('calls a range starting past the end, or an empty suffix, unsatisfiable', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=100-200', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=99999999999999999999999999-', 100)).toBe('unsatisfiable');
    expect(parseRange(`bytes=${'9'.repeat(400)}-`, 100)).toBe('unsatisfiable');
  });

  it('survives huge numbers in the end and the suffix', () => {
    expect(parseRange('bytes=5-99999999999999999999999999', 100)).toEqual({ start: 5, end: 99 });
    expect(parseRange(`bytes=-${'9'.repeat(400)}`, 100)).toEqual({ start: 0, end: 99 });
  });

  it('ignores (null) malformed, reversed, multi-range and other-unit headers, and any range on an empty file', () => {
    for (const header of [
      null,
      '',
      'bytes=',
      'bytes=-',
      'bytes=abc',
      'bytes=5-2',
      'bytes=1-2,4-5',
      'bytes=0-1, 3-4',
      'items=0-1',
      'bytes 0-1',
      'bytes=-1-2',
      'bytes=+1-2',
      'bytes=0x10-',
    ]) {
      expect(parseRange(header, 100), String(header)).toBeNull();
    }
    expect(parseRange('bytes=0-0', 0)).toBeNull();
    expect(parseRange('bytes=-1', 0)).toBeNull();
  });
});
