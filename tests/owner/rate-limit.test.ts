import type { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from '@/lib/core/config';
import { DEVICE_TTL_SECONDS, signDevice, verifyDevice } from '@/lib/owner/tokens';
import { type LoginResult, attemptLogin } from '@/lib/owner/login';
import { LOGIN_WINDOW_SECONDS, PRESSURE_FAILURES, createLoginLimits } from '@/lib/core/security/limits';
import { signSession } from '@/lib/owner/tokens';

// The login limits through attemptLogin, on Vitest's fake clock (Date and the limiter's expiry timers).

const readOwnerConfig = (env: Record<string, string | undefined>) => readConfig(env).owner;
const SECRET = 'rate-limit-test-secret-that-is-long-enough-0123';
const PASSWORD = 'right-password';
const ready = readOwnerConfig({ OWNER_PASSWORD: PASSWORD, SESSION_SECRET: SECRET });
const MINUTE = 60_000;
const WINDOW_MS = LOGIN_WINDOW_SECONDS * 1000;

let limits = createLoginLimits();
const attempt = (password: string, client: string, deviceCookie?: string) =>
  attemptLogin({ password, client, deviceCookie }, ready, limits);
const kinds = (results: LoginResult[]) => results.map((r) => r.kind);
const storedClients = () => (limits.client as RateLimiterMemory).dump().storage.length;

/** `count` wrong passwords, each from a new address. */
async function rotate(count: number, prefix = 'rotating'): Promise<LoginResult[]> {
  const results: LoginResult[] = [];
  for (let i = 0; i < count; i++) results.push(await attempt('wrong', `${prefix}-${i}`));
  return results;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  limits = createLoginLimits();
});
afterEach(() => vi.useRealTimers());

describe('per client address (no trusted device)', () => {
  it('allows 10 failures in 15 minutes and refuses the 11th attempt until the window (from the first failure) passes', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await attempt('wrong', '1.2.3.4')).kind).toBe('wrong');
      vi.advanceTimersByTime(MINUTE);
    }
    expect(await attempt(PASSWORD, '1.2.3.4')).toEqual({ kind: 'limited', retryAfterSeconds: 5 * 60 });
    vi.advanceTimersByTime(5 * MINUTE - 1000);
    expect(await attempt(PASSWORD, '1.2.3.4')).toEqual({ kind: 'limited', retryAfterSeconds: 1 });
    vi.advanceTimersByTime(1000);
    expect((await attempt(PASSWORD, '1.2.3.4')).kind).toBe('ok');
  });

  it('a burst of 10 limits the client for the full 15 minutes; refused attempts do not extend it', async () => {
    for (let i = 0; i < 10; i++) await attempt('wrong', 'burst');
    expect(await attempt('wrong', 'burst')).toEqual({ kind: 'limited', retryAfterSeconds: 15 * 60 });
    vi.advanceTimersByTime(WINDOW_MS - 1);
    expect((await attempt(PASSWORD, 'burst')).kind).toBe('limited');
    vi.advanceTimersByTime(1);
    expect((await attempt(PASSWORD, 'burst')).kind).toBe('ok');
  });

  it('keeps clients apart, and a success clears the client', async () => {
    for (let i = 0; i < 10; i++) await attempt('wrong', 'attacker');
    expect((await attempt(PASSWORD, 'attacker')).kind).toBe('limited');
    for (let i = 0; i < 9; i++) await attempt('wrong', 'owner');
    expect((await attempt(PASSWORD, 'owner')).kind).toBe('ok');
    for (let i = 0; i < 9; i++) await attempt('wrong', 'owner');
    expect((await attempt(PASSWORD, 'owner')).kind).toBe('ok');
  });
});

describe('global pressure: many failures from many addresses slow new devices, never close the door', () => {
  it('below 100 untrusted failures nothing is slowed; from 100 on one untrusted attempt per 2 s passes', async () => {
    expect(kinds(await rotate(PRESSURE_FAILURES - 1)).every((k) => k === 'wrong')).toBe(true);
    expect((await attempt('wrong', 'the-100th')).kind).toBe('wrong');
    expect((await attempt('wrong', 'next')).kind).toBe('wrong'); // the door's turn
    expect(await attempt(PASSWORD, 'owner-new-device')).toEqual({ kind: 'slowed', retryAfterSeconds: 2 });
    vi.advanceTimersByTime(1500);
    expect(await attempt(PASSWORD, 'owner-new-device')).toEqual({ kind: 'slowed', retryAfterSeconds: 1 });
    vi.advanceTimersByTime(500);
    expect((await attempt(PASSWORD, 'owner-new-device')).kind).toBe('ok');
  });

  it('an address over its own limit is told so, and does not use up the slowed door', async () => {
    await rotate(PRESSURE_FAILURES);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(2000);
      expect((await attempt('wrong', 'one-address')).kind).toBe('wrong');
    }
    vi.advanceTimersByTime(2000);
    expect((await attempt('wrong', 'one-address')).kind).toBe('limited');
    expect((await attempt(PASSWORD, 'someone-else')).kind).toBe('ok');
  });

  it('pressure outlasts the 15-minute failure window while failures go on, and ends after 15 quiet minutes', async () => {
    await rotate(PRESSURE_FAILURES);
    // One failure every 2 s for 20 minutes: past the window in which the first 100 were counted.
    for (let t = 0; t < 20 * 60; t += 2) {
      vi.advanceTimersByTime(2000);
      await attempt('wrong', `slow-${t}`);
    }
    expect((await attempt(PASSWORD, 'new-device')).kind).toBe('slowed');
    vi.advanceTimersByTime(WINDOW_MS);
    expect(kinds(await rotate(5, 'after-calm'))).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'wrong']);
  });

  it('keeps memory bounded: a flood of forged addresses stores about 100 + one per 2 s client records', async () => {
    await rotate(10_000, 'flood');
    expect(storedClients()).toBeLessThanOrEqual(PRESSURE_FAILURES + 1);
    // 15 more minutes of flooding at 10 attempts per 2 s.
    for (let t = 0; t < LOGIN_WINDOW_SECONDS; t += 2) {
      vi.advanceTimersByTime(2000);
      await rotate(10, `flood-${t}`);
    }
    expect(storedClients()).toBeLessThanOrEqual(PRESSURE_FAILURES + LOGIN_WINDOW_SECONDS / 2 + 1);
  });
});

