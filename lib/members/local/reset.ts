import { acceptablePassword } from '../password';
import { resetLinkBase } from '../reset-link';
import { passwordTag, signReset, verifyReset } from '../tokens';
import type { ResetResult } from '../types';
import type { MembersContext } from './context';
import { resetMail } from './mail';
import { memberId, normaliseEmail, withoutVerification } from './member';

// A forgotten password: a signed link mailed to the address, good once (it names the hash it replaces).

export function resetOperations(ctx: MembersContext) {
  const { secret, siteUrl, nowSeconds } = ctx;
  return {
    async sendPasswordResetEmail(email: string, redirectUri: string) {
      const link = resetLinkBase(redirectUri, siteUrl);
      const address = normaliseEmail(email);
      const member = address ? await ctx.read(memberId(address)) : null;
      // No member, or one who may not sign in: no mail, and the same (empty) answer.
      if (!member?.passwordHash || member.status === 'BLOCKED') return;
      link.searchParams.set('token', signReset(secret, member._id, member.passwordHash, nowSeconds()));
      const { subject, text } = resetMail(link);
      await ctx.send(member.email!, subject, text, 'password reset');
    },

    async resetPassword(resetToken: string, newPassword: string): Promise<ResetResult> {
      const reset = verifyReset(resetToken, secret, nowSeconds());
      const member = reset ? await ctx.read(reset.sub) : null;
      if (!reset || !member?.passwordHash || passwordTag(member.passwordHash) !== reset.ph) {
        return { ok: false, reason: 'invalidToken' };
      }
      if (!acceptablePassword(newPassword)) return { ok: false, reason: 'invalidPassword' };
      // The link proved the inbox, so the address is verified; every session signed before ends (a new epoch).
      await ctx.write({
        ...withoutVerification(member),
        passwordHash: await ctx.passwords.hash(newPassword),
        emailVerified: true,
        sessionEpoch: (member.sessionEpoch ?? 0) + 1,
      });
      return { ok: true };
    },
  };
}
