import { otherMethods } from '@/lib/edge/api/respond';
import {
  clearedMemberReset,
  clearedMemberSessionCookies,
  memberFormRoute,
  memberResetCookie,
  seeOther,
} from '@/lib/edge/api/member-forms';
import { siteMembers } from '@/lib/members';
import { MEMBER_PAGES, MEMBER_RESET_COOKIE, memberPagePath } from '@/lib/members';

// POST (the /reset form): the link's token (a hidden field, or the cookie a refused try left) and a new password.
// Set: every session of the member ends, and they sign in with the new password. A refused password keeps the token
// in an HttpOnly cookie for another try, never in the redirect's URL. 10 per client per 15 minutes.

export const POST = memberFormRoute(MEMBER_PAGES.reset, async (form) => {
  if (!(await form.allow('newPasswords'))) return seeOther(memberPagePath(MEMBER_PAGES.reset, 'rate-limited'));
  const token = form.field('token', 2048) || form.cookie(MEMBER_RESET_COOKIE) || '';
  const result = await siteMembers().resetPassword(token.slice(0, 2048), form.field('password', 1024));
  if (result.ok) {
    return seeOther(memberPagePath(MEMBER_PAGES.signin, 'password-changed'), [
      clearedMemberReset(form.secure),
      ...clearedMemberSessionCookies(form.secure),
    ]);
  }
  if (result.reason === 'invalidPassword') {
    return seeOther(memberPagePath(MEMBER_PAGES.reset, 'invalid-password'), [memberResetCookie(token, form.secure)]);
  }
  return seeOther(memberPagePath(MEMBER_PAGES.reset, 'link-expired'), [clearedMemberReset(form.secure)]);
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