describe('trusted devices', () => {
  async function device(): Promise<string> {
    const result = await attempt(PASSWORD, 'home');
    if (result.kind !== 'ok') throw new Error('no login');
    return result.deviceToken;
  }

  it('a device cookie from an earlier login gets in under pressure and from an address over its limit', async () => {
    const cookie = await device();
    await rotate(PRESSURE_FAILURES + 50);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(2000);
      await attempt('wrong', 'cafe');
    }
    expect((await attempt(PASSWORD, 'cafe')).kind).toBe('limited');
    expect((await attempt(PASSWORD, 'cafe', cookie)).kind).toBe('ok');
  });

  it('a trusted device’s failures count against the device only, not its address nor the pressure', async () => {
    const cookie = await device();
    for (let round = 0; round < 12; round++) {
      for (let i = 0; i < 9; i++) expect((await attempt('wrong', `addr-${round}`, cookie)).kind).toBe('wrong');
      expect((await attempt(PASSWORD, `addr-${round}`, cookie)).kind).toBe('ok'); // a success clears the device
    }
    // 108 failures, none untrusted: nobody is slowed, no address is limited.
    expect((await attempt('wrong', 'stranger')).kind).toBe('wrong');
    expect((await attempt(PASSWORD, 'stranger')).kind).toBe('ok');
    expect((await attempt(PASSWORD, 'addr-0')).kind).toBe('ok');
  });

  it('a device over its budget is untrusted until its window passes: its attempts count against its address', async () => {
    const cookie = await device();
    for (let i = 0; i < 10; i++) expect((await attempt('wrong', 'thief', cookie)).kind).toBe('wrong');
    for (let i = 0; i < 10; i++) expect((await attempt('wrong', 'thief', cookie)).kind).toBe('wrong');
    expect((await attempt(PASSWORD, 'thief', cookie)).kind).toBe('limited');
    vi.advanceTimersByTime(WINDOW_MS);
    expect((await attempt(PASSWORD, 'thief', cookie)).kind).toBe('ok');
  });

  it('a success on a trusted device keeps its id and renews the cookie; a new device gets a new id', async () => {
    const cookie = await device();
    const again = await attempt(PASSWORD, 'elsewhere', cookie);
    if (again.kind !== 'ok') throw new Error('no login');
    expect(verifyDevice(again.deviceToken, SECRET)).toBe(verifyDevice(cookie, SECRET));
    const other = await attempt(PASSWORD, 'elsewhere');
    if (other.kind !== 'ok') throw new Error('no login');
    expect(verifyDevice(other.deviceToken, SECRET)).not.toBe(verifyDevice(cookie, SECRET));
  });
});

describe('device cookie values', () => {
  const NOW = 1_800_000_000;

  it('round-trips for 180 days and no longer', () => {
    const { token, id } = signDevice(SECRET, undefined, NOW);
    expect(verifyDevice(token, SECRET, NOW)).toBe(id);
    expect(verifyDevice(token, SECRET, NOW + DEVICE_TTL_SECONDS - 1)).toBe(id);
    expect(verifyDevice(token, SECRET, NOW + DEVICE_TTL_SECONDS)).toBeNull();
  });

  it('refuses another key, an edited payload, a flipped signature, a session token and junk', () => {
    const { token } = signDevice(SECRET, undefined, NOW);
    const [payload, signature] = token.split('.') as [string, string];
    const edited = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), id: 'A'.repeat(22) }),
    ).toString('base64url');
    expect(
      verifyDevice(signDevice('another-secret-that-is-long-enough-00000000', undefined, NOW).token, SECRET, NOW),
    ).toBeNull();
    expect(verifyDevice(`${edited}.${signature}`, SECRET, NOW)).toBeNull();
    // The signature's first character (all six bits count; the last one's low bits can be padding that decoding drops).
    expect(
      verifyDevice(`${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`, SECRET, NOW),
    ).toBeNull();
    expect(verifyDevice(signSession(SECRET, NOW).token, SECRET, NOW)).toBeNull();
    for (const bad of [undefined, '', 'abc', 'a.b', 'x'.repeat(600)]) expect(verifyDevice(bad, SECRET, NOW)).toBeNull();
  });
});
