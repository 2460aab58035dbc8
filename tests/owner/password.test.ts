import { describe, expect, it } from 'vitest';
import { passwordMatches } from '@/lib/owner/login';

describe('passwordMatches', () => {
  it('accepts the exact password only', () => {
    expect(passwordMatches('correct horse', 'correct horse')).toBe(true);
    expect(passwordMatches('correct hors', 'correct horse')).toBe(false);
    expect(passwordMatches('Correct horse', 'correct horse')).toBe(false);
    expect(passwordMatches('correct horse ', 'correct horse')).toBe(false);
  });

  it('compares digests, so inputs of any length compare without throwing', () => {
    // timingSafeEqual throws on buffers of different lengths: both sides are hashed to 32 bytes first.
    expect(passwordMatches('', 'secret')).toBe(false);
    expect(passwordMatches('x'.repeat(10_000), 'secret')).toBe(false);
    expect(passwordMatches('é', 'e\u0301')).toBe(false);
  });

  it('never matches an empty configured password', () => {
    expect(passwordMatches('', '')).toBe(false);
  });
});
