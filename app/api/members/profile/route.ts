import { otherMethods } from '@/lib/edge/api/respond';
import { clearedMemberSessionCookies, memberFormRoute, seeOther } from '@/lib/edge/api/member-forms';
import { listMediaImages } from '@/lib/blog/reads';
import { type ProfileChange, siteMembers } from '@/lib/members';
import { MEMBER_PAGES, MEMBER_SESSION_COOKIE, memberPagePath } from '@/lib/members';

// POST (the account page's profile form): display name and picture. A field the form did not send stays as it is; an
// empty picture removes it. A picture must be one the page offered, an image of the site's media folder: the provider
// checks only its shape (lib/members cannot read the blog), so the folder is asked here, before anything is written.

export const POST = memberFormRoute(MEMBER_PAGES.account, async (form) => {
  const session = form.cookie(MEMBER_SESSION_COOKIE);
  if (!session || session.length > 2048) return seeOther(memberPagePath(MEMBER_PAGES.signin, 'signin-required'));
  const change: ProfileChange = {};
  if (form.fields.displayName !== undefined) change.displayName = form.field('displayName', 200);
  if (form.fields.avatar !== undefined) {
    const avatar = form.field('avatar', 300);
    if (avatar !== '' && !(await listMediaImages()).includes(avatar)) {
      return seeOther(memberPagePath(MEMBER_PAGES.account, 'invalid-avatar'));
    }
    change.avatar = avatar || null;
  }
  const result = await siteMembers().updateProfile(session, change);
  if (result.ok) return seeOther(memberPagePath(MEMBER_PAGES.account, 'profile-saved'));
  if (result.reason === 'invalidSession') {
    return seeOther(memberPagePath(MEMBER_PAGES.signin, 'signin-required'), clearedMemberSessionCookies(form.secure));
  }
  // The picture was checked above, so what the provider refused is the name.
  return seeOther(memberPagePath(MEMBER_PAGES.account, 'invalid-name'));
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
