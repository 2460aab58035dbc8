import { otherMethods } from '@/lib/edge/api/respond';
import { clearedMemberState, memberFormRoute, seeOther } from '@/lib/edge/api/member-forms';
import { answerLoginState } from '@/lib/edge/api/member-states';
import { siteMembers } from '@/lib/members';
import { MEMBER_PAGES, MEMBER_STATE_COOKIE, memberPagePath } from '@/lib/members';

// POST (the /verify form): the mailed code, with the state token from its HttpOnly cookie → processVerification.
// No state (expired, or never asked): back to sign in, which mails a new code. 20 codes per client per 15 minutes.

export const POST = memberFormRoute(MEMBER_PAGES.verify, async (form) => {
  const state = form.cookie(MEMBER_STATE_COOKIE);
  if (!state || state.length > 2048) {
    return seeOther(memberPagePath(MEMBER_PAGES.signin, 'code-expired'), [clearedMemberState(form.secure)]);
  }
  if (!(await form.allow('codes'))) return seeOther(memberPagePath(MEMBER_PAGES.verify, 'rate-limited'));
  const result = await siteMembers().processVerification({ verificationCode: form.field('code', 20) }, state);
  return answerLoginState(form, result, { page: MEMBER_PAGES.verify, failure: () => 'wrong-code' });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
