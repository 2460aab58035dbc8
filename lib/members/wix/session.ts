import { z } from 'zod';
import { sealer } from '@/lib/wix/seal';
import { MEMBER_SESSION_TTL_SECONDS } from '../tokens';

// What the Wix provider gives the browser, sealed (lib/wix/seal.ts: AES-256-GCM, the prefix as associated data, a key
// per kind derived from the members key): a session (`w1`: the member's refresh token, a session id, an expiry), and
// the Wix login page's state (`l1`: PKCE verifier, state, where to go next) between the redirect and the callback.

const SessionPayload = z.object({
  v: z.literal(1),
  sub: z.string().max(100),
  jti: z.string().regex(/^[\w-]{16,64}$/),
  rt: z.string().min(1).max(4000),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type WixSession = z.infer<typeof SessionPayload>;

/** The Wix login page's state, between the redirect to Wix and the callback: never readable in the browser. */
export const LoginPayload = z.object({
  v: z.literal(1),
  st: z.string().regex(/^[\w-]{16,128}$/),
  cv: z.string().regex(/^[\w-]{43,128}$/),
  n: z.string().max(1000),
  p: z.enum(['login', 'none']),
  exp: z.number().int(),
});
export type WixLoginState = z.infer<typeof LoginPayload>;

const MAX_SEALED_LENGTH = 6000;

const SEALS = {
  w1: 'member-wix-session',
  l1: 'member-wix-login',
} as const;

/** A key per kind (`w1` a session, `l1` a login page's state): JSON in, opaque text out. */
const sealerOf = (secret: string, kind: keyof typeof SEALS) =>
  sealer({ secret, purpose: SEALS[kind], prefix: kind, bindPrefix: true, maxLength: MAX_SEALED_LENGTH });

const seal = (secret: string, kind: keyof typeof SEALS, value: unknown) =>
  sealerOf(secret, kind).seal(JSON.stringify(value));

/** The JSON sealed, or null (another kind, key or a changed byte). */
function unseal(secret: string, kind: keyof typeof SEALS, token: unknown): unknown {
  const text = sealerOf(secret, kind).open(token);
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const sealSession = (secret: string, session: WixSession): string => seal(secret, 'w1', session);

export function openSession(secret: string, token: unknown, now: number): WixSession | null {
  const parsed = SessionPayload.safeParse(unseal(secret, 'w1', token));
  if (!parsed.success) return null;
  const { iat, exp } = parsed.data;
  if (exp <= now || iat > now + 60 || exp - iat > MEMBER_SESSION_TTL_SECONDS) return null;
  return parsed.data;
}

export const sealLoginState = (secret: string, login: WixLoginState): string => seal(secret, 'l1', login);

/** The login page's state as sealed, or null (none, another's, tampered); its expiry is the caller's to check. */
export function openLoginState(secret: string, sealed: unknown): WixLoginState | null {
  const parsed = LoginPayload.safeParse(unseal(secret, 'l1', sealed));
  return parsed.success ? parsed.data : null;
}
