import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { nowSeconds, signToken, verifyToken } from './signed-token';

// The device cookie (OWASP's defence against lockout by failed logins): after a successful login the browser
// keeps a signed, random device id for 180 days. A login attempt carrying a valid one is limited per device,
// not per address, so an attacker rotating forged addresses cannot keep the owner out of a browser they have
// signed in from before. A signed token (./signed-token.ts) under its own label, so a session token is never a
// device cookie nor the reverse.

export const DEVICE_COOKIE = 'owner_device';
export const DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;
/** The cookie is only ever sent to the login route. */
export const DEVICE_COOKIE_PATH = '/api/owner/session';
const Payload = z.object({
  v: z.literal(1),
  sub: z.literal('device'),
  id: z.string().regex(/^[\w-]{22}$/),
  iat: z.number().int(),
  exp: z.number().int(),
});
type Device = z.infer<typeof Payload>;

export const newDeviceId = () => randomBytes(16).toString('base64url');

/** A signed device cookie value naming `id` (a new random id when none is given). */
export function signDevice(secret: string, id = newDeviceId(), now = nowSeconds()): { token: string; id: string } {
  const device: Device = { v: 1, sub: 'device', id, iat: now, exp: now + DEVICE_TTL_SECONDS };
  return { token: signToken('owner-device', secret, device), id };
}

/** The device id a cookie value names, or null if it is malformed, forged, expired or not yet valid. */
export function verifyDevice(token: unknown, secret: string, now = nowSeconds()): string | null {
  return verifyToken('owner-device', Payload, DEVICE_TTL_SECONDS, token, secret, now)?.id ?? null;
}
