import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';

// A signed value, not a server-side record: `base64url(JSON payload).base64url(HMAC-SHA256)` keyed with a secret
// (SESSION_SECRET for the owner, a members key for members). Each kind signs under its own label, so a token of one
// kind is never accepted as another. The expiry is inside the signed payload, so a cookie kept past its Max-Age (or
// edited) is still refused. The owner's tokens (lib/owner/tokens.ts) and the members' (lib/members) both sign here.

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

/**
 * A mailed link's signature: HMAC-SHA256 under `key` of the label and the parts, one per line, cut to 16 bytes (22
 * base64url characters, short enough for a mail's URL). Each kind of link signs under its own label (`confirm`,
 * `unsubscribe`, `stop-replies`, `digest-off`, `click`, `open`), so one kind's token never holds as another's.
 */
export const linkMac = (key: Buffer, label: string, ...parts: (string | number)[]) =>
  createHmac('sha256', key)
    .update([label, ...parts].join('\n'))
    .digest()
    .subarray(0, 16)
    .toString('base64url');

/** Whether `token` is the link signature of this label and these parts under `key` (compared in constant time). */
export function linkMacHolds(key: Buffer, token: unknown, label: string, ...parts: (string | number)[]): boolean {
  if (typeof token !== 'string' || !/^[\w-]{22}$/.test(token)) return false;
  const expected = Buffer.from(linkMac(key, label, ...parts));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
