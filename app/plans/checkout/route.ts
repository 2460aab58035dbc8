import { cookies } from 'next/headers';
import { errors } from '@/lib/core/errors';
import { absoluteUrl } from '@/lib/edge/seo/site-urls';
import { getPublicPost } from '@/lib/edge/pages/post';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { seeOther } from '@/lib/edge/api/member-forms';
import { MEMBER_PAGES, MEMBER_SESSION_COOKIE, memberOfCookie } from '@/lib/members';
import { sitePlans } from '@/lib/plans';

// GET /plans/checkout?plan=…&post=… (a paywall box's "Join"): at Wix, a 303 to Wix's hosted checkout of the plan,
// made as the signed-in member when there is one, coming back to the member's read of the post; locally, where no
// payment is taken and the owner grants plans, a 303 to the sign-up page. A plan the post does not name, or a post that
// is not paid, is the catalogue's 404; nothing is made.

const MAX_PARAM = 256;

export const GET = jsonHandler(async (request) => {
  const url = new URL(request.url);
  const planId = url.searchParams.get('plan') ?? '';
  const slug = url.searchParams.get('post') ?? '';
  if (!planId || !slug || planId.length > MAX_PARAM || slug.length > MAX_PARAM) {
    throw errors.badValue('plan and post are required (a plan id and a post slug)');
  }
  const post = await getPublicPost(slug);
  if (!post?.preview || !post.pricingPlanIds.includes(planId)) {
    throw errors.notFound(`no paid post "${slug.slice(0, 64)}" opened by plan "${planId.slice(0, 64)}"`);
  }
  const returnTo = absoluteUrl(`/read/${encodeURIComponent(post.slug)}`);
  const session = (await cookies()).get(MEMBER_SESSION_COOKIE)?.value;
  const member = session ? await memberOfCookie(session) : null;
  const checkout = await sitePlans().checkoutUrl(
    planId,
    returnTo,
    member && session ? { id: member.id, sessionToken: session } : undefined,
  );
  return seeOther(checkout ?? `${MEMBER_PAGES.join}`);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
