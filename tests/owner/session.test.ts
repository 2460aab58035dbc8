import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SESSION_TTL_SECONDS, signSession, verifySession } from '@/lib/owner/tokens';

const SECRET = 'a-session-secret-for-the-unit-tests-0123456789';
const NOW = 1_800_000_000;

const parts = (token: string) => token.split('.') as [string, string];
const payloadOf = (token: string) => JSON.parse(Buffer.from(parts(token)[0], 'base64url').toString());
const resign = (payload: object, secret = SECRET) => {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(`owner-session.${body}`).digest('base64url')}`;
};

describe('session tokens', () => {
  it('round-trips: the token carries a 12-hour expiry inside the signed payload', () => {
    const { token, session } = signSession(SECRET, NOW);
    expect(session).toMatchObject({ v: 1, sub: 'owner', iat: NOW, exp: NOW + 12 * 60 * 60 });
    expect(payloadOf(token)).toEqual(session);
    expect(verifySession(token, SECRET, NOW)).toEqual(session);
    expect(verifySession(token, SECRET, NOW + SESSION_TTL_SECONDS - 1)).toEqual(session);
  });

  it('every session gets its own id', () => {
    expect(signSession(SECRET, NOW).session.jti).not.toBe(signSession(SECRET, NOW).session.jti);
  });

  it('expires exactly at exp, whatever the cookie Max-Age says', () => {
    const { token } = signSession(SECRET, NOW);
    expect(verifySession(token, SECRET, NOW + SESSION_TTL_SECONDS)).toBeNull();
    expect(verifySession(token, SECRET, NOW + 10 * SESSION_TTL_SECONDS)).toBeNull();
  });

  it('refuses a token signed with another secret', () => {
    const { token } = signSession('another-secret-that-is-long-enough-0000000000', NOW);
    expect(verifySession(token, SECRET, NOW)).toBeNull();
  });

  it('refuses a payload edited without re-signing (a later expiry)', () => {
    const { token } = signSession(SECRET, NOW);
    const [, signature] = parts(token);
    const edited = Buffer.from(JSON.stringify({ ...payloadOf(token), exp: NOW + 10 * SESSION_TTL_SECONDS })).toString(
      'base64url',
    );
    expect(verifySession(`${edited}.${signature}`, SECRET, NOW + SESSION_TTL_SECONDS + 1)).toBeNull();
  });

  it('refuses a flipped signature character and a truncated signature', () => {
    const { token } = signSession(SECRET, NOW);
    // The signature's first character: the last one's low bits can be base64url padding that decoding drops.
    const [payload, signature] = token.split('.') as [string, string];
    const flipped = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(verifySession(flipped, SECRET, NOW)).toBeNull();
    expect(verifySession(token.slice(0, -1), SECRET, NOW)).toBeNull();
  });

  it('refuses validly signed payloads that are not a session of ours', () => {
    const base = payloadOf(signSession(SECRET, NOW).token);
    expect(verifySession(resign({ ...base, sub: 'someone' }), SECRET, NOW)).toBeNull();
    expect(verifySession(resign({ ...base, v: 2 }), SECRET, NOW)).toBeNull();
    expect(verifySession(resign({ ...base, iat: NOW + 3600, exp: NOW + 7200 }), SECRET, NOW)).toBeNull();
    expect(verifySession(resign({ ...base, exp: NOW + 2 * SESSION_TTL_SECONDS }), SECRET, NOW)).toBeNull();
    expect(verifySession(resign({ ...base, exp: 'never' }), SECRET, NOW)).toBeNull();
    expect(verifySession(resign(base), SECRET, NOW)).toMatchObject({ sub: 'owner' });
  });

  it('refuses malformed input without throwing', () => {
    for (const bad of [
      undefined,
      null,
      42,
      '',
      '.',
      'abc',
      'a.b.c',
      'x'.repeat(600),
      `${'a'.repeat(20)}.${'!'.repeat(43)}`,
      'bm90IGpzb24.' + 'A'.repeat(43),
    ]) {
      expect(verifySession(bad, SECRET, NOW)).toBeNull();
    }
  });
});
