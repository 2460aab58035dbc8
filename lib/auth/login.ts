import type { OwnerConfig } from './config';
import { passwordMatches } from './password';
import type { RateLimiter } from './rate-limit';
import { type Session, signSession } from './session';

export type LoginResult =
  | { kind: 'ok'; token: string; session: Session }
  | { kind: 'wrong' }
  | { kind: 'limited'; retryAfterSeconds: number }
  | { kind: 'disabled' | 'misconfigured'; message: string };

/** One login attempt: refused while the client is over its failure budget, counted when wrong. */
export function attemptLogin(password: string, client: string, config: OwnerConfig, limiter: RateLimiter, now = Date.now()): LoginResult {
  if (config.status !== 'ready') return { kind: config.status, message: config.message };
  const verdict = limiter.check(client, now);
  if (!verdict.allowed) return { kind: 'limited', retryAfterSeconds: verdict.retryAfterSeconds };
  if (!passwordMatches(password, config.password)) {
    limiter.fail(client, now);
    return { kind: 'wrong' };
  }
  limiter.reset(client);
  return { kind: 'ok', ...signSession(config.secret, Math.floor(now / 1000)) };
}
