import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

// The device cookie (OWASP's defence against lockout by failed logins): after a successful login the browser
// keeps a signed, random device id for 180 days. A login attempt carrying a valid one is limited per device,
// not per address, so an attacker rotating forged addresses cannot keep the owner out of a browser they have
// signed in from before. Same shape as the session token, `base64url(payload).base64url(HMAC-SHA256)` keyed
// with SESSION_SECRET, under its own label, so a session token is never a device cookie nor the reverse.

export const DEVICE_COOKIE = 'owner_device';
export const DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;
/** The cookie is only ever sent to the login route. */
export const DEVICE_COOKIE_PATH = '/api/owner/session';
const MAX_TOKEN_LENGTH = 512;
const SKEW_SECONDS = 60;

const Payload = z.object({
  v: z.literal(1),
  sub: z.literal('device'),
  id: z.string().regex(/^[\w-]{22}$/),
  iat: z.number().int(),
  exp: z.number().int(),
});
type Device = z.infer<typeof Payload>;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const mac = (secret: string, data: string) => createHmac('sha256', secret).update(`owner-device.${data}`).digest();

export const newDeviceId = () => randomBytes(16).toString('base64url');

/** A signed device cookie value naming `id` (a new random id when none is given). */
export function signDevice(secret: string, id = newDeviceId(), now = nowSeconds()): { token: string; id: string } {
  const device: Device = { v: 1, sub: 'device', id, iat: now, exp: now + DEVICE_TTL_SECONDS };
  const payload = Buffer.from(JSON.stringify(device)).toString('base64url');
  return { token: `${payload}.${mac(secret, payload).toString('base64url')}`, id };
}

/** The device id a cookie value names, or null if it is malformed, forged, expired or not yet valid. */
export function verifyDevice(token: unknown, secret: string, now = nowSeconds()): string | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const match = /^([\w-]+)\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, payload, signature] = match as unknown as [string, string, string];
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = Payload.safeParse(data);
  if (!parsed.success) return null;
  const { iat, exp, id } = parsed.data;
  if (exp <= now || iat > now + SKEW_SECONDS || exp - iat > DEVICE_TTL_SECONDS) return null;
  return id;
}
