import { memberFormRoute, seeOther } from '@/lib/edge/api/member-forms';
import { otherMethods } from '@/lib/edge/api/respond';
import { readingListService } from '@/lib/reading-list';
import { MEMBER_PAGES, type MemberNotice, memberPagePath } from '@/lib/members';
import { SAVED_FRAGMENT, postPath } from '@/lib/core/site';

// POST: the reading list's forms (the rules: lib/reading-list/service.ts). `intent=save` with a `postId` (the "Save for
// later" form under each post) saves the post for the signed-in member and goes back to the post at its
// `#saved-for-later` notice (the page is prerendered, the same for everyone: the notice is shown by CSS `:target`); a
// visitor goes to the sign-in page, which brings them back to the post. `intent=remove` with an `itemId` (the account
// page) removes one of the member's items. Cross-site posts, a client over its limit, an unknown post or an item that
// is not the member's come back as a notice.

const account = (notice: MemberNotice) => `${memberPagePath(MEMBER_PAGES.account, notice)}#reading-list`;

export const POST = memberFormRoute(MEMBER_PAGES.account, async (form) => {
  if (!(await form.allow('readingList'))) return seeOther(memberPagePath(MEMBER_PAGES.account, 'rate-limited'));
  if (form.field('intent', 16) === 'remove') {
    const { member, answer } = await form.signedIn('signin-required', MEMBER_PAGES.account);
    if (!member) return answer;
    const removed = await readingListService.remove(member.id, form.field('itemId', 100));
    return seeOther(account(removed === 'removed' ? 'reading-list-removed' : 'reading-list-missing'));
  }
  const post = await readingListService.postToSave(form.field('postId', 100));
  if (!post) return seeOther(memberPagePath(MEMBER_PAGES.account, 'unknown-post'));
  const back = postPath(post.slug, post.language);
  const { member, answer } = await form.signedIn('signin-to-save', back);
  if (!member) return answer;
  const saved = await readingListService.save(member.id, post.id);
  return seeOther(saved === 'full' ? account('reading-list-full') : `${back}#${SAVED_FRAGMENT}`);
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
