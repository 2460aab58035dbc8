import { type CatalogueError, errors } from '@/lib/core/errors';
import { reroute } from './base-url';
import { callSignal } from './call-signal';

// The fetch every Wix request goes through (SDK calls and the OAuth token request alike): it reroutes
// Wix hosts to WIX_API_BASE_URL (base-url.ts) and retries 429/5xx and network failures with capped, jittered backoff.

export interface TransportOptions {
  fetch?: typeof fetch;
  apiBaseUrl?: string;
  retries: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /**
   * The requests are safe to send twice (default true: reads, and queries sent as POST). False for writes: a 5xx or a
   * lost answer may come after the write was done, so only a 429 (refused before any work) is retried.
   */
  idempotent?: boolean;
}

/**
 * Carries a CatalogueError through the SDK. The SDK's error transformer rewrites `message`, `status` and
 * `code` of whatever it catches, so a CatalogueError thrown inside a call would arrive mangled.
 */
export class UpstreamFailure extends Error {
  readonly blogError: CatalogueError;

  constructor(blogError: CatalogueError) {
    super(blogError.message);
    this.name = 'UpstreamFailure';
    this.blogError = blogError;
  }
}

/** One attempt may take this long before it counts as failed. */
const ATTEMPT_TIMEOUT_MS = 10_000;

/** Frees the connection; not awaited, as a cancel can wait on a body nobody reads (msw's streams do). */
export const discard = (response: Response | undefined) => void response?.body?.cancel().catch(() => {});

const isRetryable = (status: number, idempotent: boolean) => status === 429 || (idempotent && status >= 500);

function retryAfterMs(header: string | null): number {
  if (!header) return 0;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 0 : Math.max(0, at - Date.now());
}

/** Waits `ms`, or less if the call is given up on meanwhile. */
const sleep = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/** What a Wix client's configuration says about its transport; the rest takes the defaults. */
export interface TransportSettings {
  fetch?: typeof fetch;
  apiBaseUrl?: string;
  /** Retries of a 429, 5xx or network failure (default 3). */
  retries?: number;
  /** First backoff step in ms (default 200); doubles each retry, with jitter. */
  retryBaseMs?: number;
  /** Cap of one wait, Retry-After included, in ms (default 10 000). */
  retryMaxMs?: number;
}

/** The transport a Wix client's settings describe, with the defaults every Wix client shares. */
export function transportFor(settings: TransportSettings, idempotent = true): typeof fetch {
  const retries = settings.retries ?? 3;
  if (!Number.isInteger(retries) || retries < 0) throw new Error('retries must be a non-negative integer');
  return createTransport({
    fetch: settings.fetch,
    apiBaseUrl: settings.apiBaseUrl,
    retries,
    retryBaseMs: settings.retryBaseMs ?? 200,
    retryMaxMs: settings.retryMaxMs ?? 10_000,
    idempotent,
  });
}

export function createTransport(options: TransportOptions): typeof fetch {
  const backoff = (attempt: number, retryAfter: number) => {
    const exponential = options.retryBaseMs * 2 ** attempt * (0.5 + Math.random() / 2);
    return Math.min(options.retryMaxMs, Math.max(exponential, retryAfter));
  };

  return async (input, init) => {
    const original = input instanceof Request ? input.url : String(input);
    const url = reroute(original, options.apiBaseUrl);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const label = `${method} ${new URL(original).pathname}`;
    const baseFetch = options.fetch ?? globalThis.fetch;
    // The guarded call's deadline (guard.ts): once it passes, nobody waits for this answer any more.
    const deadline = callSignal();

    for (let attempt = 0; ; attempt++) {
      let response: Response | undefined;
      let failure: unknown;
      try {
        // A hanging connection counts as a failed attempt, so retries stay bounded in time too.
        const signal = AbortSignal.any([
          AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
          ...(init?.signal ? [init.signal] : []),
          ...(deadline ? [deadline] : []),
        ]);
        response = await baseFetch(input instanceof Request ? new Request(url, input.clone()) : url, {
          ...init,
          signal,
        });
      } catch (error) {
        failure = error;
      }
      const idempotent = options.idempotent ?? true;
      if (response && !isRetryable(response.status, idempotent)) return response;
      discard(response);
      if (attempt >= options.retries || deadline?.aborted || !(response || idempotent)) {
        const tries = `${attempt + 1} attempt${attempt ? 's' : ''}`;
        const what = response ? `answered HTTP ${response.status}` : `could not be reached (${describe(failure)})`;
        throw new UpstreamFailure(errors.upstreamFailed(`Wix ${what} for ${label} after ${tries}`));
      }
      await sleep(backoff(attempt, retryAfterMs(response?.headers.get('retry-after') ?? null)), deadline);
      if (deadline?.aborted)
        throw new UpstreamFailure(errors.upstreamFailed(`Wix gave no usable answer for ${label} before the deadline`));
    }
  };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return 'network error';
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${error.name} ${code}` : error.name;
}
