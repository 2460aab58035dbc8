import { describe, expect, it, vi } from 'vitest';
import { CLIENT_ID, SITE } from '../helpers/wix-members';
import { withSite } from '../helpers/site';
import { signIn, standInSiteEnv, withWixStandIn } from '../helpers/wix-stand-in';
import { GOLD, SENTINEL, goldPlan, paidPost, planHolder } from '../helpers/wix-paid-post';

// A paid post on a Wix site (issue 30's must-show, Wix half): the blog read with the API key, members signing in at
// Wix's hosted login page, plans at Wix's Pricing Plans, every Wix call answered by the stand-in. With the key Wix
// answers the site the whole post; the public read is still the preview, cut by the site; the signed-in member whose
// ACTIVE order (asked of Wix with the member's own token) names one of the post's plans reads the whole text; once the
// order ends, the member's next read is the preview.

const SECRET = 'plans-wix-site-test-secret-long-enough-0123456789';
const site = standInSiteEnv(SECRET);
withSite(site.env);

const ann = planHolder();
const { to } = await withWixStandIn({
  posts: [paidPost],
  members: [ann],
  plans: [goldPlan],
  clientId: CLIENT_ID,
  apiKey: site.apiKey,
});
const { blogSource } = await import('@/lib/blog');
const { memberRead, sitePlans } = await import('@/lib/plans');

// The site's embedded records (the paid read is counted there) open in the test: seconds under a full parallel run.
vi.setConfig({ testTimeout: 60_000 });

describe('a paid post on a Wix site', () => {
  it('is the preview for the public, the whole text for the member with an active order, and closes when it ends', async () => {
    const session = await signIn(SITE, ann, '/post/paid-post');
    const member = { id: ann.id, sessionToken: session };

    const publicPost = (await blogSource().getPostBySlug('paid-post', {
      fieldsets: ['RICH_CONTENT', 'CONTENT_TEXT'],
    }))!;
    expect(publicPost.preview).toBe(true);
    expect(JSON.stringify(publicPost)).not.toContain(SENTINEL);

    const open = await memberRead(publicPost, member, ['RICH_CONTENT', 'CONTENT_TEXT']);
    expect(open.open && open.plan).toEqual({ planId: GOLD, planName: 'Gold' });
    expect(open.open && JSON.stringify(open.post.richContent)).toContain(SENTINEL);
    // Asked of Wix as the member (their access token, not the site's key), for ACTIVE orders.
    const asked = to('/pricing-plans/v2/member/orders');
    expect(asked.map((r) => r.url.searchParams.getAll('orderStatuses'))).toEqual([['ACTIVE']]);
    expect(asked[0]!.headers.get('authorization')).not.toBe(site.apiKey);
    expect(await sitePlans().held(member)).toEqual([{ planId: GOLD, planName: 'Gold' }]);

    ann.orders[0]!.status = 'ENDED';
    expect(await memberRead(publicPost, member, ['RICH_CONTENT'])).toEqual({ open: false });
    // The public read is still the preview.
    expect(
      JSON.stringify(await blogSource().getPostBySlug('paid-post', { fieldsets: ['RICH_CONTENT'] })),
    ).not.toContain(SENTINEL);
  });
});
