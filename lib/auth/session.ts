import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

// The owner's session is a signed value, not a server-side record: `<payload>.<mac>`, both base64url,
// the MAC an HMAC-SHA256 over the payload with SESSION_SECRET. The expiry is inside the signed payload,
// so a cookie kept past its Max-Age (or edited) is still refused.

export const SESSION_COOKIE = 'owner_session';
export const SESSION_TTL_SECONDS = 12 * 60 * 60;
const MAX_TOKEN_LENGTH = 512;
/** Tolerated clock drift between the instances that sign and check. */
const SKEW_SECONDS = 60;

const Payload = z.object({
  v: z.literal(1),
  sub: z.literal('owner'),
  jti: z.string().regex(/^[\w-]{16,64}$/),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type Session = z.infer<typeof Payload>;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const mac = (secret: string, data: string) => createHmac('sha256', secret).update(`owner-session.${data}`).digest();

export function signSession(secret: string, now = nowSeconds()): { token: string; session: Session } {
  const session: Session = { v: 1, sub: 'owner', jti: randomBytes(16).toString('base64url'), iat: now, exp: now + SESSION_TTL_SECONDS };
  const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
  return { token: `${payload}.${mac(secret, payload).toString('base64url')}`, session };
}

/** The session a token carries, or null if it is malformed, forged, expired or not yet valid. */
export function verifySession(token: unknown, secret: string, now = nowSeconds()): Session | null {
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
  const { iat, exp } = parsed.data;
  if (exp <= now || iat > now + SKEW_SECONDS || exp - iat > SESSION_TTL_SECONDS) return null;
  return parsed.data;
}
