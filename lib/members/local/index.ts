import type { IdentityProvider, MemberAccount, MemberAdmin } from '../types';
import { accountOperations } from './account';
import { adminOperations } from './admin';
import { createMembersContext, type LocalMembersSettings } from './context';
import { resetOperations } from './reset';
import { signInOperations } from './sign-in';

// The local identity provider: members in the data service's internal `members` collection (collection.ts), argon2id
// password hashes, verification codes and reset links mailed through lib/core/mail, sessions as signed tokens that name
// the member (tokens.ts). Every login state the Wix SDK names can be reached without Wix. Nothing here logs or returns
// a password, hash, code or token but the tokens a caller is given: messages name no secret.
//
// One context (context.ts) is settled from the settings and handed to each part: the sign-in (sign-in.ts, with the
// code verification of verification.ts), the password reset (reset.ts), the member's account (account.ts) and the
// owner's administration (admin.ts); mail.ts writes what is mailed.

export type { LocalMembersSettings } from './context';
export { AVATAR_PATH, isAvatarPath, memberId, normaliseEmail, toMember } from './member';
export { INVALID_LOGIN } from './results';
export { MAX_CODE_ATTEMPTS } from './verification';

export type LocalMembers = IdentityProvider & MemberAdmin & MemberAccount;

export function createLocalMembers(settings: LocalMembersSettings): LocalMembers {
  const ctx = createMembersContext(settings);
  return {
    ...adminOperations(ctx),
    ...signInOperations(ctx),
    ...resetOperations(ctx),
    ...accountOperations(ctx),
  };
}
