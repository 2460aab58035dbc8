import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ACCESS, BASE, CLIENT_ID, SITE, json, loginPage, me, withFakeWixMembers } from '../helpers/wix-members';
import { withSite } from '../helpers/site';
import { restPost } from '../helpers/wix-blog';

// A paid post on a Wix site (issue 30's must-show, Wix half): the blog read with the API key, members signing in at
// Wix, plans at Wix's Pricing Plans, every Wix call answered by the msw fake in the Blog and Pricing Plans REST shapes.
// The public read is the preview whatever Wix answered (with an API key, the whole text); the signed-in member whose
// ACTIVE order (asked of Wix with the member's own token) names one of the post's plans reads the whole text; once the
// order ends, the member's next read is the preview.

const SECRET = 'plans-wix-site-test-secret-long-enough-0123456789';
withSite({
  BLOG_SOURCE: 'wix',
  WIX_CLIENT_ID: CLIENT_ID,
  WIX_API_KEY: 'IST.site-api-key',
  WIX_SITE_ID: 'site-1',
  WIX_API_BASE_URL: BASE,
  SITE_URL: SITE,
  SESSION_SECRET: SECRET,
});

const GOLD = '3c3e7e52-4d5d-4f2e-9d0b-6c1f8e0e0a01';
const SENTINEL = 'Only those who paid read this sentence about caches';
const paragraph = (id: string, text: string) => ({
  type: 'PARAGRAPH',
  id,
  nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text, decorations: [] } }],
  paragraphData: {},
});
/** What Wix answers the API key: the whole post, its plans named (Post.pricingPlanIds in @wix/auto_sdk_blog_posts). */
const paidPost = restPost({
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
let orderStatus = 'ACTIVE';

const { server, to } = withFakeWixMembers();
const { GET: wixLogin } = await import('@/app/api/members/wix-login/route');
const { GET: callback } = await import('@/app/api/members/callback/route');
const { blogSource } = await import('@/lib/blog');
const { memberRead, sitePlans } = await import('@/lib/plans');

const blogAndPlans = [
  http.get(`${BASE}/v3/posts/slugs/:slug`, ({ params }) =>
    params.slug === 'paid-post' ? json({ post: paidPost }) : json({ message: 'not found' }, { status: 404 }),
  ),
  http.get(`${BASE}/pricing-plans/v2/member/orders`, ({ request }) =>
    request.headers.get('authorization') === ACCESS
      ? json({
          orders: [{ id: 'order-1', planId: GOLD, planName: 'Gold', status: orderStatus }].filter((o) =>
            new URL(request.url).searchParams.getAll('orderStatuses').includes(o.status),
          ),
        })
      : json({ message: 'forbidden' }, { status: 403 }),
  ),
];

/** A member signed in through Wix's login page: their session cookie's value. */
async function signedIn(): Promise<string> {
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

// The site's embedded records (the paid read is counted there) open in the test: seconds under a full parallel run.
vi.setConfig({ testTimeout: 60_000 });

describe('a paid post on a Wix site', () => {
  it('is the preview for the public, the whole text for the member with an active order, and closes when it ends', async () => {
    const session = await signedIn();
    server.use(...blogAndPlans, me());
    const member = { id: 'member-1', sessionToken: session };

    const publicPost = (await blogSource().getPostBySlug('paid-post', {
      fieldsets: ['RICH_CONTENT', 'CONTENT_TEXT'],
    }))!;
    expect(publicPost.preview).toBe(true);
    expect(JSON.stringify(publicPost)).not.toContain(SENTINEL);

    const open = await memberRead(publicPost, member, ['RICH_CONTENT', 'CONTENT_TEXT']);
    expect(open.open && open.plan).toEqual({ planId: GOLD, planName: 'Gold' });
    expect(open.open && JSON.stringify(open.post.richContent)).toContain(SENTINEL);
    // Asked of Wix as the member (their access token), for ACTIVE orders.
    const asked = to('/pricing-plans/v2/member/orders');
    expect(asked.map((r) => [r.headers.get('authorization'), r.url.searchParams.getAll('orderStatuses')])).toEqual([
      [ACCESS, ['ACTIVE']],
    ]);
    expect(await sitePlans().held(member)).toEqual([{ planId: GOLD, planName: 'Gold' }]);

    orderStatus = 'ENDED';
    expect(await memberRead(publicPost, member, ['RICH_CONTENT'])).toEqual({ open: false });
    // The public read is still the preview.
    expect(
      JSON.stringify(await blogSource().getPostBySlug('paid-post', { fieldsets: ['RICH_CONTENT'] })),
    ).not.toContain(SENTINEL);
  });
});
