import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { nowSeconds, signToken, verifyToken } from './signed-token';

// The owner's session is a signed token (./signed-token.ts), not a server-side record: revocation is a list of
// revoked ids (jti) kept until they expire.

export const SESSION_COOKIE = 'owner_session';
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

const Payload = z.object({
  v: z.literal(1),
  sub: z.literal('owner'),
  jti: z.string().regex(/^[\w-]{16,64}$/),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type Session = z.infer<typeof Payload>;

export function signSession(secret: string, now = nowSeconds()): { token: string; session: Session } {
  const session: Session = { v: 1, sub: 'owner', jti: randomBytes(16).toString('base64url'), iat: now, exp: now + SESSION_TTL_SECONDS };
  return { token: signToken('owner-session', secret, session), session };
}

/** The session a token carries, or null if it is malformed, forged, expired or not yet valid. */
export function verifySession(token: unknown, secret: string, now = nowSeconds()): Session | null {
  return verifyToken('owner-session', Payload, SESSION_TTL_SECONDS, token, secret, now);
}
