import { errors } from '@/lib/errors';

const LIMIT_MAX = 100;
const SAFE = 2 ** 53;

/** Checks a page size: a positive integer, at most 100 (WDE0032 to WDE0035, WDE0037). */
export function checkLimit(value: unknown, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value)) throw errors.limitNotNumber('limit must be a number');
  if (Math.abs(value) >= SAFE) throw errors.numberTooLarge('limit must be below 2^53');
  if (!Number.isInteger(value)) throw errors.limitNotInteger('limit must be an integer');
  if (value < 0) throw errors.limitNegative('limit must not be negative');
  if (value === 0 || value > LIMIT_MAX) throw errors.limitOutOfRange(`limit must be between 1 and ${LIMIT_MAX}`);
  return value;
}

/** Checks an offset: a non-negative integer below 2^53 (WDE0036, WDE0037). */
export function checkOffset(value: unknown): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number' && Math.abs(value) >= SAFE) throw errors.numberTooLarge('offset must be below 2^53');
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw errors.offsetInvalid('offset must be a non-negative integer');
  return value;
}
