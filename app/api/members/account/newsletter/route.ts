import { isCatalogueError } from '@/lib/core/errors';
import { memberFormRoute, seeOther } from '@/lib/edge/api/member-forms';
import { siteOffers } from '@/lib/edge/pages/offers';
import { PRIVATE, otherMethods } from '@/lib/edge/api/respond';
import { MEMBER_PAGES, type MemberNotice, memberPagePath } from '@/lib/members';
import { memberNewsletter } from '@/lib/newsletter';

// POST the account page's newsletter form: `intent` subscribe or unsubscribe, for the signed-in member's own address
// (from their session, never from the form). Subscribing is the public form's (lib/newsletter: the client's limit, a
// confirmation link mailed, the subscription confirmed when it is followed); unsubscribing is the mail's one-click
// link's, and only for an address known to be the member's (confirmed at sign-up, by a reset link, or at Wix): whoever
// signed up with another's address cannot take it off the list or learn where it stands. Answered with a 303 to
// /account and a notice; anything else changes nothing.

const back = (notice: MemberNotice) => seeOther(memberPagePath(MEMBER_PAGES.account, notice), [], PRIVATE);

export const POST = memberFormRoute(MEMBER_PAGES.account, async (form) => {
  const { member, answer } = await form.signedIn('signin-required', MEMBER_PAGES.account);
  if (answer) return answer;
  const intent = form.field('intent', 20);
  if (intent !== 'subscribe' && intent !== 'unsubscribe') return back('invalid-request');
  if (!(await siteOffers()).newsletter) return back('newsletter-off');
  if (intent === 'unsubscribe') {
    if (!member.emailVerified) return back('newsletter-unverified');
    await memberNewsletter.unsubscribe(member.email);
    return back('newsletter-unsubscribed');
  }
  if (member.emailVerified && (await memberNewsletter.standing(member.email)).standing === 'confirmed') {
    return back('newsletter-confirmed-already');
  }
  try {
    await memberNewsletter.subscribe(member.email, form.client);
  } catch (error) {
    if (isCatalogueError(error) && error.status === 429) return back('newsletter-rate-limited');
    throw error;
  }
  return back('newsletter-asked');
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
