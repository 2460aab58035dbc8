import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { MemberItem } from '../collection';
import { signMemberSession, signVerification, VERIFICATION_TTL_SECONDS, verifyVerification } from '../tokens';
import { type CallContext, type LoginResult, LoginState } from '../types';
import type { MembersContext } from './context';
import { codeMail } from './mail';
import { withoutVerification } from './member';
import { BLOCKED, CODE_EXPIRED, WRONG_CODE } from './results';

// What follows a proven password (or address): the mailed code that verifies the address, then the owner's approval,
// then a session.

/** A verification code works this many times wrong; then its state token is dead (sign in again for a new code). */
export const MAX_CODE_ATTEMPTS = 5;

export function verificationSteps(ctx: MembersContext) {
  const { secret, clock, nowSeconds, write } = ctx;

  /** The code's hash, keyed (six digits are too few to store unkeyed) and bound to the member and verification. */
  const codeHash = (memberId: string, nonce: string, code: string) =>
    createHmac('sha256', secret).update(`member-code\n${memberId}\n${nonce}\n${code}`).digest('base64url');

  const verificationRequired = (memberId: string, nonce: string): LoginResult => ({
    loginState: LoginState.EMAIL_VERIFICATION_REQUIRED,
    data: { stateToken: signVerification(secret, memberId, nonce, nowSeconds()) },
  });

  /**
   * EMAIL_VERIFICATION_REQUIRED with its state. A code mailed before that still works (unexpired, tries left) is used
   * again: a new state token for it, no mail, so signing in again and again mails nothing, and the first mail's code
   * still works. Else a new code, stored as a keyed hash and mailed, if the caller's budget allows (`allowCodeMail`:
   * per client and per account); past it nothing is mailed or stored, and the answer is the same (its state token
   * names no verification: the verify page then says to sign in again).
   */
  async function startVerification(member: MemberItem, context: CallContext): Promise<LoginResult> {
    const expires = Date.parse(member.verificationExpires ?? '');
    if (
      member.verificationId &&
      member.verificationCodeHash &&
      expires > clock().getTime() &&
      (member.verificationAttempts ?? 0) < MAX_CODE_ATTEMPTS
    ) {
      return verificationRequired(member._id, member.verificationId);
    }
    const nonce = randomBytes(12).toString('base64url');
    if (context.allowCodeMail && !(await context.allowCodeMail(member.email!))) {
      return verificationRequired(member._id, nonce);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const pending = {
      ...member,
      verificationId: nonce,
      verificationCodeHash: codeHash(member._id, nonce, code),
      verificationExpires: new Date(clock().getTime() + VERIFICATION_TTL_SECONDS * 1000).toISOString(),
      verificationAttempts: 0,
    };
    await write(pending);
    const { subject, text } = codeMail(code);
    try {
      await ctx.send(member.email!, subject, text, 'verification');
    } catch (error) {
      await write(withoutVerification(pending));
      throw error;
    }
    return verificationRequired(member._id, nonce);
  }

  /** What a member who proved their password (or their address) may do next. */
  async function next(member: MemberItem, context: CallContext = {}): Promise<LoginResult> {
    if (member.status === 'BLOCKED') return BLOCKED;
    if ((await ctx.policies.get()).emailVerification && member.emailVerified !== true) {
      return startVerification(member, context);
    }
    if (member.status !== 'ACTIVE') return { loginState: LoginState.OWNER_APPROVAL_REQUIRED };
    const sessionToken = signMemberSession(secret, member._id, member.sessionEpoch ?? 0, nowSeconds());
    return { loginState: LoginState.SUCCESS, data: { sessionToken } };
  }

  /** The mailed code, checked against its state token: the fifth wrong one ends the verification. */
  async function processVerification({ verificationCode }: { verificationCode: string }, stateToken: string) {
    const state = verifyVerification(stateToken, secret, nowSeconds());
    if (!state) return CODE_EXPIRED;
    const member = await ctx.read(state.sub);
    if (!member || member.verificationId !== state.n || !member.verificationCodeHash) return CODE_EXPIRED;
    const attempts = member.verificationAttempts ?? 0;
    const expires = Date.parse(member.verificationExpires ?? '');
    if (!(expires > clock().getTime()) || attempts >= MAX_CODE_ATTEMPTS) {
      await write(withoutVerification(member));
      return CODE_EXPIRED;
    }
    const code = typeof verificationCode === 'string' ? verificationCode.trim() : '';
    const expected = Buffer.from(member.verificationCodeHash);
    const actual = Buffer.from(codeHash(member._id, state.n, /^\d{6}$/.test(code) ? code : 'none'));
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
      // The fifth wrong code ends the verification: its state token is dead, and a new code needs a new login.
      const tried = attempts + 1;
      await write(
        tried >= MAX_CODE_ATTEMPTS ? withoutVerification(member) : { ...member, verificationAttempts: tried },
      );
      return WRONG_CODE;
    }
    return next(await write({ ...withoutVerification(member), emailVerified: true }));
  }

  /**
   * EMAIL_VERIFICATION_REQUIRED whose state token names no stored verification: the answer a new member gets, given
   * for an address that is a member's already (taken.ts). Its token has the same fields and lengths as a new member's
   * (their id is the address's digest, its nonce as random); no code works with it (processVerification answers
   * CODE_EXPIRED, which the verify page shows as any wrong code), and it changes nothing of the member.
   */
  const unmatchedVerification = (memberId: string) =>
    verificationRequired(memberId, randomBytes(12).toString('base64url'));

  return { next, processVerification, unmatchedVerification };
}
