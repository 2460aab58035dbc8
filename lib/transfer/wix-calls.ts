import { ExponentialBackoff, handleWhen, retry } from 'cockatiel';
import type { categories, draftPosts, tags } from '@wix/blog';
import type { files } from '@wix/media';
import type { AuthenticationStrategy, WixClient } from '@wix/sdk';
import { UpstreamFailure } from '@/lib/wix/transport';
import { isNotFound, statusOf, toCatalogueError } from '@/lib/wix/upstream';

// How the Wix target calls Wix: through the caller's @wix/sdk client (its own auth: the site's API key, made as
// lib/wix/sdk-clients.ts `siteClient` makes it), each call under a retry policy of its own (cockatiel, as
// lib/blog/guard.ts guards the site's reads). Wix answers 429 when a site's calls come too fast: that is retried with
// jittered exponential backoff, for every call, since Wix refused it before doing any work. A 5xx is retried on reads
// only: a write that failed with a 5xx may have been done, and the import's next run (idempotent) finishes it rather
// than a blind second write now. What still fails is the catalogue's error (lib/wix/upstream.ts), named by the call.

/** The SDK modules the import uses (a client made with more, lib/blog/wix/client.ts's, fits too). */
export interface ImportModules {
  categories: typeof categories;
  tags: typeof tags;
  draftPosts: typeof draftPosts;
  files: typeof files;
}

/** A @wix/sdk client (`createClient({ modules: { categories, tags, draftPosts, files, … }, auth })`). */
export type ImportClient = Pick<
  WixClient<undefined, AuthenticationStrategy<undefined>, ImportModules>,
  keyof ImportModules
>;

export interface RetrySettings {
  /** Retries of a refused (429) call, and of a read that failed (5xx). Default 6. */
  retries?: number;
  /** The first wait in ms (doubling, jittered). Default 1 000. */
  baseMs?: number;
  /** The longest wait in ms. Default 30 000. */
  maxMs?: number;
}

export interface WixCalls {
  /** A call that changes nothing: retried on 429 and 5xx. */
  read<T>(what: string, run: () => Promise<T>): Promise<T>;
  /** A get: Wix's 404 is null. */
  find<T>(what: string, run: () => Promise<T>): Promise<T | null>;
  /** A write: retried on 429 only. */
  write<T>(what: string, run: () => Promise<T>): Promise<T>;
}

export function wixCalls(settings: RetrySettings = {}): WixCalls {
  const policy = (again: (status: number) => boolean) =>
    retry(
      handleWhen((error) => again(statusOf(error) ?? 0)),
      {
        maxAttempts: settings.retries ?? 6,
        backoff: new ExponentialBackoff({ initialDelay: settings.baseMs ?? 1_000, maxDelay: settings.maxMs ?? 30_000 }),
      },
    );
  const reads = policy((status) => status === 429 || status >= 500);
  const writes = policy((status) => status === 429);
  // An answer of Wix's is the catalogue's error; one that never came (the network) is left as it is.
  const failure = (error: unknown, what: string) =>
    statusOf(error) === undefined && !(error instanceof UpstreamFailure) ? error : toCatalogueError(error, what);
  const run = async <T>(chosen: typeof reads, what: string, call: () => Promise<T>) => {
    try {
      return await chosen.execute(() => call());
    } catch (error) {
      throw failure(error, what);
    }
  };
  return {
    read: (what, call) => run(reads, what, call),
    write: (what, call) => run(writes, what, call),
    async find(what, call) {
      try {
        return await reads.execute(() => call());
      } catch (error) {
        if (isNotFound(error)) return null;
        throw failure(error, what);
      }
    },
  };
}

/** An HTTP answer that is not 2xx, as an error the policies read (`status`, as the SDK's errors carry it). */
export const httpError = (what: string, response: Response) =>
  Object.assign(new Error(`${what}: HTTP ${response.status}`), { status: response.status });

/** `items` in runs of `size` (Wix's bulk calls take at most so many). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
