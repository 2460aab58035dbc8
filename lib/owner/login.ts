import { createHash, timingSafeEqual } from 'node:crypto';
import type { OwnerConfig } from '@/lib/core/config';
import { CatalogueError } from '@/lib/core/errors';
import { signDevice, verifyDevice, type Session, signSession } from './tokens';
import {
  consume,
  current,
  secondsLeft,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_SECONDS,
  type LoginLimits,
  PRESSURE_FAILURES,
  loginLimits,
} from '../core/security/limits';

export type LoginResult =
  | { kind: 'ok'; token: string; session: Session; deviceToken: string }
  /** Wrong password (the password check takes the same time whatever the guess). */
  | { kind: 'wrong' }
  /** This client address is over its failure budget. */
  | { kind: 'limited'; retryAfterSeconds: number }
  /** Under pressure from many addresses: an untrusted attempt over the slowed rate. */
  | { kind: 'slowed'; retryAfterSeconds: number }
  | { kind: 'disabled' | 'misconfigured'; message: string };

export interface LoginAttempt {
  password: string;
  /** The client address key (lib/core/security/limits.ts). */
  client: string;
  /** The raw device cookie, if the request carried one. */
  deviceCookie?: string;
}

const KEY = 'all';

/**
 * One login attempt.
 * - A valid device cookie whose device has failed fewer than 10 times in its window: counted per device only,
 *   never refused for its address or for pressure.
 * - Anything else (no cookie, a forged or expired one, a device over its budget) is untrusted: refused while
 *   its address is over budget; under pressure, let through at one attempt every 2 s across all addresses.
 * A success clears the counter it was checked against and issues the device cookie.
 */
export async function attemptLogin(
  attempt: LoginAttempt,
  config: OwnerConfig,
  limits: LoginLimits = loginLimits(),
  now = Date.now(),
): Promise<LoginResult> {
  if (config.status !== 'ready') return { kind: config.status, message: config.message };
  const nowSeconds = Math.floor(now / 1000);
  const ok = (deviceId?: string): LoginResult => ({
    kind: 'ok',
    ...signSession(config.secret, nowSeconds),
    deviceToken: signDevice(config.secret, deviceId, nowSeconds).token,
  });

  const deviceId = attempt.deviceCookie ? verifyDevice(attempt.deviceCookie, config.secret, nowSeconds) : null;
  // Counted before the check, so concurrent attempts cannot slip past the budget; a success deletes the count.
  if (deviceId && (await consume(limits.device, deviceId)).ok) {
    if (!passwordMatches(attempt.password, config.password)) return { kind: 'wrong' };
    await limits.device.delete(deviceId);
    return ok(deviceId);
  }

  // Untrusted. The address's budget is read first without creating a record, so refused attempts cost no memory
  // and an address already over budget does not use up the slowed door's turns.
  const seen = await current(limits.client, attempt.client);
  if (seen && seen.consumedPoints >= LOGIN_MAX_FAILURES)
    return { kind: 'limited', retryAfterSeconds: secondsLeft(seen) };
  const pressured = await underPressure(limits);
  if (pressured) {
    const door = await consume(limits.door, KEY);
    if (!door.ok) return { kind: 'slowed', retryAfterSeconds: secondsLeft(door.res) };
  }
  const counted = await consume(limits.client, attempt.client);
  if (!counted.ok) return { kind: 'limited', retryAfterSeconds: secondsLeft(counted.res) };
  if (!passwordMatches(attempt.password, config.password)) {
    await recordUntrustedFailure(limits, pressured);
    return { kind: 'wrong' };
  }
  await limits.client.delete(attempt.client);
  return ok();
}

/**
 * Pressure: 100 untrusted failures in the current window, or any untrusted failure while under pressure in the last 15
 * minutes.
 */
async function underPressure(limits: LoginLimits): Promise<boolean> {
  if (await current(limits.pressure, KEY)) return true;
  const failures = await current(limits.untrustedFailures, KEY);
  return failures !== null && failures.consumedPoints >= PRESSURE_FAILURES;
}

async function recordUntrustedFailure(limits: LoginLimits, wasUnderPressure: boolean): Promise<void> {
  const failures = await limits.untrustedFailures.penalty(KEY);
  // The latch outlives the fixed failure window, so pressure ends only after 15 quiet minutes.
  if (wasUnderPressure || failures.consumedPoints >= PRESSURE_FAILURES)
    await limits.pressure.set(KEY, 1, LOGIN_WINDOW_SECONDS);
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Compares in time independent of where the strings differ and of their lengths (both are hashed first). */
export function passwordMatches(given: string, expected: string): boolean {
  const equal = timingSafeEqual(digest(given), digest(expected));
  return equal && expected.length > 0;
}

// The owner login's errors, in the API's error envelope. The platform catalogue has no authentication
// codes, so these use the site's own WDE9xxx range, numbered after their HTTP status (WDE9430 is the
// second kind of 429).

const minutes = (seconds: number) => {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return `${n} ${n === 1 ? 'minute' : 'minutes'}`;
};

export const authErrors = {
  badBody: () =>
    new CatalogueError(
      400,
      'WDE0004',
      'request body must be a JSON object {"password": string} of at most 1024 characters',
    ),
  wrongPassword: () => new CatalogueError(401, 'WDE9401', 'wrong password'),
  /** An owner's action without the owner's session. */
  notOwner: () => new CatalogueError(401, 'WDE9401', 'sign in as the owner first'),
  loginDisabled: (message: string) => new CatalogueError(403, 'WDE9403', message),
  crossSite: () => new CatalogueError(403, 'WDE9403', 'cross-site request refused'),
  /** This client address failed too often (attempts without a trusted device cookie). */
  rateLimited: (seconds: number) =>
    new CatalogueError(429, 'WDE9429', `too many failed logins from this client; retry in ${minutes(seconds)}`),
  /** Many addresses failed: new devices share one slow door; known devices are not affected. */
  slowed: (intervalSeconds: number) =>
    new CatalogueError(
      429,
      'WDE9430',
      `Many failed sign-ins from many addresses: sign-in from new devices is slowed to one attempt every ${intervalSeconds} seconds; retry in a moment. Devices you have signed in from before are not affected.`,
    ),
  misconfigured: (message: string) => new CatalogueError(500, 'WDE0053', message),
};
