import { isCatalogueError } from '@/lib/core/errors';
import { OWNER } from '@/lib/data/types';
import type { MemberItem } from '../collection';
import { acceptablePassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../password';
import { signCaptchaState, verifyMemberSession } from '../tokens';
import { type CallContext, type LoginParams, LoginState, type RegisterParams } from '../types';
import { COLLECTION, type MembersContext, sessionMember } from './context';
import { displayNameOf, memberId, normaliseEmail, toMember } from './member';
import { BAD_CAPTCHA, failure, INVALID_LOGIN } from './results';
import { takenAddressOperations } from './taken';
import { verificationSteps } from './verification';

// The identity: registration, the login flow (captcha, password, code), the member a session names, signing out.

const UNIDENTIFIED = 'unidentified';

export function signInOperations(ctx: MembersContext) {
  const { client, secret, passwords, nowSeconds } = ctx;
  const { next, processVerification } = verificationSteps(ctx);
  const { registerTaken } = takenAddressOperations(ctx);
  return {
    async register({ email, password, profile }: RegisterParams, context: CallContext = {}) {
      const address = normaliseEmail(email);
      if (!address) return failure('Please give a valid e-mail address.', 'invalidEmail');
      if (!acceptablePassword(password)) {
        return failure(
          `A password has ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`,
          'invalidPassword',
        );
      }
      const item = {
        _id: memberId(address),
        email: address,
        displayName: displayNameOf(profile?.nickname, address),
        passwordHash: await passwords.hash(password),
        status: (await ctx.policies.get()).ownerApproval ? 'PENDING' : 'ACTIVE',
        emailVerified: false,
        sessionEpoch: 0,
      };
      let stored: MemberItem;
      try {
        stored = (await client.insert(COLLECTION, item, OWNER)) as MemberItem;
      } catch (error) {
        // The address is a member's: the answer a new address gets, and the member a mail instead (taken.ts).
        if (isCatalogueError(error) && error.wde === 'WDE0074') return registerTaken(address, context);
        throw error;
      }
      return next(stored, context);
    },

    async login({ email, password, captchaToken }: LoginParams, context: CallContext = {}) {
      const who = context.client ?? UNIDENTIFIED;
      const captcha = context.captcha ?? null;
      if (captcha) {
        if (typeof captchaToken !== 'string' || captchaToken === '') {
          const stateToken = signCaptchaState(secret, who, captcha, nowSeconds());
          return captcha === 'user'
            ? { loginState: LoginState.USER_CAPTCHA_REQUIRED, data: { stateToken } }
            : { loginState: LoginState.SILENT_CAPTCHA_REQUIRED, data: { stateToken } };
        }
        if (!(await ctx.checkCaptcha(captchaToken))) return BAD_CAPTCHA;
      }
      const address = normaliseEmail(email);
      const member = address ? await ctx.read(memberId(address)) : null;
      const given = typeof password === 'string' ? password.slice(0, MAX_PASSWORD_LENGTH + 1) : '';
      if (!member?.passwordHash) {
        await passwords.verifyDummy(given);
        return INVALID_LOGIN;
      }
      if (!(await passwords.verify(member.passwordHash, given))) return INVALID_LOGIN;
      return next(member, context);
    },

    processVerification,

    async memberOf(sessionToken: string) {
      const member = await sessionMember(ctx, sessionToken);
      return member ? toMember(member) : null;
    },

    async logout(sessionToken: string) {
      const session = verifyMemberSession(sessionToken, secret, nowSeconds());
      if (session) await ctx.revocations.revoke(session.jti, session.exp, nowSeconds());
    },
  };
}
