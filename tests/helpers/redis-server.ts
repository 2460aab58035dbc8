// The tests' Redis: the bench's throwaway server (scripts/bench/support/redis-server.ts), one copy for both.
import { skipWithout } from '../../scripts/ci/services';
import { redisServerMissing } from '../../scripts/bench/support/redis-server';

export * from '../../scripts/bench/support/redis-server';

/**
 * Whether `tests` (which start their own redis-server) skip here: without redis-server, yes, and in CI `declare`
 * (vitest's `it`, Playwright's `test`) adds a test in their place that fails naming it (scripts/ci/services.ts).
 */
export const skipWithoutRedis = (tests: string, declare: (name: string, body: () => void) => void) =>
  skipWithout({ service: 'redis-server', missing: redisServerMissing, tests }, declare);
