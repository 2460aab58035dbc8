import { createHmac, timingSafeEqual, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { processSingleton } from '@/lib/process-singleton';

// The owner's signed tokens: the session and the device cookie, each a signed value under its own label (no
// server-side record), and the list of sessions ended by logout.

// A signed value, not a server-side record: `base64url(JSON payload).base64url(HMAC-SHA256)` keyed with
// SESSION_SECRET. Each kind signs under its own label, so a token of one kind is never accepted as another. The
// expiry is inside the signed payload, so a cookie kept past its Max-Age (or edited) is still refused.

const MAX_TOKEN_LENGTH = 512;
/** Tolerated clock drift between the instances that sign and check. */
const SKEW_SECONDS = 60;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

const mac = (label: string, secret: string, data: string) =>
  createHmac('sha256', secret).update(`${label}.${data}`).digest();

export function signToken(label: string, secret: string, payload: object): string {
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${mac(label, secret, encoded).toString('base64url')}`;
}

/**
 * The payload a token carries, or null if it is malformed, forged, expired, not yet valid, or claims a lifetime
 * longer than `ttlSeconds`.
 */
export function verifyToken<T extends { iat: number; exp: number }>(
  label: string,
  schema: z.ZodType<T>,
  ttlSeconds: number,
  token: unknown,
  secret: string,
  now: number,
): T | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const match = /^([\w-]+)\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, payload, signature] = match as unknown as [string, string, string];
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(label, secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) return null;
  const { iat, exp } = parsed.data;
  if (exp <= now || iat > now + SKEW_SECONDS || exp - iat > ttlSeconds) return null;
  return parsed.data;
}

// The owner's session is a signed token (above), not a server-side record: revocation is a list of
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

// Sessions ended by logout, kept until they would have expired anyway. Per process: with several
// instances a copied cookie stays valid on the others until its expiry (see docs/security.md).

const MAX_REVOKED = 10_000;

const revoked = () => processSingleton('revoked-sessions', () => new Map<string, number>());

export function revokeSession(jti: string, exp: number, now = Math.floor(Date.now() / 1000)): void {
  const map = revoked();
  for (const [id, until] of map) if (until <= now) map.delete(id);
  map.set(jti, exp);
  while (map.size > MAX_REVOKED) map.delete(map.keys().next().value!);
}

export const isRevoked = (jti: string) => revoked().has(jti);
