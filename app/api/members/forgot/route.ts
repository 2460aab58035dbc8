import { otherMethods } from '@/lib/api/respond';
import { memberFormRoute, seeOther } from '@/lib/api/member-forms';
import { config } from '@/lib/config';
import { siteMembers } from '@/lib/members';
import { MEMBER_PAGES, memberPagePath } from '@/lib/members/session-cookie';

// POST (the /forgot form): an e-mail → a reset link mailed if it is a member's. The answer is the same whether it is
// or not, and whether the mail went out or failed (a failure only for members would tell). 5 per client per hour.

export const POST = memberFormRoute(MEMBER_PAGES.forgot, async (form) => {
  if (!(await form.allow('resets'))) return seeOther(memberPagePath(MEMBER_PAGES.forgot, 'rate-limited'));
  try {
    await siteMembers().sendPasswordResetEmail(form.field('email', 320), `${config().siteUrl}${MEMBER_PAGES.reset}`);
  } catch (error) {
    console.error(JSON.stringify({ msg: 'members: reset mail not sent', error: (error as Error)?.name }));
  }
  return seeOther(memberPagePath(MEMBER_PAGES.forgot, 'reset-sent'));
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
