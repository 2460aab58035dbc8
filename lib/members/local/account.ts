import { MAX_PASSWORD_LENGTH, acceptablePassword } from '../password';
import { signMemberSession } from '../tokens';
import type { ChangePasswordResult, ProfileChange, ProfileResult } from '../types';
import { type MembersContext, sessionMember } from './context';
import { cleanName, isAvatarPath, toMember } from './member';

// The member's own account (the /account page). Each call names the member by a session token that memberOf would
// accept, so a revoked, stale-epoch or blocked session changes nothing.

export function accountOperations(ctx: MembersContext) {
  const { write, passwords } = ctx;
  return {
    async updateProfile(sessionToken: string, change: ProfileChange): Promise<ProfileResult> {
      const member = await sessionMember(ctx, sessionToken);
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
      const member = await sessionMember(ctx, sessionToken);
      if (!member?.passwordHash) return { ok: false, reason: 'invalidSession' };
      const given = typeof currentPassword === 'string' ? currentPassword.slice(0, MAX_PASSWORD_LENGTH + 1) : '';
      if (!(await passwords.verify(member.passwordHash, given))) return { ok: false, reason: 'wrongPassword' };
      if (!acceptablePassword(newPassword)) return { ok: false, reason: 'invalidPassword' };
      // A new epoch ends every session signed before, on every device (and a reset link made under the old hash);
      // this browser keeps going with a session of the new epoch.
      const epoch = (member.sessionEpoch ?? 0) + 1;
      await write({ ...member, passwordHash: await passwords.hash(newPassword), sessionEpoch: epoch });
      return { ok: true, sessionToken: signMemberSession(ctx.secret, member._id, epoch, ctx.nowSeconds()) };
    },

    async signOutEverywhere(sessionToken: string) {
      const member = await sessionMember(ctx, sessionToken);
      if (member) await write({ ...member, sessionEpoch: (member.sessionEpoch ?? 0) + 1 });
    },
  };
}
