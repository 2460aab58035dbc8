import { MEMBER_PAGES } from '../pages';
import { type CallContext, type LoginResult, LoginState } from '../types';
import type { MembersContext } from './context';
import { joinNoticeMail } from './mail';
import { memberId } from './member';
import { failure } from './results';
import { verificationSteps } from './verification';

// A registration of an address that is a member's already. Wix answers it FAILURE `emailAlreadyExists`, which tells
// whoever asks that the address is a member's (as /forgot once did). Here it gets the answer a new address gets under
// the sign-up policy, and the member a mail instead (someone tried to join with your address: sign in, or reset the
// password), within the budget a new member's code mail takes from (`allowCodeMail`: per client and per account):
//
//   - verification on: EMAIL_VERIFICATION_REQUIRED, with a state token no code works with (unmatchedVerification);
//   - approval only: OWNER_APPROVAL_REQUIRED;
//   - neither: a new address is signed in at once, which no answer for a member's address can copy without signing
//     the asker in: FAILURE `emailAlreadyExists` as before, and no mail (the page tells the visitor to sign in).
//
// The work matches a new member's, so the time taken tells nothing either: the password was hashed before the insert
// failed; under verification one mail goes out before the answer, as a new member's code does (a failed mail is the
// same "try later"); under approval alone a new member is mailed nothing, so the notice goes after the answer
// (`context.later`, Next's `after` in the join route). A blocked member is mailed nothing, as /forgot mails them none.

export function takenAddressOperations(ctx: MembersContext) {
  const { unmatchedVerification } = verificationSteps(ctx);

  async function mailNotice(address: string, context: CallContext): Promise<void> {
    const member = await ctx.read(memberId(address));
    if (!member?.email || member.status === 'BLOCKED') return;
    if (context.allowCodeMail && !(await context.allowCodeMail(member.email))) return;
    const { subject, text } = joinNoticeMail(
      new URL(`${ctx.siteUrl}${MEMBER_PAGES.signin}`),
      new URL(`${ctx.siteUrl}${MEMBER_PAGES.forgot}`),
    );
    await ctx.send(member.email, subject, text, 'join notice');
  }

  return {
    /** What a registration of `address` (normalised), a member's already, answers. */
    async registerTaken(address: string, context: CallContext = {}): Promise<LoginResult> {
      const { emailVerification, ownerApproval } = await ctx.policies.get();
      if (!emailVerification && !ownerApproval) {
        return failure('An account with this e-mail address exists already.', 'emailAlreadyExists');
      }
      if (emailVerification) {
        await mailNotice(address, context);
        return unmatchedVerification(memberId(address));
      }
      const notice = () =>
        mailNotice(address, context).catch((error: unknown) => {
          // The error's name only (a failed send was logged by name already).
          console.error(JSON.stringify({ msg: 'members: join notice not sent', error: (error as Error)?.name }));
        });
      if (context.later) context.later(notice);
      else void notice();
      return { loginState: LoginState.OWNER_APPROVAL_REQUIRED };
    },
  };
}
