import { cacheLife } from 'next/cache';
import { BlogError, isBlogError } from './errors';

// A 'use cache' function serialises what it returns; a thrown BlogError would lose its class crossing that
// boundary. Cached reads therefore return catalogue errors as values (cached only briefly) and rethrow outside.

export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; wde: string; message: string };

/** Runs `work` inside a cached function: its value, or its catalogue error as a value. */
export async function settle<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (!isBlogError(error)) throw error;
    cacheLife('seconds');
    return { ok: false, status: error.status, wde: error.wde, message: error.message };
  }
}

/** The value, or the catalogue error thrown again, outside the cached function. */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw new BlogError(outcome.status, outcome.wde, outcome.message);
}
