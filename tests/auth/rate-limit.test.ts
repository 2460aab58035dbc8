import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from '@/lib/auth/login-limiter';
import { createRateLimiter } from '@/lib/auth/rate-limit';

const limiter = () => createRateLimiter({ maxFailures: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS, maxClients: 100 });
const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('login rate limit', () => {
  it('allows 10 failures in 15 minutes and refuses the 11th attempt until the window passes', () => {
    const l = limiter();
    for (let i = 0; i < 10; i++) {
      expect(l.check('1.2.3.4')).toEqual({ allowed: true });
      l.fail('1.2.3.4');
      vi.advanceTimersByTime(MINUTE);
    }
    // The first failure was 10 minutes ago: 5 minutes to go.
    expect(l.check('1.2.3.4')).toEqual({ allowed: false, retryAfterSeconds: 5 * 60 });
    vi.advanceTimersByTime(5 * MINUTE - 1000);
    expect(l.check('1.2.3.4')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    vi.advanceTimersByTime(1000);
    expect(l.check('1.2.3.4')).toEqual({ allowed: true });
  });

  it('a burst of 10 locks the client for the full 15 minutes', () => {
    const l = limiter();
    for (let i = 0; i < 10; i++) l.fail('burst');
    expect(l.check('burst')).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 });
    vi.advanceTimersByTime(15 * MINUTE - 1);
    expect(l.check('burst').allowed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(l.check('burst').allowed).toBe(true);
  });

  it('counts failures older than 15 minutes no more (sliding window)', () => {
    const l = limiter();
    for (let i = 0; i < 9; i++) l.fail('slow');
    vi.advanceTimersByTime(LOGIN_WINDOW_MS);
    l.fail('slow');
    expect(l.check('slow').allowed).toBe(true);
  });

  it('keeps clients apart, and a success clears the client', () => {
    const l = limiter();
    for (let i = 0; i < 10; i++) l.fail('attacker');
    expect(l.check('attacker').allowed).toBe(false);
    expect(l.check('owner').allowed).toBe(true);
    for (let i = 0; i < 9; i++) l.fail('owner');
    l.reset('owner');
    l.fail('owner');
    expect(l.check('owner').allowed).toBe(true);
  });

  it('stays bounded: past maxClients the least recently failing clients are forgotten', () => {
    const l = createRateLimiter({ maxFailures: 3, windowMs: LOGIN_WINDOW_MS, maxClients: 50 });
    for (let i = 0; i < 1000; i++) l.fail(`client-${i}`);
    expect(l.size).toBeLessThanOrEqual(50);
    for (let i = 0; i < 3; i++) l.fail('client-999');
    expect(l.check('client-999').allowed).toBe(false);
  });

  it('drops expired clients before forgetting live ones', () => {
    const l = createRateLimiter({ maxFailures: 3, windowMs: LOGIN_WINDOW_MS, maxClients: 2 });
    for (let i = 0; i < 3; i++) l.fail('locked');
    vi.advanceTimersByTime(LOGIN_WINDOW_MS);
    for (let i = 0; i < 3; i++) l.fail('live');
    l.fail('third');
    expect(l.check('live').allowed).toBe(false);
    expect(l.check('locked').allowed).toBe(true);
  });

  it('caps failures from all clients together, so rotating client keys buys no more guesses', () => {
    const l = createRateLimiter({ maxFailures: 10, windowMs: LOGIN_WINDOW_MS, maxClients: 1000, maxTotalFailures: 50 });
    for (let i = 0; i < 50; i++) l.fail(`rotating-${i}`);
    const verdict = l.check('someone-new');
    expect(verdict.allowed).toBe(false);
    vi.advanceTimersByTime(LOGIN_WINDOW_MS);
    expect(l.check('someone-new').allowed).toBe(true);
  });
});
