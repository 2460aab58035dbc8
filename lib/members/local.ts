import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { resetLinkBase } from './reset-link';
import type { MembersPolicy } from '@/lib/config';
import type { DataClient } from '@/lib/data/client';
import { OWNER } from '@/lib/data/permissions';
import { errors, isCatalogueError } from '@/lib/errors';
import type { Mailer } from '@/lib/mail';
import { SITE_NAME } from '@/lib/site';
import type { MemberItem } from './collection';
import {
  acceptablePassword,
  createPasswords,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  type Passwords,
} from './password';
import {
  passwordTag,
  type Revocations,
  RESET_TTL_SECONDS,
  signCaptchaState,
  signMemberSession,
  signReset,
  signVerification,
  siteRevocations,
  VERIFICATION_TTL_SECONDS,
  verifyMemberSession,
  verifyReset,
  verifyVerification,
} from './tokens';
import {
  type CallContext,
  type IdentityProvider,
  type LoginParams,
  type LoginResult,
  LoginState,
  type Member,
  type MemberAdmin,
  type MemberStatus,
  type RegisterParams,
  type ResetResult,
} from './types';

// The local identity provider: members in the data service's internal `members` collection (collection.ts), argon2id
// password hashes, verification codes and reset links mailed through lib/mail, sessions as signed tokens that name the
// member (tokens.ts). Every login state the Wix SDK names can be reached without Wix. Nothing here logs or returns a
// password, hash, code or token but the tokens a caller is given: messages name no secret.

/** A verification code works this many times wrong; then its state token is dead (sign in again for a new code). */
export const MAX_CODE_ATTEMPTS = 5;

/** Which captcha a client must solve before its login is looked at, or null (the next slice decides; ALTCHA). */
export type CaptchaKind = 'user' | 'silent';

export interface LocalMembersSettings {
  /** A data client that holds the members collection (`dataClient(members)` on the site). */
  client: DataClient;
  mailer: Mailer;
  /** Signs sessions, state tokens and reset tokens; keys the codes' hashes. */
  secret: string;
  /** The public origin: reset links may only point at it. */
  siteUrl: string;
  policy: MembersPolicy;
  passwords?: Passwords;
  revocations?: Revocations;
  /** Whether a client must solve a captcha before logging in (default: never). */
  needsCaptcha?: (client: string) => CaptchaKind | null | Promise<CaptchaKind | null>;
  /** Whether a solved captcha's token is good (default: none is, until the captcha exists). */
  checkCaptcha?: (captchaToken: string, client: string) => boolean | Promise<boolean>;
  now?: () => Date;
}

export type LocalMembers = IdentityProvider & MemberAdmin;

const COLLECTION = 'members';
const UNIDENTIFIED = 'unidentified';

const Email = z.email();

/** An address as stored: trimmed and lower-cased; null when it is not an address. */
export function normaliseEmail(raw: unknown): string | null {
  const email = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  return email.length <= 254 && Email.safeParse(email).success ? email : null;
}

/** A member's id, from their normalised address: a second registration of it is a duplicate primary key. */
export const memberId = (email: string) => createHash('sha256').update(`member\n${email}`).digest('hex').slice(0, 32);

const failure = (error: string, errorCode?: Extract<LoginResult, { loginState: 'FAILURE' }>['errorCode']) =>
  ({ loginState: LoginState.FAILURE, error, ...(errorCode ? { errorCode } : {}) }) as LoginResult;

/**
 * An unknown address and a wrong password get this same answer, after the same work (a dummy hash is checked for an
 * unknown address): the SDK's `invalidPassword` code, a message that does not say which was wrong.
 */
export const INVALID_LOGIN = failure('The e-mail address or the password is not right.', 'invalidPassword');
const BLOCKED = failure('This account cannot sign in. Please contact the site owner.');
const WRONG_CODE = failure('The code is not right. Please check it and try again.');
const CODE_EXPIRED = failure('This code no longer works: sign in again to get a new one.');
const BAD_CAPTCHA = failure('The captcha was not solved. Please try again.', 'invalidCaptchaToken');

/** What the site shows of a member. */
export const toMember = (item: MemberItem): Member => ({
  id: item._id,
  email: item.email ?? '',
  displayName: item.displayName ?? '',
  status: (item.status ?? 'PENDING') as MemberStatus,
  emailVerified: item.emailVerified === true,
  createdDate: item._createdDate,
});

