import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Captcha } from './captcha';
import type { PolicyStore } from './policy';
import { resetLinkBase } from './reset-link';
import type { MembersPolicy } from '@/lib/core/config';
import type { DataClient } from '@/lib/data';
import { OWNER } from '@/lib/data/types';
import { errors, isCatalogueError } from '@/lib/core/errors';
import type { Mailer } from '@/lib/core/mail';
import { SITE_NAME } from '@/lib/core/site';
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
  type ChangePasswordResult,
  type IdentityProvider,
  type LoginParams,
  type LoginResult,
  LoginState,
  type Member,
  type MemberAccount,
  type MemberAdmin,
  type MemberStatus,
  type ProfileChange,
  type ProfileResult,
  type RegisterParams,
  type ResetResult,
} from './types';

// The local identity provider: members in the data service's internal `members` collection (collection.ts), argon2id
// password hashes, verification codes and reset links mailed through lib/core/mail, sessions as signed tokens that name
// the member (tokens.ts). Every login state the Wix SDK names can be reached without Wix. Nothing here logs or returns
// a password, hash, code or token but the tokens a caller is given: messages name no secret.

/** A verification code works this many times wrong; then its state token is dead (sign in again for a new code). */
export const MAX_CODE_ATTEMPTS = 5;

export interface LocalMembersSettings {
  /** A data client that holds the members collection (`dataClient(members)` on the site). */
  client: DataClient;
  mailer: Mailer;
  /** Signs sessions, state tokens and reset tokens; keys the codes' hashes. */
  secret: string;
  /** The public origin: reset links may only point at it. */
  siteUrl: string;
  /**
   * The sign-up policy: the owner's as saved (policy.ts), read at each registration and sign-in; or a fixed one (the
   * owner's changes then last as long as the provider).
   */
  policy: MembersPolicy | PolicyStore;
  passwords?: Passwords;
  revocations?: Revocations;
  /** Checks a solved captcha's token (ALTCHA's payload, captcha.ts); without it no token is good. */
  captcha?: Pick<Captcha, 'verify'>;
  now?: () => Date;
}

export type LocalMembers = IdentityProvider & MemberAdmin & MemberAccount;

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
  ...(item.avatar ? { avatar: item.avatar } : {}),
});

/** A display name as given: control characters out, trimmed; '' when nothing is left. */
const cleanName = (nickname: unknown) =>
  typeof nickname === 'string' ? nickname.replace(/[\u0000-\u001f\u007f]/g, '').trim() : '';

/** A display name as given (trimmed, control characters out, 80 characters at most), else the address's local part. */
function displayNameOf(nickname: unknown, email: string): string {
  return (cleanName(nickname) || email.split('@')[0]!).slice(0, 80);
}

/**
 * A picture's path as the provider accepts it: one file of the site's media folder, an image by its extension, named
 * with word characters, dots and dashes only (so no `..`, `%`, query or subfolder). Which files exist is the route's
 * question (lib/members cannot read the blog's media); this is only the shape.
 */
export const AVATAR_PATH = /^\/media\/[\w-]+(?:\.[\w-]+)*\.(?:png|jpe?g|gif|webp|avif)$/i;
const MAX_AVATAR_PATH = 200;

export const isAvatarPath = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= MAX_AVATAR_PATH && AVATAR_PATH.test(value);

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

/** A policy kept in memory (tests, and a provider made without the data service's policy item). */
function fixedPolicy({ emailVerification, ownerApproval }: MembersPolicy): PolicyStore {
  let policy: MembersPolicy = { emailVerification, ownerApproval };
  return {
    get: async () => policy,
    set: async (change) => (policy = { ...policy, ...change }),
  };
}

