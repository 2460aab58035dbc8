import { createHash } from 'node:crypto';
import { consume, createLimiter, current, type Limiter } from '@/lib/core/security/limits';
import type { CaptchaKind } from '@/lib/members';
import { normaliseEmail } from '@/lib/members';
import { processSingleton } from '@/lib/core/process-singleton';

// Rate limits per client (lib/core/security/limits.ts's clientKey) and per account, process-wide (with REDIS_URL,
// shared by every instance: createLimiter). A per-account count never refuses the account's member: it asks for a
// captcha (sign-in) or stops mails to them (reset links, verification codes).

export const MEMBER_LIMITS = {
  /** Failed sign-ins per client per 15 minutes. */
  signinFailures: { keyPrefix: 'members:signin-failures', points: 10, durationSeconds: 15 * 60 },
  /** Registrations per client per hour (each may mail a code). */
  registrations: { keyPrefix: 'members:registrations', points: 5, durationSeconds: 60 * 60 },
  /** Reset mails asked for per client per hour. */
  resets: { keyPrefix: 'members:reset-mails', points: 5, durationSeconds: 60 * 60 },
  /** Codes tried per client per 15 minutes (each state token also dies after 5 wrong codes). */
  codes: { keyPrefix: 'members:codes', points: 20, durationSeconds: 15 * 60 },
  /** Failed sign-ins per account (any client) per 15 minutes: counted to ask for a captcha, never to refuse. */
  accountFailures: { keyPrefix: 'members:account-failures', points: 1_000_000, durationSeconds: 15 * 60 },
  /** Reset mails sent to one account per hour, whoever asks: more are not sent (the answer stays the same). */
  accountResets: { keyPrefix: 'members:account-reset-mails', points: 3, durationSeconds: 60 * 60 },
  /**
   * New verification codes mailed per client per hour, to any accounts (joins and sign-ins: 5 joins an hour, and as
   * many codes again): more are not sent, the answer stays the same.
   */
  codeMails: { keyPrefix: 'members:code-mails', points: 10, durationSeconds: 60 * 60 },
  /** New verification codes mailed to one account per hour, whoever asks (as reset mails). */
  accountCodeMails: { keyPrefix: 'members:account-code-mails', points: 3, durationSeconds: 60 * 60 },
  /**
   * Failed sign-ins per known device (member-device.ts) per 15 minutes: a device that signed in to the account before
   * is counted on its own, never on the client's budget, so nobody sharing its address can use up its share.
   */
  deviceFailures: { keyPrefix: 'members:device-failures', points: 10, durationSeconds: 15 * 60 },
  /** New passwords set by reset link per client per 15 minutes. */
  newPasswords: { keyPrefix: 'members:new-passwords', points: 10, durationSeconds: 15 * 60 },
  /** Wrong current passwords on the account page per client per 15 minutes (a stolen session guessing it). */
  wrongPasswords: { keyPrefix: 'members:wrong-passwords', points: 10, durationSeconds: 15 * 60 },
  /** Reading-list saves and removals per client per 10 minutes. */
  readingList: { keyPrefix: 'members:reading-list', points: 60, durationSeconds: 10 * 60 },
} as const;
export type MemberLimit = keyof typeof MEMBER_LIMITS;

export const memberLimiter = (name: MemberLimit): Limiter =>
  processSingleton(`members-limit:${name}`, () => createLimiter(MEMBER_LIMITS[name]));

/** The key of an account's counts: a digest of its normalised address, never the address itself. */
export const accountKey = (email: string) => {
  const address = normaliseEmail(email);
  return address ? createHash('sha256').update(`member-account\n${address}`).digest('base64url') : null;
};

/** The mails an account is sent, each kind counted on its own: reset links, verification codes. */
export type AccountMail = 'accountResets' | 'accountCodeMails';

/** Takes a point of an account's mails of a kind: false when it has had its share this hour (or no address). */
export async function allowAccountMail(kind: AccountMail, email: string): Promise<boolean> {
  const account = accountKey(email);
  return account !== null && (await consume(memberLimiter(kind), account)).ok;
}

/**
 * Takes a point of this client's code mails, then one of the account's: false when either has had its share this hour
 * (a client over its budget takes nothing of the account's). The provider then mails no code and answers as usual.
 */
export async function allowCodeMail(client: string, email: string): Promise<boolean> {
  if (!(await consume(memberLimiter('codeMails'), client)).ok) return false;
  return allowAccountMail('accountCodeMails', email);
}

// When the sign-in asks for a captcha (the local provider's ALTCHA, lib/members/captcha.ts), from the failures counted
// in the last 15 minutes: a client that failed a few times solves one unseen; a client that failed more, or anyone
// signing in to an account that many attempts failed on, ticks the visible one. An account is never locked: an attacker
// who guesses at a member's password only makes the member's next sign-in ask for a tick, and the client limit
// (10 failures, then "wait a while") stops the guessing.

export const CAPTCHA_AFTER = {
  /** Failures of this client before its sign-ins solve the silent captcha. */
  silent: 3,
  /** Failures of this client before its sign-ins tick the visible captcha. */
  user: 6,
  /** Failures on one account, from any client, before signing in to it ticks the visible captcha. */
  account: 5,
} as const;

const failuresOf = async (limit: 'signinFailures' | 'accountFailures', key: string) =>
  (await current(memberLimiter(limit), key))?.consumedPoints ?? 0;

/** The captcha a sign-in must solve, counting failures before this attempt (`taken`: points it consumed already). */
export async function captchaAsked(client: string, email: string, taken = 0): Promise<CaptchaKind | null> {
  const account = accountKey(email);
  if (account && (await failuresOf('accountFailures', account)) >= CAPTCHA_AFTER.account) return 'user';
  const failures = (await failuresOf('signinFailures', client)) - taken;
  if (failures >= CAPTCHA_AFTER.user) return 'user';
  if (failures >= CAPTCHA_AFTER.silent) return 'silent';
  return null;
}

/** A failed sign-in to `email`'s account (an unknown address counts as well: nothing tells the two apart). */
export async function countAccountFailure(email: string): Promise<void> {
  const account = accountKey(email);
  if (account) await memberLimiter('accountFailures').penalty(account, 1);
}

/** The account's member signed in: the failures on it are forgotten. */
export async function forgetAccountFailures(email: string): Promise<void> {
  const account = accountKey(email);
  if (account) await memberLimiter('accountFailures').delete(account);
}
