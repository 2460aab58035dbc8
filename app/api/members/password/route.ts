import { otherMethods } from '@/lib/edge/api/respond';
import {
  clearedMemberSessionCookies,
  memberFormRoute,
  memberSessionCookies,
  seeOther,
} from '@/lib/edge/api/member-forms';
import { siteMembers } from '@/lib/members';
import { type MemberNotice, MEMBER_PAGES, MEMBER_SESSION_COOKIE, memberPagePath } from '@/lib/members';

// POST (the account page's password form): the current password and a new one. Changed: every other session of the
// member ends, and this browser gets a new session cookie. 10 wrong current passwords per client per 15 minutes, so a
// borrowed session cannot guess the password: a point is taken before the check (parallel guesses cannot pass the
// budget) and given back unless the password was wrong.

const REFUSED: Record<'wrongPassword' | 'invalidPassword' | 'notSupported', MemberNotice> = {
  wrongPassword: 'wrong-password',
  invalidPassword: 'invalid-password',
  notSupported: 'password-unsupported',
};

export const POST = memberFormRoute(MEMBER_PAGES.account, async (form) => {
  const session = form.cookie(MEMBER_SESSION_COOKIE);
  if (!session || session.length > 2048) return seeOther(memberPagePath(MEMBER_PAGES.signin, 'signin-required'));
  if (!(await form.allow('wrongPasswords'))) return seeOther(memberPagePath(MEMBER_PAGES.account, 'rate-limited'));
  const result = await siteMembers().changePassword(
    session,
    form.field('currentPassword', 1024),
    form.field('newPassword', 1024),
  );
  if (result.ok || result.reason !== 'wrongPassword') await form.refund('wrongPasswords');
  if (result.ok) {
    return seeOther(memberPagePath(MEMBER_PAGES.account, 'password-updated'), [
      ...memberSessionCookies(result.sessionToken, form.secure),
    ]);
  }
  if (result.reason === 'invalidSession') {
    return seeOther(memberPagePath(MEMBER_PAGES.signin, 'signin-required'), clearedMemberSessionCookies(form.secure));
  }
  return seeOther(memberPagePath(MEMBER_PAGES.account, REFUSED[result.reason]));
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
