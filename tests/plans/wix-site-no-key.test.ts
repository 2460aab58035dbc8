import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ACCESS, BASE, CLIENT_ID, SITE, json, me, withFakeWixMembers } from '../helpers/wix-members';
import { withSite } from '../helpers/site';
import { GOLD, SENTINEL, memberOrders, paidPost, paragraph, signedInAtWix } from '../helpers/wix-paid-post';

// A paid post on a Wix site the site reads without an API key (an OAuth app only, which the platform's switchboard
// allows with members at Wix): every Blog call of the site's own is a visitor's, and Wix answers a visitor a paid
// post's preview ("Whether the returned content is a preview of premium content ... to non-subscribed users",
// @wix/auto_sdk_blog_posts Post.preview). The fake answers as Wix does by the caller's token: the whole post to the
// member whose order is active, the preview to anyone else. The member with the plan reads the whole text (asked with
// their own token); once the order ends, Wix answers them the preview too, and the post stays closed. Before, the site
// asked as its visitor and the plan holder read the preview.

const SECRET = 'plans-wix-no-key-test-secret-long-enough-0123456789';
withSite({
  BLOG_SOURCE: 'wix',
  WIX_CLIENT_ID: CLIENT_ID,
  WIX_API_BASE_URL: BASE,
  SITE_URL: SITE,
  SESSION_SECRET: SECRET,
});

let orderStatus = 'ACTIVE';

const { server, to } = withFakeWixMembers();
const { blogSource } = await import('@/lib/blog');
const { config } = await import('@/lib/core/config');
const { memberRead } = await import('@/lib/plans');

/** What Wix answers a caller without a plan: the first paragraphs, marked as the preview. */
const preview = {
  ...paidPost,
  preview: true,
  richContent: { nodes: [paragraph('a', 'One, free.'), paragraph('b', 'Two, free.')] },
  contentText: 'One, free.\nTwo, free.',
};
const holdsPlan = (request: Request) => request.headers.get('authorization') === ACCESS && orderStatus === 'ACTIVE';

const blogAndPlans = [
  http.get(`${BASE}/v3/posts/slugs/:slug`, ({ params, request }) =>
    params.slug === 'paid-post'
      ? json({ post: holdsPlan(request) ? paidPost : preview })
      : json({ message: 'not found' }, { status: 404 }),
  ),
  memberOrders(() => orderStatus),
];

// The site's embedded records (the paid read is counted there) open in the test: seconds under a full parallel run.
vi.setConfig({ testTimeout: 60_000 });

describe('a paid post on a Wix site read without an API key', () => {
  it('is the whole text for the member whose plan opens it, asked with their token; the preview once it ends', async () => {
    expect(config().platform).toMatchObject({ blog: 'wix', members: 'wix', plans: 'wix' });
    expect(config().wix.apiKey).toBeUndefined();
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
    // The post was asked as the member: their access token, not the site's visitor.
    expect(to('/v3/posts/slugs/paid-post').map((r) => r.headers.get('authorization'))).toContain(ACCESS);

    // The order ends between the site's check of the member's plans and the read: Wix answers the preview, closed.
    server.use(
      http.get(`${BASE}/pricing-plans/v2/member/orders`, () =>
        json({ orders: [{ id: 'order-1', planId: GOLD, planName: 'Gold', status: 'ACTIVE' }] }),
      ),
    );
    orderStatus = 'ENDED';
    expect(await memberRead(publicPost, member, ['RICH_CONTENT'])).toEqual({ open: false });
  });
});
