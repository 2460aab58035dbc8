import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { config } from '@/lib/core/config';
import { processSingleton } from '@/lib/core/process-singleton';
import { type SharedMarks, sharedMarks, siteRedis } from '@/lib/core/redis/shared';
import { signToken, verifyToken } from '@/lib/core/security/signed-token';

// The members' signed tokens, each under its own label (lib/core/security/signed-token.ts, as the owner's): the
// session, the verification state token, the captcha state token and the password reset token. A token of one kind is
// never accepted as another, nor as the owner's.

export const MEMBER_SESSION_TTL_SECONDS = 14 * 24 * 60 * 60;
export const VERIFICATION_TTL_SECONDS = 15 * 60;
export const RESET_TTL_SECONDS = 60 * 60;
export const CAPTCHA_STATE_TTL_SECONDS = 10 * 60;

const Id = z.string().regex(/^[\w-]{1,64}$/);
const Times = { iat: z.number().int(), exp: z.number().int() };

const SessionPayload = z.object({ v: z.literal(1), sub: Id, jti: Id, ep: z.number().int().min(0), ...Times });
export type MemberSession = z.infer<typeof SessionPayload>;

export function signMemberSession(secret: string, memberId: string, epoch: number, now: number) {
  const session: MemberSession = {
    v: 1,
    sub: memberId,
    jti: randomBytes(16).toString('base64url'),
    ep: epoch,
    iat: now,
    exp: now + MEMBER_SESSION_TTL_SECONDS,
  };
  return signToken('member-session', secret, session);
}

export const verifyMemberSession = (token: unknown, secret: string, now: number) =>
  verifyToken('member-session', SessionPayload, MEMBER_SESSION_TTL_SECONDS, token, secret, now);

/** EMAIL_VERIFICATION_REQUIRED's state token: names the member and the verification it continues. */
const VerificationPayload = z.object({ v: z.literal(1), sub: Id, n: Id, ...Times });

export const signVerification = (secret: string, memberId: string, nonce: string, now: number) =>
  signToken('member-verification', secret, {
    v: 1,
    sub: memberId,
    n: nonce,
    iat: now,
    exp: now + VERIFICATION_TTL_SECONDS,
  });

export const verifyVerification = (token: unknown, secret: string, now: number) =>
  verifyToken('member-verification', VerificationPayload, VERIFICATION_TTL_SECONDS, token, secret, now);

/** The captcha states' token: which client was asked (the next slice checks the captcha against it). */
const CaptchaPayload = z.object({ v: z.literal(1), c: z.string().max(100), k: z.enum(['user', 'silent']), ...Times });

export const signCaptchaState = (secret: string, client: string, kind: 'user' | 'silent', now: number) =>
  signToken('member-captcha', secret, { v: 1, c: client, k: kind, iat: now, exp: now + CAPTCHA_STATE_TTL_SECONDS });

export const verifyCaptchaState = (token: unknown, secret: string, now: number) =>
  verifyToken('member-captcha', CaptchaPayload, CAPTCHA_STATE_TTL_SECONDS, token, secret, now);

/**
 * A password reset token is bound to the password hash it was made under (a digest of it, `ph`): once the password
 * changes, through this token or otherwise, the token no longer matches, so it works once.
 */
const ResetPayload = z.object({ v: z.literal(1), sub: Id, ph: z.string().regex(/^[\w-]{22}$/), ...Times });

export const passwordTag = (passwordHash: string) =>
  createHash('sha256').update(passwordHash).digest().subarray(0, 16).toString('base64url');

export const signReset = (secret: string, memberId: string, passwordHash: string, now: number) =>
  signToken('member-reset', secret, {
    v: 1,
    sub: memberId,
    ph: passwordTag(passwordHash),
    iat: now,
    exp: now + RESET_TTL_SECONDS,
  });

export const verifyReset = (token: unknown, secret: string, now: number) =>
  verifyToken('member-reset', ResetPayload, RESET_TTL_SECONDS, token, secret, now);

// Sessions ended by logout, kept until they would have expired anyway (as the owner's, lib/owner/tokens.ts): in Redis
// when REDIS_URL is set (every instance refuses the session at once), else in process. A password reset ends every
// session of the member at once, on every instance, through the member's session epoch instead.

export interface Revocations {
  revoke(jti: string, exp: number, now: number): void | Promise<void>;
  isRevoked(jti: string): boolean | Promise<boolean>;
}

const MAX_REVOKED = 100_000;

/** Revocations kept in this process only (the tests' members, and the site's without REDIS_URL). */
export const memoryRevocations = (): Revocations =>
  sharedRevocations(sharedMarks('members:revoked', null, MAX_REVOKED));

/** Revocations as shared marks (lib/core/redis/shared.ts): in Redis while it answers, in process otherwise. */
export function sharedRevocations(marks: SharedMarks): Revocations {
  return {
    revoke: async (jti, exp, now) => void (await marks.mark(jti, exp - now)),
    isRevoked: (jti) => marks.has(jti),
  };
}

export const siteRevocations = () =>
  processSingleton('member-revocations', () =>
    sharedRevocations(sharedMarks('members:revoked', siteRedis(config().redisUrl), MAX_REVOKED)),
  );
