import { errors } from '@/lib/core/errors';
import { MEMBER_SESSION_TTL_SECONDS } from '../tokens';
import type { ChangePasswordResult, MemberAccount, ProfileChange, ProfileResult } from '../types';
import { memberFields, type MembersContext } from './context';
import { idOf, profilePatch, toMember } from './profile';

// The member's own account (the /account page), each call naming the member by a session memberOf accepts, made at
// Wix as the member: `@wix/members`' `members.updateMember` (PATCH /members/v1/members/{id}).

export function wixAccount(context: MembersContext): MemberAccount {
  const { siteUrl, revocations, signOuts, nowSeconds, writes, tokens, liveSession, asMember, currentMember } = context;

  return {
    // The member's own account (the /account page), each call naming the member by a session memberOf accepts.

    async updateProfile(sessionToken: string, change: ProfileChange): Promise<ProfileResult> {
      const session = await liveSession(sessionToken);
      const raw = session ? await currentMember(session) : null;
      const member = raw ? toMember(raw, siteUrl) : null;
      if (!session || !member) return { ok: false, reason: 'invalidSession' };
      const profile = profilePatch(change ?? {}, member, siteUrl);
      if (!profile) return { ok: false, reason: 'invalidProfile' };
      if (Object.keys(profile).length === 0) return { ok: true, member };
      const answer = await asMember(session, writes, 'the profile update', (client) =>
        client.members.updateMember(member.id, { profile }),
      );
      if (!answer) return { ok: false, reason: 'invalidSession' };
      if ('status' in answer) {
        if (answer.status === 400 || answer.status === 422) return { ok: false, reason: 'invalidProfile' };
        throw errors.upstreamFailed(`Wix failed the profile update (HTTP ${answer.status})`);
      }
      const updated = answer.value ? toMember(memberFields(answer.value), siteUrl) : null;
      if (!updated) throw errors.upstreamUnparseable('Wix answered the profile update without a member');
      return { ok: true, member: updated };
    },

    async changePassword(sessionToken: string): Promise<ChangePasswordResult> {
      // Wix has no member-facing "change the password, given the current one": its ChangePassword
      // (POST /_api/iam/authentication/v2/change-password, `authentication.changePassword(newPassword)`) takes the new
      // password alone, so whoever holds a session cookie could set one, and it leaves every other session valid.
      // The page offers the reset mail instead, which proves the inbox.
      if (!(await liveSession(sessionToken))) return { ok: false, reason: 'invalidSession' };
      return { ok: false, reason: 'notSupported' };
    },

    async signOutEverywhere(sessionToken: string) {
      const session = await liveSession(sessionToken);
      if (!session) return;
      // Our sessions are stateless: every one of this member's signed until now ends through the member's last
      // sign-out (checked by memberOf after Wix names the member). Wix has no call that revokes a member's refresh
      // tokens (the SDK's `logout` only makes a URL that clears Wix's own cookies in the browser), so a session's
      // refresh token stays valid at Wix until it expires, but none of ours will use it again.
      const member = await currentMember(session).catch(() => null);
      const now = nowSeconds();
      const id = member ? idOf(member) : '';
      if (id) await signOuts.signOut(id, now, now + MEMBER_SESSION_TTL_SECONDS);
      tokens.forget(session.rt);
      await revocations.revoke(session.jti, session.exp, now);
    },
  };
}
