import { after } from 'next/server';
import { otherMethods } from '@/lib/edge/api/respond';
import { memberFormRoute, seeOther } from '@/lib/edge/api/member-forms';
import { allowAccountMail } from '@/lib/edge/api/member-limits';
import { config } from '@/lib/core/config';
import { siteMembers } from '@/lib/members';
import { MEMBER_PAGES, memberPagePath } from '@/lib/members';

// POST (the /forgot form): an e-mail → a reset link mailed if it is a member's. The answer is the same whether it is
// or not, and whether the mail went out or failed (a failure only for members would tell); and it costs the same:
// the route answers after the client's limit only, and the account's limit, the lookup, the token and the mail run
// after the answer is sent (Next's `after`), so its timing cannot tell a member's address from a stranger's (a member's
// took a median 22 ms, a stranger's 7.5 ms: 90% of single requests told apart). 5 per client per hour, and 3 mails per
// account per hour.

export const POST = memberFormRoute(MEMBER_PAGES.forgot, async (form) => {
  if (!(await form.allow('resets'))) return seeOther(memberPagePath(MEMBER_PAGES.forgot, 'rate-limited'));
  const email = form.field('email', 320);
  const redirectUri = `${config().siteUrl}${MEMBER_PAGES.reset}`;
  after(async () => {
    try {
      // 3 mails per account per hour, whoever asks: nobody can fill a member's inbox, and the answer does not change.
      if (!(await allowAccountMail('accountResets', email))) return;
      await siteMembers().sendPasswordResetEmail(email, redirectUri);
    } catch (error) {
      console.error(JSON.stringify({ msg: 'members: reset mail not sent', error: (error as Error)?.name }));
    }
  });
  return seeOther(memberPagePath(MEMBER_PAGES.forgot, 'reset-sent'));
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
