import { otherMethods } from '@/lib/edge/api/respond';
import {
  clearedMemberSessionCookies,
  clearedMemberState,
  memberFormRoute,
  seeOther,
} from '@/lib/edge/api/member-forms';
import { siteMembers } from '@/lib/members';
import { MEMBER_PAGES, MEMBER_SESSION_COOKIE, memberOfCookie, memberPagePath } from '@/lib/members';

// POST (the account page's "sign out everywhere" button): every session of the member ends, on every device, this one
// included, and its cookie is cleared. A session that names nobody (absent, ended already) is asked to sign in.

export const POST = memberFormRoute(MEMBER_PAGES.account, async (form) => {
  const session = form.cookie(MEMBER_SESSION_COOKIE);
  const cleared = [...clearedMemberSessionCookies(form.secure), clearedMemberState(form.secure)];
  if (!(await memberOfCookie(session))) {
    return seeOther(memberPagePath(MEMBER_PAGES.signin, 'signin-required'), session ? cleared : []);
  }
  await siteMembers().signOutEverywhere(session!);
  return seeOther(memberPagePath(MEMBER_PAGES.signin, 'signed-out-everywhere'), cleared);
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
