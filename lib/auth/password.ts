import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Compares in time independent of where the strings differ and of their lengths (both are hashed first). */
export function passwordMatches(given: string, expected: string): boolean {
  const equal = timingSafeEqual(digest(given), digest(expected));
  return equal && expected.length > 0;
}
