import { processSingleton } from './process-singleton';
import { createRateLimiter } from './rate-limit';

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Across all clients: rotating forged client addresses buys at most this many guesses per window. */
export const LOGIN_MAX_TOTAL_FAILURES = 200;

export const loginLimiter = () =>
  processSingleton('owner-login-limiter', () => createRateLimiter({ maxFailures: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS, maxClients: 10_000, maxTotalFailures: LOGIN_MAX_TOTAL_FAILURES }));
