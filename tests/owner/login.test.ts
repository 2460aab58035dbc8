import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from '@/lib/core/config';
import { attemptLogin } from '@/lib/owner/login';
import { createLoginLimits } from '@/lib/core/security/limits';
import { verifyDevice } from '@/lib/owner/tokens';
import { verifySession } from '@/lib/owner/tokens';

const readOwnerConfig = (env: Record<string, string | undefined>) => readConfig(env).owner;
const SECRET = 's'.repeat(40);
const ready = readOwnerConfig({ OWNER_PASSWORD: 'hunter2!', SESSION_SECRET: SECRET });
const limiter = () => createLoginLimits();
const attempt = (password: string, client: string) => ({ password, client });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('owner configuration', () => {
  it('is disabled without OWNER_PASSWORD, and says so', () => {
    expect(readOwnerConfig({})).toEqual({ status: 'disabled', message: expect.stringContaining('OWNER_PASSWORD') });
    expect(readOwnerConfig({ OWNER_PASSWORD: '', SESSION_SECRET: SECRET }).status).toBe('disabled');
  });

  it('names SESSION_SECRET when it is missing or shorter than 32 characters', () => {
    for (const secret of [undefined, '', 'short', 'x'.repeat(31), `  ${'x'.repeat(30)}  `]) {
      expect(readOwnerConfig({ OWNER_PASSWORD: 'pw', SESSION_SECRET: secret })).toEqual({
        status: 'misconfigured',
        message: expect.stringContaining('SESSION_SECRET'),
      });
    }
    expect(readOwnerConfig({ OWNER_PASSWORD: 'pw', SESSION_SECRET: 'x'.repeat(32) }).status).toBe('ready');
  });
});

describe('attemptLogin', () => {
  it('signs a session and a device cookie for the right password', async () => {
    const result = await attemptLogin(attempt('hunter2!', 'c'), ready, limiter());
    expect(result.kind).toBe('ok');
    if (result.kind === 'ok') {
      expect(verifySession(result.token, SECRET)).toEqual(result.session);
      expect(verifyDevice(result.deviceToken, SECRET)).toMatch(/^[\w-]{22}$/);
    }
  });

  it('lets nobody in when login is disabled or misconfigured', async () => {
    expect((await attemptLogin(attempt('', 'c'), readOwnerConfig({}), limiter())).kind).toBe('disabled');
    expect((await attemptLogin(attempt('pw', 'c'), readOwnerConfig({ OWNER_PASSWORD: 'pw' }), limiter())).kind).toBe(
      'misconfigured',
    );
  });

  it('counts wrong passwords and then refuses even the right one until the window passes', async () => {
    const l = limiter();
    for (let i = 0; i < 10; i++) expect((await attemptLogin(attempt(`guess-${i}`, 'c'), ready, l)).kind).toBe('wrong');
    expect(await attemptLogin(attempt('hunter2!', 'c'), ready, l)).toEqual({ kind: 'limited', retryAfterSeconds: 900 });
    vi.advanceTimersByTime(15 * 60_000);
    expect((await attemptLogin(attempt('hunter2!', 'c'), ready, l)).kind).toBe('ok');
  });

  it('a success forgets earlier failures', async () => {
    const l = limiter();
    for (let i = 0; i < 9; i++) await attemptLogin(attempt('nope', 'c'), ready, l);
    expect((await attemptLogin(attempt('hunter2!', 'c'), ready, l)).kind).toBe('ok');
    for (let i = 0; i < 9; i++) await attemptLogin(attempt('nope', 'c'), ready, l);
    expect((await attemptLogin(attempt('hunter2!', 'c'), ready, l)).kind).toBe('ok');
  });
});