export function createLocalMembers(settings: LocalMembersSettings): LocalMembers {
  const { client, mailer, secret, siteUrl } = settings;
  const policies: PolicyStore = 'get' in settings.policy ? settings.policy : fixedPolicy(settings.policy);
  const policyNow = () => policies.get();
  const passwords = settings.passwords ?? createPasswords();
  const revocations = settings.revocations ?? siteRevocations();
  const checkCaptcha = async (token: string) => (settings.captcha ? settings.captcha.verify(token) : false);
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
    return verificationRequired(member._id, nonce);
  }

  /** What a member who proved their password (or their address) may do next. */
  async function next(member: MemberItem, context: CallContext = {}): Promise<LoginResult> {
    if (member.status === 'BLOCKED') return BLOCKED;
    if ((await policyNow()).emailVerification && member.emailVerified !== true) {
      return startVerification(member, context);
    }
    if (member.status !== 'ACTIVE') return { loginState: LoginState.OWNER_APPROVAL_REQUIRED };
    const sessionToken = signMemberSession(secret, member._id, member.sessionEpoch ?? 0, nowSeconds());
    return { loginState: LoginState.SUCCESS, data: { sessionToken } };
  }

  /** The stored member a session token signs in: signed, unexpired, not revoked, of the current epoch, ACTIVE. */
  async function sessionMember(sessionToken: string): Promise<MemberItem | null> {
    const session = verifyMemberSession(sessionToken, secret, nowSeconds());
    if (!session || (await revocations.isRevoked(session.jti))) return null;
    const member = await read(session.sub);
    if (!member || member.status !== 'ACTIVE' || (member.sessionEpoch ?? 0) !== session.ep) return null;
    return member;
  }

  /**
   * The owner's approval or block. A change of status also raises the member's session epoch, so blocking ends every
   * session they had for good: unblocking lets them sign in again and brings none back (the status check in
   * sessionMember alone would). Raised on unblocking too, for a member blocked before blocking raised it; sessions are
   * signed only while ACTIVE, so approving a PENDING member ends nothing.
   */
  async function setStatus(id: string, status: MemberStatus): Promise<Member | null> {
    if (typeof id !== 'string' || !/^[0-9a-f]{32}$/.test(id)) return null;
    const member = await read(id);
    if (!member) return null;
    if (member.status === status) return toMember(member);
    return toMember(await write({ ...member, status, sessionEpoch: (member.sessionEpoch ?? 0) + 1 }));
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
        status: (await policyNow()).ownerApproval ? 'PENDING' : 'ACTIVE',
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
        if (!(await checkCaptcha(captchaToken))) return BAD_CAPTCHA;
      }
      const address = normaliseEmail(email);
      const member = address ? await read(memberId(address)) : null;
      const given = typeof password === 'string' ? password.slice(0, MAX_PASSWORD_LENGTH + 1) : '';
      if (!member?.passwordHash) {
        await passwords.verifyDummy(given);
        return INVALID_LOGIN;
      }
      if (!(await passwords.verify(member.passwordHash, given))) return INVALID_LOGIN;
      return next(member, context);
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
      const member = await sessionMember(sessionToken);
      return member ? toMember(member) : null;
    },

    async logout(sessionToken: string) {
      const session = verifyMemberSession(sessionToken, secret, nowSeconds());
      if (session) await revocations.revoke(session.jti, session.exp, nowSeconds());
    },

    signUpPolicy: () => policies.get(),
    setSignUpPolicy: (change) => policies.set(change),
    approveMember: (id: string) => setStatus(id, 'ACTIVE'),
    blockMember: (id: string) => setStatus(id, 'BLOCKED'),

    // The member's own account (the /account page). Each call names the member by a session token that memberOf would
    // accept, so a revoked, stale-epoch or blocked session changes nothing.

    async updateProfile(sessionToken: string, change: ProfileChange): Promise<ProfileResult> {
      const member = await sessionMember(sessionToken);
      if (!member) return { ok: false, reason: 'invalidSession' };
      const { displayName, avatar } = change ?? {};
      const name = displayName === undefined ? member.displayName : cleanName(displayName).slice(0, 80);
      if (!name) return { ok: false, reason: 'invalidProfile' };
      if (avatar !== undefined && avatar !== null && !isAvatarPath(avatar)) {
        return { ok: false, reason: 'invalidProfile' };
      }
      const picture = avatar === undefined ? member.avatar : (avatar ?? undefined);
      if (name === member.displayName && picture === member.avatar) return { ok: true, member: toMember(member) };
      // The update replaces the item: a picture removed is a field left out.
      const { avatar: _old, ...rest } = member;
      const updated = { ...rest, displayName: name, ...(picture ? { avatar: picture } : {}) };
      return { ok: true, member: toMember(await write(updated)) };
    },

    async changePassword(
      sessionToken: string,
      currentPassword: string,
      newPassword: string,
    ): Promise<ChangePasswordResult> {
      const member = await sessionMember(sessionToken);
      if (!member?.passwordHash) return { ok: false, reason: 'invalidSession' };
      const given = typeof currentPassword === 'string' ? currentPassword.slice(0, MAX_PASSWORD_LENGTH + 1) : '';
      if (!(await passwords.verify(member.passwordHash, given))) return { ok: false, reason: 'wrongPassword' };
      if (!acceptablePassword(newPassword)) return { ok: false, reason: 'invalidPassword' };
      // A new epoch ends every session signed before, on every device (and a reset link made under the old hash);
      // this browser keeps going with a session of the new epoch.
      const epoch = (member.sessionEpoch ?? 0) + 1;
      await write({ ...member, passwordHash: await passwords.hash(newPassword), sessionEpoch: epoch });
      return { ok: true, sessionToken: signMemberSession(secret, member._id, epoch, nowSeconds()) };
    },

    async signOutEverywhere(sessionToken: string) {
      const member = await sessionMember(sessionToken);
      if (member) await write({ ...member, sessionEpoch: (member.sessionEpoch ?? 0) + 1 });
    },
  };
}
