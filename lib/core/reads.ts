import { config } from '@/lib/core/config';
import { cacheLife } from 'next/cache';
import { processSingleton } from '@/lib/core/process-singleton';
import { CatalogueError, isCatalogueError } from '@/lib/core/errors';

// What every feature's cached reads share (lib/<feature>/reads.ts). A 'use cache' function serialises what it
// returns; a thrown CatalogueError would lose its class crossing that boundary. Cached reads therefore return catalogue
// errors as values (cached only briefly) and rethrow outside.
// While the platform is unavailable, a read answers the last good value it had instead of the failure, so a
// cached failure never replaces good data; that value is cached for seconds only, to pick up the recovery.

export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; wde: string; message: string };

/**
 * How long a failure (or a last good value served during one) is cached: briefly, to pick up the recovery (the page
 * is rendered again 15 s on), but not so briefly that Next takes it for request-time data. An `expire` under 5 minutes
 * (the `seconds` profile's is 1) excludes an entry from prerenders, and a statically rendered page that reads one
 * (a post page rendered on demand while its series, comments or settings cannot be read) stops with "uncached or
 * runtime data on a route that must be fully static": a 500 for an extra that failed (cacheLife.md, "Prerendering
 * behavior"). 5 minutes of `stale` also keeps it in the App Shell.
 */
export const OUTAGE_LIFE = { stale: 300, revalidate: 15, expire: 300 } as const;

/** How many reads keep their last good value: enough for every page a reader is likely to open meanwhile. */
export const LAST_GOOD_ENTRIES = 256;

class LastGood {
  private readonly values = new Map<string, unknown>();

  get(key: string): { value: unknown } | undefined {
    if (!this.values.has(key)) return undefined;
    const value = this.values.get(key);
    this.values.delete(key);
    this.values.set(key, value);
    return { value };
  }

  set(key: string, value: unknown) {
    this.values.delete(key);
    this.values.set(key, value);
    if (this.values.size > LAST_GOOD_ENTRIES) this.values.delete(this.values.keys().next().value!);
  }
}

const lastGood = () => processSingleton('blog-last-good', () => new LastGood());

/** The last-good key of one read: its name and arguments. */
export const readKey = (name: string, ...args: unknown[]) => `${name}:${JSON.stringify(args)}`;

/**
 * Runs `work` inside a cached function: its value, the last good value for `key` if the platform is down, or its
 * catalogue error as a value.
 */
export async function settle<T>(key: string, work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    const value = await work();
    lastGood().set(key, value);
    return { ok: true, value };
  } catch (error) {
    if (!isCatalogueError(error)) throw error;
    // A build cannot cache an outage for seconds: the prerender would take the read for request-time data and stop
    // with "uncached or runtime data", never saying why. It stops with the reason instead.
    if (config().building && error.status >= 500) throw new Error(`${key.slice(0, 200)}: ${error.message}`);
    cacheLife(OUTAGE_LIFE);
    // 502–504: the platform failed, timed out or is shed (lib/blog/guard.ts answers a deadline as 504); a 4xx or our
    // own 500 says nothing about its health.
    const stale = error.status >= 502 && error.status <= 504 ? lastGood().get(key) : undefined;
    if (stale) {
      console.warn(
        JSON.stringify({ msg: 'serving the last good copy', read: key.slice(0, 200), error: error.message }),
      );
      return { ok: true, value: stale.value as T };
    }
    return { ok: false, status: error.status, wde: error.wde, message: error.message };
  }
}

/** The value, or the catalogue error thrown again, outside the cached function. */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw new CatalogueError(outcome.status, outcome.wde, outcome.message);
}
