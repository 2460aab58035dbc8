import { clearedMemberSessionCookies, memberFormRoute, seeOther, type MemberForm } from '@/lib/edge/api/member-forms';
import { otherMethods } from '@/lib/edge/api/respond';
import { getPost } from '@/lib/blog/reads';
import { siteReadingList } from '@/lib/reading-list';
import { isReadingListItemId } from '@/lib/reading-list';
import { isCatalogueError } from '@/lib/core/errors';
import { MEMBER_PAGES, MEMBER_SESSION_COOKIE, type MemberNotice, memberOfCookie, memberPagePath } from '@/lib/members';
import { SAVED_FRAGMENT, postPath } from '@/lib/core/site';

// POST: the reading list's forms. `intent=save` with a `postId` (the "Save for later" form under each post) saves the
// post for the signed-in member and goes back to the post at its `#saved-for-later` notice (the page is prerendered,
// the same for everyone: the notice is shown by CSS `:target`); a visitor goes to the sign-in page, which brings them
// back to the post. `intent=remove` with an `itemId` (the account page) removes one of the member's items. Cross-site
// posts, a client over its limit, an unknown post or an item that is not the member's come back as a notice.

/** Post ids are the platform's GUIDs; the demo's and the tests' are plain names. Nothing else is looked up. */
const POST_ID = /^[A-Za-z0-9-]{1,64}$/;

const account = (notice: MemberNotice) => `${memberPagePath(MEMBER_PAGES.account, notice)}#reading-list`;

export const POST = memberFormRoute(MEMBER_PAGES.account, async (form) => {
  if (!(await form.allow('readingList'))) return seeOther(memberPagePath(MEMBER_PAGES.account, 'rate-limited'));
  return form.field('intent', 16) === 'remove' ? remove(form) : save(form);
});

/** The signed-in member, or the sign-in page's answer (clearing a session cookie that no longer signs anyone in). */
async function signedIn(form: MemberForm, next: string) {
  const session = form.cookie(MEMBER_SESSION_COOKIE);
  const member = await memberOfCookie(session);
  if (member) return { member };
  const notice = next === MEMBER_PAGES.account ? 'signin-required' : 'signin-to-save';
  const cleared = session ? clearedMemberSessionCookies(form.secure) : [];
  return { answer: seeOther(memberPagePath(MEMBER_PAGES.signin, notice, next), cleared) };
}

async function save(form: MemberForm) {
  const postId = form.field('postId', 100);
  const post = POST_ID.test(postId) ? await getPost(postId) : null;
  if (!post) return seeOther(memberPagePath(MEMBER_PAGES.account, 'unknown-post'));
  const { member, answer } = await signedIn(form, postPath(post.slug, post.language));
  if (!member) return answer;
  const result = await siteReadingList().save(member.id, post.id);
  if (result === 'full') return seeOther(account('reading-list-full'));
  return seeOther(`${postPath(post.slug, post.language)}#${SAVED_FRAGMENT}`);
}

async function remove(form: MemberForm) {
  const { member, answer } = await signedIn(form, MEMBER_PAGES.account);
  if (!member) return answer;
  const itemId = form.field('itemId', 100);
  if (!isReadingListItemId(itemId)) return seeOther(account('reading-list-missing'));
  try {
    await siteReadingList().remove(member.id, itemId);
  } catch (error) {
    // Another member's item: the data service refuses it (403 WDE0027), and it is not on this member's list.
    if (isCatalogueError(error) && error.status === 403) return seeOther(account('reading-list-missing'));
    throw error;
  }
  return seeOther(account('reading-list-removed'));
}

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
