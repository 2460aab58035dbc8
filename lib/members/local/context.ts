import type { MembersPolicy } from '@/lib/core/config';
import type { Mailer } from '@/lib/core/mail';
import type { DataClient } from '@/lib/data';
import { OWNER } from '@/lib/data/types';
import type { Captcha } from '../captcha';
import type { MemberItem } from '../collection';
import { createPasswords, type Passwords } from '../password';
import type { PolicyStore } from '../policy';
import { type Revocations, siteRevocations, verifyMemberSession } from '../tokens';
import { mailSender, type SendMail } from './mail';

// What every part of the local provider shares: the members collection, the secret, the sign-up policy, the password
// hashes, the revocations, the captcha, the mail and the clock, settled once from the settings.

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

/** The provider's shared state, handed to each part's factory. */
export interface MembersContext {
  readonly client: DataClient;
  readonly secret: string;
  readonly siteUrl: string;
  readonly policies: PolicyStore;
  readonly passwords: Passwords;
  readonly revocations: Revocations;
  checkCaptcha(token: string): Promise<boolean>;
  clock(): Date;
  nowSeconds(): number;
  /** The stored member by id, or null. */
  read(id: string): Promise<MemberItem | null>;
  /** Replaces the stored member. */
  write(item: MemberItem): Promise<MemberItem>;
  send: SendMail;
}

export const COLLECTION = 'members';

/** A policy kept in memory (tests, and a provider made without the data service's policy item). */
function fixedPolicy({ emailVerification, ownerApproval }: MembersPolicy): PolicyStore {
  let policy: MembersPolicy = { emailVerification, ownerApproval };
  return {
    get: async () => policy,
    set: async (change) => (policy = { ...policy, ...change }),
  };
}

export function createMembersContext(settings: LocalMembersSettings): MembersContext {
  const { client, secret, siteUrl } = settings;
  const clock = settings.now ?? (() => new Date());
  return {
    client,
    secret,
    siteUrl,
    policies: 'get' in settings.policy ? settings.policy : fixedPolicy(settings.policy),
    passwords: settings.passwords ?? createPasswords(),
    revocations: settings.revocations ?? siteRevocations(),
    checkCaptcha: async (token) => (settings.captcha ? settings.captcha.verify(token) : false),
    clock,
    nowSeconds: () => Math.floor(clock().getTime() / 1000),
    read: async (id) => (await client.get(COLLECTION, id, OWNER)) as MemberItem | null,
    write: async (item) => (await client.update(COLLECTION, item, OWNER)) as MemberItem,
    send: mailSender(settings.mailer),
  };
}

/** The stored member a session token signs in: signed, unexpired, not revoked, of the current epoch, ACTIVE. */
export async function sessionMember(ctx: MembersContext, sessionToken: string): Promise<MemberItem | null> {
  const session = verifyMemberSession(sessionToken, ctx.secret, ctx.nowSeconds());
  if (!session || (await ctx.revocations.isRevoked(session.jti))) return null;
  const member = await ctx.read(session.sub);
  if (!member || member.status !== 'ACTIVE' || (member.sessionEpoch ?? 0) !== session.ep) return null;
  return member;
}
