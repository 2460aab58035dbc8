import { memberFormRoute, seeOther } from '@/lib/edge/api/member-forms';
import { PRIVATE, otherMethods } from '@/lib/edge/api/respond';
import { MEMBER_PAGES, MEMBER_SESSION_COOKIE, type MemberNotice, memberPagePath } from '@/lib/members';
import { memberPlans } from '@/lib/plans';

// POST the account page's plan form: `intent=cancel`, `planId`, and `confirm=yes` (the box the member ticks to say
// they understand). A plan the site's owner granted ends at once (lib/plans member-plans.ts: it takes no payment, so
// there is no period to run out); a plan bought at Wix is cancelled at Wix, and nothing changes here. Answered with a
// 303 to /account and a notice; a plan the member does not hold, or a form without its box ticked, changes nothing.

const back = (notice: MemberNotice) => seeOther(memberPagePath(MEMBER_PAGES.account, notice), [], PRIVATE);

export const POST = memberFormRoute(MEMBER_PAGES.account, async (form) => {
  const { member, answer } = await form.signedIn('signin-required', MEMBER_PAGES.account);
  if (answer) return answer;
  const session = form.cookie(MEMBER_SESSION_COOKIE)!;
  const planId = form.field('planId', 129);
  if (form.field('intent', 20) !== 'cancel' || !planId || planId.length > 128) return back('invalid-request');
  if (form.field('confirm', 10) !== 'yes') return back('plan-confirm');
  const plans = memberPlans();
  const plan = (await plans.list({ id: member.id, sessionToken: session })).find((p) => p.planId === planId);
  if (!plan) return back('plan-not-held');
  if (plan.cancel !== 'here') return back('plan-at-wix');
  return back((await plans.cancel(member, planId)) ? 'plan-cancelled' : 'plan-not-held');
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
