import { errors } from '@/lib/core/errors';

// The paging numbers of both services: a page size (its maximum is the service's) and an offset.

/** The blog service's largest page (lib/blog/source.ts), implied by its callers; the data service passes its own. */
const BLOG_MAX = 100;
const SAFE = 2 ** 53;

/** Checks a page size: a positive integer, at most `max` (WDE0032 to WDE0035, WDE0037). */
export function checkLimit(value: unknown, fallback: number, max = BLOG_MAX): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value)) throw errors.limitNotNumber('limit must be a number');
  if (Math.abs(value) >= SAFE) throw errors.numberTooLarge('limit must be below 2^53');
  if (!Number.isInteger(value)) throw errors.limitNotInteger('limit must be an integer');
  if (value < 0) throw errors.limitNegative('limit must not be negative');
  if (value === 0 || value > max) throw errors.limitOutOfRange(`limit must be between 1 and ${max}`);
  return value;
}

/** Checks an offset (the blog's `offset`, the data service's `skip`): an integer in [0, 2^53) (WDE0036, 0037). */
export function checkOffset(value: unknown, name = 'offset'): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number' && Math.abs(value) >= SAFE) throw errors.numberTooLarge(`${name} must be below 2^53`);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw errors.offsetInvalid(`${name} must be a non-negative integer`);
  return value;
}
