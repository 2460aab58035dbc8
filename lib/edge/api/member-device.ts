import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { httpOnlyCookie } from '@/lib/owner';
import { config } from '@/lib/core/config';
import { processSingleton } from '@/lib/core/process-singleton';
import { nowSeconds, signToken, verifyToken } from '@/lib/core/security/signed-token';
import { siteKey } from '@/lib/core/security/site-key';
import { accountKey } from './member-limits';

// A member's known device (OWASP's defence against lockout, as the owner has: lib/owner/tokens.ts). A sign-in that
// succeeds sets a signed cookie naming the account (by its digest, never the address) and a random device id; a later
// sign-in to that account from that browser is counted against the device alone, not against its client address's
// budget and without a captcha, so no one who shares the address (a NAT, a proxy the site does not trust, an
// attacker) can use up the member's share. A device that fails 10 times in 15 minutes is untrusted until its window
// passes, so a stolen cookie is no way around the limits.

export const MEMBER_DEVICE_COOKIE = 'member_device';
const DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;
/** Sent only to the sign-in route. */
const DEVICE_PATH = '/api/members/signin';
const LABEL = 'member-device';

const Payload = z.object({ acc: z.string().max(64), id: z.string().max(64), iat: z.number(), exp: z.number() });

/** Derived once per process (without SESSION_SECRET it is a file in DATA_DIR, not to be read on every sign-in). */
const key = () =>
  processSingleton('member-device-key', () => {
    const c = config();
    return siteKey(LABEL, c.sessionSecret, path.resolve(/*turbopackIgnore: true*/ c.dataDir)).toString('base64url');
  });

/** The cookie that makes this browser a known device of `email`'s account (null when there is no account key). */
export function memberDeviceCookie(email: string, secure: boolean, now = nowSeconds()): string | null {
  const acc = accountKey(email);
  if (!acc) return null;
  const token = signToken(LABEL, key(), {
    acc,
    id: randomBytes(16).toString('base64url'),
    iat: now,
    exp: now + DEVICE_TTL_SECONDS,
  });
  return httpOnlyCookie(MEMBER_DEVICE_COOKIE, token, secure, DEVICE_TTL_SECONDS, DEVICE_PATH);
}

/** The device id when `cookie` is a valid device of `email`'s account; null otherwise (forged, expired, another's). */
export function knownDevice(cookie: string | undefined, email: string, now = nowSeconds()): string | null {
  const acc = accountKey(email);
  const device = acc ? verifyToken(LABEL, Payload, DEVICE_TTL_SECONDS, cookie, key(), now) : null;
  return device && device.acc === acc ? device.id : null;
}
