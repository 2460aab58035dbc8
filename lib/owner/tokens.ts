import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { config } from '@/lib/core/config';
import { processSingleton } from '@/lib/core/process-singleton';
import { siteRedis, syncedMarks } from '@/lib/core/redis/shared';
import { nowSeconds, signToken, verifyToken } from '@/lib/core/security/signed-token';

// The owner's signed tokens: the session and the device cookie, each a signed value under its own label (no
// server-side record), and the list of sessions ended by logout.

// The signing itself (labels, HMAC-SHA256 over SESSION_SECRET, expiry inside the payload) is shared with the
// members' tokens: lib/core/security/signed-token.ts.

// The owner's session is a signed token, not a server-side record: revocation is a list of
// revoked ids (jti) kept until they expire.

export const SESSION_COOKIE = 'owner_session';
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

const SessionPayload = z.object({
  v: z.literal(1),
  sub: z.literal('owner'),
  jti: z.string().regex(/^[\w-]{16,64}$/),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type Session = z.infer<typeof SessionPayload>;

export function signSession(secret: string, now = nowSeconds()): { token: string; session: Session } {
  const session: Session = {
    v: 1,
    sub: 'owner',
    jti: randomBytes(16).toString('base64url'),
    iat: now,
    exp: now + SESSION_TTL_SECONDS,
  };
  return { token: signToken('owner-session', secret, session), session };
}

/** The session a token carries, or null if it is malformed, forged, expired or not yet valid. */
export function verifySession(token: unknown, secret: string, now = nowSeconds()): Session | null {
  return verifyToken('owner-session', SessionPayload, SESSION_TTL_SECONDS, token, secret, now);
}

// The device cookie (OWASP's defence against lockout by failed logins): after a successful login the browser
// keeps a signed, random device id for 180 days. A login attempt carrying a valid one is limited per device,
// not per address, so an attacker rotating forged addresses cannot keep the owner out of a browser they have
// signed in from before. A signed token (above) under its own label, so a session token is never a
// device cookie nor the reverse.

export const DEVICE_COOKIE = 'owner_device';
export const DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;
/** The cookie is only ever sent to the login route. */
export const DEVICE_COOKIE_PATH = '/api/owner/session';
const DevicePayload = z.object({
  v: z.literal(1),
  sub: z.literal('device'),
  id: z.string().regex(/^[\w-]{22}$/),
  iat: z.number().int(),
  exp: z.number().int(),
});
type Device = z.infer<typeof DevicePayload>;

export const newDeviceId = () => randomBytes(16).toString('base64url');

/** A signed device cookie value naming `id` (a new random id when none is given). */
export function signDevice(secret: string, id = newDeviceId(), now = nowSeconds()): { token: string; id: string } {
  const device: Device = { v: 1, sub: 'device', id, iat: now, exp: now + DEVICE_TTL_SECONDS };
  return { token: signToken('owner-device', secret, device), id };
}

/** The device id a cookie value names, or null if it is malformed, forged, expired or not yet valid. */
export function verifyDevice(token: unknown, secret: string, now = nowSeconds()): string | null {
  return verifyToken('owner-device', DevicePayload, DEVICE_TTL_SECONDS, token, secret, now)?.id ?? null;
}

// Sessions ended by logout, kept until they would have expired anyway. With REDIS_URL every instance learns of a
// logout at once (lib/core/redis/shared.ts syncedMarks: checked without waiting, as the session check is synchronous),
// so a copied cookie stops working everywhere; without it, in this process.

const MAX_REVOKED = 10_000;

const revoked = () =>
  processSingleton('revoked-sessions', () => syncedMarks('owner:revoked', siteRedis(config().redisUrl), MAX_REVOKED));

export function revokeSession(jti: string, exp: number, now = Math.floor(Date.now() / 1000)): void {
  revoked().mark(jti, exp - now);
}

export const isRevoked = (jti: string) => revoked().has(jti);
