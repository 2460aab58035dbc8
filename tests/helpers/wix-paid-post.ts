import { http } from 'msw';
import type { SetupServer } from 'msw/node';
import { expect } from 'vitest';
import { ACCESS, BASE, SITE, json, loginPage, me } from './wix-members';
import { restPost } from './wix-blog';

// What the paid-post tests on a Wix site share (tests/plans/wix-site*.test.ts): the post in Wix Blog's REST shape with
// its plan, Pricing Plans' member orders answered to the member's token, and a member signed in through Wix's login
// page. Each file sets the site's environment first (withSite), then imports the routes it calls.

export const GOLD = '3c3e7e52-4d5d-4f2e-9d0b-6c1f8e0e0a01';
/** The sentence only a paid read may show. */
export const SENTINEL = 'Only those who paid read this sentence about caches';

export const paragraph = (id: string, text: string) => ({
  type: 'PARAGRAPH',
  id,
  nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text, decorations: [] } }],
  paragraphData: {},
});

/** The whole post, its plans named (Post.pricingPlanIds in @wix/auto_sdk_blog_posts). */
export const paidPost = restPost({
  id: 'paid-1',
  slug: 'paid-post',
  status: 'PUBLISHED',
  pricingPlanIds: [GOLD],
  preview: false,
  richContent: {
    nodes: [
      paragraph('a', 'One, free.'),
      paragraph('b', 'Two, free.'),
      paragraph('c', 'Three, free.'),
      paragraph('d', SENTINEL),
    ],
  },
  contentText: `One, free.\nTwo, free.\nThree, free.\n${SENTINEL}`,
});

/** orders.memberListOrders as Wix answers it: the order of GOLD (its `status()`), to the member’s token only. */
export const memberOrders = (status: () => string) =>
  http.get(`${BASE}/pricing-plans/v2/member/orders`, ({ request }) =>
    request.headers.get('authorization') === ACCESS
      ? json({
          orders: [{ id: 'order-1', planId: GOLD, planName: 'Gold', status: status() }].filter((o) =>
            new URL(request.url).searchParams.getAll('orderStatuses').includes(o.status),
          ),
        })
      : json({ message: 'forbidden' }, { status: 403 }),
  );

/** A member signed in through Wix's login page (the site's own routes): their session cookie's value. */
export async function signedInAtWix(server: SetupServer): Promise<string> {
  const { GET: wixLogin } = await import('@/app/api/members/wix-login/route');
  const { GET: callback } = await import('@/app/api/members/callback/route');
  const fake = loginPage();
  server.use(...fake.handlers, me());
  const start = await wixLogin(new Request(`${SITE}/api/members/wix-login?next=/read/paid-post`));
  const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
  const loginCookie = start.headers
    .getSetCookie()
    .find((c) => c.startsWith('member_wix_login='))!
    .split(';')[0]!;
  const back = await callback(
    new Request(`${SITE}/api/members/callback?code=${fake.code}&state=${state}`, { headers: { cookie: loginCookie } }),
  );
  const session = back.headers
    .getSetCookie()
    .find((c) => c.startsWith('member_session='))!
    .split(';')[0]!
    .slice('member_session='.length);
  expect(session).toMatch(/^w1\./);
  return session;
}
