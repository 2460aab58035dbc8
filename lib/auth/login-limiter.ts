import { type Limiter, createLimiter } from './limiter-store';
import { processSingleton } from '../process-singleton';

// The owner login's limits (docs/security.md "Rate limits"). Process-wide: the proxy and route handlers are
// separate bundles in one process, so the counters hang off processSingleton.

export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Failed attempts one client address may make per window without a trusted device cookie. */
export const LOGIN_MAX_FAILURES = 10;
/** Failed attempts one trusted device may make per window before its cookie stops being trusted. */
export const DEVICE_MAX_FAILURES = 10;
/** Failures from untrusted devices, all addresses together, per window that put the login under pressure. */
export const PRESSURE_FAILURES = 100;
/** Under pressure, one attempt from an untrusted device may pass per this many seconds, all addresses together. */
export const SLOWED_INTERVAL_SECONDS = 2;

export interface LoginLimits {
  /** Per client address: failures of attempts without a trusted device. */
  client: Limiter;
  /** Per device id (from a valid signed device cookie): failures. */
  device: Limiter;
  /** One key: failures of untrusted attempts from every address. */
  untrustedFailures: Limiter;
  /** One key, set while under pressure and re-armed by every untrusted failure made meanwhile. */
  pressure: Limiter;
  /** One key: the slowed door for untrusted attempts under pressure. */
  door: Limiter;
}

export const createLoginLimits = (): LoginLimits => ({
  client: createLimiter({ keyPrefix: 'client', points: LOGIN_MAX_FAILURES, durationSeconds: LOGIN_WINDOW_SECONDS }),
  device: createLimiter({ keyPrefix: 'device', points: DEVICE_MAX_FAILURES, durationSeconds: LOGIN_WINDOW_SECONDS }),
  untrustedFailures: createLimiter({ keyPrefix: 'untrusted-failures', points: PRESSURE_FAILURES, durationSeconds: LOGIN_WINDOW_SECONDS }),
  pressure: createLimiter({ keyPrefix: 'pressure', points: 1, durationSeconds: LOGIN_WINDOW_SECONDS }),
  door: createLimiter({ keyPrefix: 'slowed-door', points: 1, durationSeconds: SLOWED_INTERVAL_SECONDS }),
});

export const loginLimits = () => processSingleton('owner-login-limits', createLoginLimits);
