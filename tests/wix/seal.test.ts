import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSession, sealSession } from '@/lib/members/wix';
import { sealer } from '@/lib/wix/seal';

// lib/wix/seal.ts: AES-256-GCM sealing of small secrets, in the two formats browsers already hold (the members' `w1`
// session and `l1` login state, the prefix bound as associated data; the likes' `v1` visitor cookie, without). The
// functions below are the code that sealed them before (lib/members/wix.ts and lib/likes/wix.ts at d49eea1), kept
// here so that what it sealed is proven to open, and what is sealed now to open with it.

function oldMembersSeal(secret: string, kind: 'w1' | 'l1', value: unknown): string {
  const key = createHmac('sha256', secret)
    .update(kind === 'w1' ? 'member-wix-session' : 'member-wix-login')
    .digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(kind));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [kind, iv, data, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

function oldMembersUnseal(secret: string, kind: 'w1' | 'l1', token: string): unknown {
  const match = /^(w1|l1)\.([\w-]{16})\.([\w-]+)\.([\w-]{22})$/.exec(token);
  if (!match || match[1] !== kind) return null;
  const key = createHmac('sha256', secret)
    .update(kind === 'w1' ? 'member-wix-session' : 'member-wix-login')
    .digest();
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(match[2]!, 'base64url'));
  decipher.setAAD(Buffer.from(kind));
  decipher.setAuthTag(Buffer.from(match[4]!, 'base64url'));
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(match[3]!, 'base64url')), decipher.final()]).toString());
}

function oldLikesSeal(secret: string, refreshToken: string): string {
  const key = createHmac('sha256', secret).update('likes-wix-visitor').digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(refreshToken, 'utf8'), cipher.final()]);
  return ['v1', iv, data, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

function oldLikesUnseal(secret: string, value: string): string | null {
  const match = /^v1\.([\w-]{16})\.([\w-]+)\.([\w-]{22})$/.exec(value);
  if (!match) return null;
  const key = createHmac('sha256', secret).update('likes-wix-visitor').digest();
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(match[1]!, 'base64url'));
  decipher.setAuthTag(Buffer.from(match[3]!, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(match[2]!, 'base64url')), decipher.final()]).toString('utf8');
}

const SECRET = 'a-feature-key-for-the-seal-test';
const likes = sealer({ secret: SECRET, purpose: 'likes-wix-visitor', prefix: 'v1', maxLength: 4096 });
const session = {
  v: 1 as const,
  sub: 'sub',
  jti: 'session-id-0123456789',
  rt: 'OauthNG.JWS.refresh-ü',
  iat: 0,
  exp: 0,
};

/** `sealed` with one character of its part `part` (1: iv, 2: data, 3: tag) changed. */
const tampered = (sealed: string, part: number) =>
  sealed
    .split('.')
    .map((p, i) => (i === part ? (p[0] === 'A' ? 'B' : 'A') + p.slice(1) : p))
    .join('.');

describe('sealing small secrets', () => {
  it('opens what it sealed, and nothing it did not', () => {
    const sealed = likes.seal('OauthNG.JWS.visitor-refresh ✓');
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(sealed).not.toContain('visitor');
    expect(likes.open(sealed)).toBe('OauthNG.JWS.visitor-refresh ✓');
    expect(likes.seal('x')).not.toBe(likes.seal('x')); // a fresh IV each time
    for (const part of [1, 2, 3]) expect(likes.open(tampered(sealed, part))).toBeNull();
    expect(likes.open(`w1${sealed.slice(2)}`)).toBeNull();
    expect(likes.open(`${sealed}.x`)).toBeNull();
    expect(likes.open(undefined)).toBeNull();
    expect(likes.open(42)).toBeNull();
    const other = (changes: object) =>
      sealer({ secret: SECRET, purpose: 'likes-wix-visitor', prefix: 'v1', maxLength: 4096, ...changes });
    expect(other({ secret: 'another-key' }).open(sealed)).toBeNull();
    expect(other({ purpose: 'another-purpose' }).open(sealed)).toBeNull();
    expect(other({ bindPrefix: true }).open(sealed)).toBeNull();
    expect(other({ maxLength: sealed.length - 1 }).open(sealed)).toBeNull();
  });

  it('opens a visitor cookie the likes sealed before, and seals one the old code opens', () => {
    const old = oldLikesSeal(SECRET, 'OauthNG.JWS.visitor-refresh-1');
    expect(likes.open(old)).toBe('OauthNG.JWS.visitor-refresh-1');
    expect(oldLikesUnseal(SECRET, likes.seal('OauthNG.JWS.visitor-refresh-2'))).toBe('OauthNG.JWS.visitor-refresh-2');
  });

  it('opens a member session and a login state sealed before, and seals what the old code opens', () => {
    const now = Math.floor(Date.now() / 1000);
    const live = { ...session, iat: now, exp: now + 3600 };
    expect(openSession(SECRET, oldMembersSeal(SECRET, 'w1', live), now)).toEqual(live);
    expect(oldMembersUnseal(SECRET, 'w1', sealSession(SECRET, live))).toEqual(live);
    // A login state is no session: the kind is bound, as before.
    expect(openSession(SECRET, oldMembersSeal(SECRET, 'l1', live), now)).toBeNull();
    const login = sealer({
      secret: SECRET,
      purpose: 'member-wix-login',
      prefix: 'l1',
      bindPrefix: true,
      maxLength: 6000,
    });
    const state = { v: 1, st: 'state', cv: 'verifier', n: '/post/x', p: 'login', exp: now + 600 };
    expect(JSON.parse(login.open(oldMembersSeal(SECRET, 'l1', state))!)).toEqual(state);
    expect(oldMembersUnseal(SECRET, 'l1', login.seal(JSON.stringify(state)))).toEqual(state);
  });

  it('authenticates a bound prefix: the same bytes under another prefix do not open', () => {
    const of = (prefix: string, bindPrefix: boolean) =>
      sealer({ secret: SECRET, purpose: 'a purpose', prefix, bindPrefix, maxLength: 6000 });
    expect(of('w2', true).open(`w2${of('w1', true).seal('x').slice(2)}`)).toBeNull();
    expect(of('v2', false).open(`v2${of('v1', false).seal('x').slice(2)}`)).toBe('x');
  });
});