/** A display name as given (trimmed, control characters out, 80 characters at most), else the address's local part. */
function displayNameOf(nickname: unknown, email: string): string {
  const name = typeof nickname === 'string' ? nickname.replace(/[\u0000-\u001f\u007f]/g, '').trim() : '';
  return (name || email.split('@')[0]!).slice(0, 80);
}

const withoutVerification = (item: MemberItem): MemberItem => {
  const {
    verificationId: _id,
    verificationCodeHash: _hash,
    verificationExpires: _expires,
    verificationAttempts: _attempts,
    ...rest
  } = item;
  return rest;
};

export function createLocalMembers(settings: LocalMembersSettings): LocalMembers {
  const { client, mailer, secret, siteUrl, policy } = settings;
  const passwords = settings.passwords ?? createPasswords();
  const revocations = settings.revocations ?? siteRevocations();
  const needsCaptcha = settings.needsCaptcha ?? (() => null);
  const checkCaptcha = settings.checkCaptcha ?? (() => false);
  const clock = settings.now ?? (() => new Date());
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);

  const read = async (id: string) => (await client.get(COLLECTION, id, OWNER)) as MemberItem | null;
  const write = async (item: MemberItem) => (await client.update(COLLECTION, item, OWNER)) as MemberItem;

  /** The code's hash, keyed (six digits are too few to store unkeyed) and bound to the member and verification. */
  const codeHash = (memberId: string, nonce: string, code: string) =>
    createHmac('sha256', secret).update(`member-code\n${memberId}\n${nonce}\n${code}`).digest('base64url');

  async function send(to: string, subject: string, text: string, what: string) {
    try {
      await mailer.send({ to, subject, text });
    } catch (error) {
      // The error's name only: its message may quote the message, which holds a code or a link.
      console.error(`members: the ${what} mail could not be sent (${(error as Error).name})`);
      throw errors.upstreamFailed(`the ${what} mail could not be sent; try again in a few minutes`);
    }
  }

  /** A new code for the member, stored as a keyed hash and mailed: EMAIL_VERIFICATION_REQUIRED with its state. */
  async function startVerification(member: MemberItem): Promise<LoginResult> {
    const nonce = randomBytes(12).toString('base64url');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expires = new Date(clock().getTime() + VERIFICATION_TTL_SECONDS * 1000).toISOString();
    const pending = {
      ...member,
      verificationId: nonce,
      verificationCodeHash: codeHash(member._id, nonce, code),
      verificationExpires: expires,
      verificationAttempts: 0,
    };
    await write(pending);
    const minutes = VERIFICATION_TTL_SECONDS / 60;
    try {
      await send(
        member.email!,
        `Your ${SITE_NAME} code: ${code}`,
        `Your code to confirm this e-mail address at ${SITE_NAME} is:\n\n    ${code}\n\n` +
          `It works for ${minutes} minutes. If you did not ask for it, ignore this mail.\n`,
        'verification',
      );
    } catch (error) {
      await write(withoutVerification(pending));
      throw error;
    }
    return {
      loginState: LoginState.EMAIL_VERIFICATION_REQUIRED,
      data: { stateToken: signVerification(secret, member._id, nonce, nowSeconds()) },
    };
  }

  /** What a member who proved their password (or their address) may do next. */
  async function next(member: MemberItem): Promise<LoginResult> {
    if (member.status === 'BLOCKED') return BLOCKED;
    if (policy.emailVerification && member.emailVerified !== true) return startVerification(member);
    if (member.status !== 'ACTIVE') return { loginState: LoginState.OWNER_APPROVAL_REQUIRED };
    const sessionToken = signMemberSession(secret, member._id, member.sessionEpoch ?? 0, nowSeconds());
    return { loginState: LoginState.SUCCESS, data: { sessionToken } };
  }

  async function setStatus(id: string, status: MemberStatus): Promise<Member | null> {
    if (typeof id !== 'string' || !/^[0-9a-f]{32}$/.test(id)) return null;
    const member = await read(id);
    if (!member) return null;
    return toMember(member.status === status ? member : await write({ ...member, status }));
  }

  return {
    async listMembers({ skip, limit }) {
      // PENDING sorts before ACTIVE and BLOCKED: the ones waiting for the owner come first.
      const sort = [
        { fieldName: 'status', order: 'DESC' },
        { fieldName: '_createdDate', order: 'DESC' },
      ];
      const page = await client.query(COLLECTION, { sort, skip, limit }, OWNER);
      return { members: page.items.map((item) => toMember(item as MemberItem)), total: page.totalCount };
    },

    async register({ email, password, profile }: RegisterParams, _context?: CallContext) {
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
        status: policy.ownerApproval ? 'PENDING' : 'ACTIVE',
        emailVerified: false,
        sessionEpoch: 0,
      };
      let stored: MemberItem;
      try {
        stored = (await client.insert(COLLECTION, item, OWNER)) as MemberItem;
      } catch (error) {
        // Wix answers a registration of a known address with FAILURE `emailAlreadyExists` (the SDK's code), so this
        // provider does too. It tells whoever asks that the address is a member's; a page may choose to show the same
        // "check your inbox" as for a new address instead (and mail the member a notice).
        if (isCatalogueError(error) && error.wde === 'WDE0074') {
          return failure('An account with this e-mail address exists already.', 'emailAlreadyExists');
        }
        throw error;
      }
      return next(stored);
    },

    async login({ email, password, captchaToken }: LoginParams, context: CallContext = {}) {
      const who = context.client ?? UNIDENTIFIED;
      const captcha = await needsCaptcha(who);
      if (captcha) {
        if (typeof captchaToken !== 'string' || captchaToken === '') {
          const stateToken = signCaptchaState(secret, who, captcha, nowSeconds());
          return captcha === 'user'
            ? { loginState: LoginState.USER_CAPTCHA_REQUIRED, data: { stateToken } }
            : { loginState: LoginState.SILENT_CAPTCHA_REQUIRED, data: { stateToken } };
        }
        if (!(await checkCaptcha(captchaToken, who))) return BAD_CAPTCHA;
      }
      const address = normaliseEmail(email);
      const member = address ? await read(memberId(address)) : null;
      const given = typeof password === 'string' ? password.slice(0, MAX_PASSWORD_LENGTH + 1) : '';
      if (!member?.passwordHash) {
        await passwords.verifyDummy(given);
        return INVALID_LOGIN;
      }
      if (!(await passwords.verify(member.passwordHash, given))) return INVALID_LOGIN;
      return next(member);
    },

    async processVerification({ verificationCode }: { verificationCode: string }, stateToken: string) {
      const state = verifyVerification(stateToken, secret, nowSeconds());
      if (!state) return CODE_EXPIRED;
      const member = await read(state.sub);
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
    },

    async sendPasswordResetEmail(email: string, redirectUri: string) {
      const link = resetLinkBase(redirectUri, siteUrl);
      const address = normaliseEmail(email);
      const member = address ? await read(memberId(address)) : null;
      // No member, or one who may not sign in: no mail, and the same (empty) answer.
      if (!member?.passwordHash || member.status === 'BLOCKED') return;
      link.searchParams.set('token', signReset(secret, member._id, member.passwordHash, nowSeconds()));
      await send(
        member.email!,
        `Reset your ${SITE_NAME} password`,
        `Someone, hopefully you, asked to reset the password of your account at ${SITE_NAME}.\n\n` +
          `To choose a new one, open this link (it works for ${RESET_TTL_SECONDS / 60} minutes, once):\n` +
          `${link.href}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
        'password reset',
      );
    },

    async resetPassword(resetToken: string, newPassword: string): Promise<ResetResult> {
      const reset = verifyReset(resetToken, secret, nowSeconds());
      const member = reset ? await read(reset.sub) : null;
      if (!reset || !member?.passwordHash || passwordTag(member.passwordHash) !== reset.ph) {
        return { ok: false, reason: 'invalidToken' };
      }
      if (!acceptablePassword(newPassword)) return { ok: false, reason: 'invalidPassword' };
      // The link proved the inbox, so the address is verified; every session signed before ends (a new epoch).
      await write({
        ...withoutVerification(member),
        passwordHash: await passwords.hash(newPassword),
        emailVerified: true,
        sessionEpoch: (member.sessionEpoch ?? 0) + 1,
      });
      return { ok: true };
    },

    async memberOf(sessionToken: string) {
      const session = verifyMemberSession(sessionToken, secret, nowSeconds());
      if (!session || (await revocations.isRevoked(session.jti))) return null;
      const member = await read(session.sub);
      if (!member || member.status !== 'ACTIVE' || (member.sessionEpoch ?? 0) !== session.ep) return null;
      return toMember(member);
    },

    async logout(sessionToken: string) {
      const session = verifyMemberSession(sessionToken, secret, nowSeconds());
      if (session) await revocations.revoke(session.jti, session.exp, nowSeconds());
    },

    approveMember: (id: string) => setStatus(id, 'ACTIVE'),
    blockMember: (id: string) => setStatus(id, 'BLOCKED'),
  };
}
