import { otherMethods } from '@/lib/edge/api/respond';
import {
  clearedMemberSessionCookies,
  clearedMemberState,
  memberFormRoute,
  seeOther,
} from '@/lib/edge/api/member-forms';
import { siteMembers } from '@/lib/members';
import { MEMBER_PAGES, MEMBER_SESSION_COOKIE, memberPagePath } from '@/lib/members';

// POST (the account page's button): the session is revoked and its cookie cleared.

export const POST = memberFormRoute(MEMBER_PAGES.account, async (form) => {
  const session = form.cookie(MEMBER_SESSION_COOKIE);
  if (session && session.length <= 2048) await siteMembers().logout(session);
  return seeOther(memberPagePath(MEMBER_PAGES.signin, 'signed-out'), [
    ...clearedMemberSessionCookies(form.secure),
    clearedMemberState(form.secure),
  ]);
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
