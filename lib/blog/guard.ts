import {
  BrokenCircuitError,
  ConsecutiveBreaker,
  TaskCancelledError,
  TimeoutStrategy,
  circuitBreaker,
  handleWhen,
  timeout,
  wrap,
} from 'cockatiel';
import { CatalogueError, isCatalogueError } from '@/lib/core/errors';
import type { BlogSource } from './source';
import { withCallSignal } from '@/lib/wix/call-signal';

// A remote platform that fails must not make readers wait: every call gets a deadline (retries included),
// and after a run of failures the breaker stops calling for a while and answers at once. What the reader
// then sees is the last good copy (outcome.ts) or the site's error page, within the deadline.

export interface GuardOptions {
  /** What the platform is called in messages. */
  name: string;
  /** One call, retries included, fails after this long. */
  deadlineMs: number;
  /** Consecutive unavailable answers that open the breaker. */
  breakAfter: number;
  /** How long an open breaker answers at once before one call may try again. */
  halfOpenAfterMs: number;
}

// Each call already retried: two failed calls in a row are a platform in trouble, not a blip.
export const DEFAULT_GUARD = { deadlineMs: 4_000, breakAfter: 2, halfOpenAfterMs: 15_000 } as const;

export const unavailable = {
  timedOut: (name: string, ms: number) =>
    new CatalogueError(504, 'WDE0053', `${name} did not answer within ${ms / 1000} s`),
  circuitOpen: (name: string, seconds: number) =>
    new CatalogueError(503, 'WDE0053', `${name} is failing: not calling it again for up to ${seconds} s`),
};

/** 502–504: the platform failed, timed out or is shed; 4xx and our own 500s say nothing about its health. */
export const isUnavailable = (error: unknown) =>
  error instanceof TaskCancelledError || (isCatalogueError(error) && error.status >= 502 && error.status <= 504);

type AsyncMethods = {
  [K in keyof BlogSource]-?: NonNullable<BlogSource[K]> extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof BlogSource];

/** The same source, with every call under a deadline and a circuit breaker. */
export function guardSource(source: BlogSource, options: GuardOptions): BlogSource {
  const breaker = circuitBreaker(handleWhen(isUnavailable), {
    halfOpenAfter: options.halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(options.breakAfter),
  });
  breaker.onStateChange((state) =>
    console.warn(JSON.stringify({ msg: 'platform circuit', platform: options.name, state })),
  );
  const policy = wrap(breaker, timeout(options.deadlineMs, TimeoutStrategy.Aggressive));

  const guarded =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await policy.execute(({ signal }) => withCallSignal(signal, () => method(...args)));
      } catch (error) {
        if (error instanceof TaskCancelledError) throw unavailable.timedOut(options.name, options.deadlineMs);
        if (error instanceof BrokenCircuitError)
          throw unavailable.circuitOpen(options.name, Math.ceil(options.halfOpenAfterMs / 1000));
        throw error;
      }
    };

  const wrapped = { ...source, refresh: (change?: { postId?: string }) => source.refresh(change) } as BlogSource;
  for (const key of Object.keys(source) as (keyof BlogSource)[]) {
    const value = source[key];
    if (key === 'refresh' || typeof value !== 'function') continue;
    (wrapped as Record<AsyncMethods, unknown>)[key as AsyncMethods] = guarded(
      (value as (...args: unknown[]) => Promise<unknown>).bind(source),
    );
  }
  return wrapped;
}
