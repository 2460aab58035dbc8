import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST } from '@/app/api/owner/session/route';
import { signSession } from '@/lib/owner/tokens';
import { withSite } from '../helpers/site';

// Issue 9, defect 4: an attacker who rotates forged X-Forwarded-For values must not lock the owner out.
// Time is Vitest's fake clock (Date and the limiter's timers), so "2 seconds later" costs nothing and never flakes.

const PASSWORD = 'lockout-test-password';
const SECRET = 'lockout-test-secret-that-is-long-enough-0123456789';
const URL = 'http://127.0.0.1:3000/api/owner/session';
const OWNER_ADDRESS = '203.0.113.5';

const post = (password: string, headers: Record<string, string> = {}) =>
  POST(
    new Request(URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ password }),
    }),
  );
const deviceOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => /^owner_device=([^;]*)/.exec(cookie)?.[1])
    .find(Boolean);
const withDevice = (device: string | undefined, address = OWNER_ADDRESS) => ({
  'x-forwarded-for': address,
  cookie: `owner_device=${device}`,
});
const wdeOf = async (response: Response) =>
  ((await response.json()) as { error: { wde: string; message: string } }).error;

/** 200 wrong passwords in 4 seconds, each from its own forged client address. */
async function attack(): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 200; i++) {
    statuses.push((await post(`guess-${i}`, { 'x-forwarded-for': `10.66.${i >> 8}.${i & 255}` })).status);
    vi.advanceTimersByTime(20);
  }
  return statuses;
}

/** One wrong attempt let through the slowed door, so the next new-device attempt within 2 s is over the rate. */
async function takeTheDoor(address = '10.99.0.1') {
  vi.advanceTimersByTime(2000);
  expect((await post('attacker-guess', { 'x-forwarded-for': address })).status).toBe(401);
}

withSite({ OWNER_PASSWORD: PASSWORD, SESSION_SECRET: SECRET, SITE_URL: 'http://127.0.0.1:3000' });
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  // Every test starts from an empty process-wide limiter.
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('wix-blog.owner-login-limits')];
});
afterEach(() => vi.useRealTimers());

describe('200 failures from 200 forged addresses', () => {
  it('(a) the owner on a device that signed in before gets in at once, even from an address over its limit', async () => {
    const earlier = await post(PASSWORD, { 'x-forwarded-for': OWNER_ADDRESS });
    expect(earlier.status).toBe(204);
    const device = deviceOf(earlier);
    expect(device).toBeTruthy();

    const statuses = await attack();
    expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);

    // The owner's address itself is exhausted too (10 failures from it, spaced past the slowed door).
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(2000);
      expect((await post(`typo-${i}`, { 'x-forwarded-for': OWNER_ADDRESS })).status).toBe(401);
    }
    await takeTheDoor();
    const owner = await post(PASSWORD, withDevice(device));
    expect(owner.status).toBe(204);
    expect(owner.headers.getSetCookie().some((c) => c.startsWith('owner_session='))).toBe(true);
  });

  it('(b) a new device with the right password gets in within a few retries spaced by Retry-After (2 s)', async () => {
    await attack();
    let response = await post(PASSWORD, { 'x-forwarded-for': '203.0.113.9' });
    let tries = 1;
    while (response.status === 429 && tries < 3) {
      const error = await wdeOf(response);
      expect(error.wde).toBe('WDE9430');
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(2);
      vi.advanceTimersByTime(retryAfter * 1000);
      response = await post(PASSWORD, { 'x-forwarded-for': '203.0.113.9' });
      tries++;
    }
    expect(response.status).toBe(204);
    expect(deviceOf(response)).toBeTruthy();
  });

  it('new devices are slowed, not refused: over the rate is a 429 that says so honestly, with Retry-After: 2', async () => {
    await attack();
    await takeTheDoor();
    const slowed = await post(PASSWORD, { 'x-forwarded-for': '203.0.113.10' });
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get('retry-after')).toBe('2');
    const error = await wdeOf(slowed);
    expect(error.wde).toBe('WDE9430');
    expect(error.message).toContain('slowed to one attempt every 2 seconds');
    expect(error.message).toContain('Devices you have signed in from before are not affected');
    expect(error.message).not.toContain('from this client');
    vi.advanceTimersByTime(2000);
    expect((await post(PASSWORD, { 'x-forwarded-for': '203.0.113.10' })).status).toBe(204);
  });

  it('(c) the per-client limit still answers 429 WDE9429 to one address after 10 failures', async () => {
    await attack();
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(2000);
      expect((await post(`wrong-${i}`, { 'x-forwarded-for': '198.18.7.7' })).status).toBe(401);
    }
    vi.advanceTimersByTime(2000);
    const limited = await post(PASSWORD, { 'x-forwarded-for': '198.18.7.7' });
    expect(limited.status).toBe(429);
    const error = await wdeOf(limited);
    expect(error.wde).toBe('WDE9429');
    expect(error.message).toMatch(/^too many failed logins from this client; retry in 15 minutes$/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('a tampered, foreign-key or session-shaped device cookie counts as no cookie', async () => {
    const device = deviceOf(await post(PASSWORD, { 'x-forwarded-for': OWNER_ADDRESS }))!;
    await attack();
    // The signature's first character: the last one's low bits can be base64url padding that decoding drops.
    const [payload, signature] = device.split('.') as [string, string];
    const flipped = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const forged = [
      flipped,
      `${payload}.${'A'.repeat(43)}`,
      signSession(SECRET).token, // a valid session token is not a device cookie
      'garbage',
    ];
    for (const cookie of forged) {
      await takeTheDoor();
      const response = await post(PASSWORD, withDevice(cookie, '203.0.113.77'));
      expect(response.status, cookie).toBe(429);
      expect((await wdeOf(response)).wde).toBe('WDE9430');
    }
  });

  it('a device that fails 10 times is limited: its cookie is untrusted until its window passes', async () => {
    const device = deviceOf(await post(PASSWORD, { 'x-forwarded-for': OWNER_ADDRESS }))!;
    await attack();
    // A trusted device is neither slowed nor counted against its address...
    for (let i = 0; i < 10; i++) expect((await post(`stolen-cookie-${i}`, withDevice(device))).status).toBe(401);
    // ...until it has failed 10 times: then it is a new device again, and slowed like one.
    await takeTheDoor();
    const untrusted = await post(PASSWORD, withDevice(device));
    expect(untrusted.status).toBe(429);
    expect((await wdeOf(untrusted)).wde).toBe('WDE9430');

    vi.advanceTimersByTime(15 * 60_000);
    await attack();
    await takeTheDoor();
    expect((await post(PASSWORD, withDevice(device))).status).toBe(204);
  });
});
