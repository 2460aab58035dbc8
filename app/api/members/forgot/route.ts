import { otherMethods } from '@/lib/api/respond';
import { memberFormRoute, seeOther } from '@/lib/api/member-forms';
import { allowAccountMail } from '@/lib/api/member-limits';
import { config } from '@/lib/config';
import { siteMembers } from '@/lib/members';
import { MEMBER_PAGES, memberPagePath } from '@/lib/members/session-cookie';

// POST (the /forgot form): an e-mail → a reset link mailed if it is a member's. The answer is the same whether it is
// or not, and whether the mail went out or failed (a failure only for members would tell). 5 per client per hour,
// and 3 mails per account per hour.

export const POST = memberFormRoute(MEMBER_PAGES.forgot, async (form) => {
  if (!(await form.allow('resets'))) return seeOther(memberPagePath(MEMBER_PAGES.forgot, 'rate-limited'));
  const email = form.field('email', 320);
  // 3 mails per account per hour, whoever asks: nobody can fill a member's inbox, and the answer does not change.
  if (!(await allowAccountMail('accountResets', email)))
    return seeOther(memberPagePath(MEMBER_PAGES.forgot, 'reset-sent'));
  try {
    await siteMembers().sendPasswordResetEmail(email, `${config().siteUrl}${MEMBER_PAGES.reset}`);
  } catch (error) {
    console.error(JSON.stringify({ msg: 'members: reset mail not sent', error: (error as Error)?.name }));
  }
  return seeOther(memberPagePath(MEMBER_PAGES.forgot, 'reset-sent'));
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
