import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ACCESS, BASE, CLIENT_ID, SITE, json, me, withFakeWixMembers } from '../helpers/wix-members';
import { withSite } from '../helpers/site';
import { GOLD, SENTINEL, memberOrders, paidPost, signedInAtWix } from '../helpers/wix-paid-post';

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

let orderStatus = 'ACTIVE';

const { server, to } = withFakeWixMembers();
const { blogSource } = await import('@/lib/blog');
const { memberRead, sitePlans } = await import('@/lib/plans');

const blogAndPlans = [
  http.get(`${BASE}/v3/posts/slugs/:slug`, ({ params }) =>
    params.slug === 'paid-post' ? json({ post: paidPost }) : json({ message: 'not found' }, { status: 404 }),
  ),
  memberOrders(() => orderStatus),
];

// The site's embedded records (the paid read is counted there) open in the test: seconds under a full parallel run.
vi.setConfig({ testTimeout: 60_000 });

describe('a paid post on a Wix site', () => {
  it('is the preview for the public, the whole text for the member with an active order, and closes when it ends', async () => {
    const session = await signedInAtWix(server);
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
