import { describe, expect, it, vi } from 'vitest';
import { CLIENT_ID, SITE } from '../helpers/wix-members';
import { withSite } from '../helpers/site';
import { signIn, standInSiteEnv, withWixStandIn } from '../helpers/wix-stand-in';
import { GOLD, SENTINEL, goldPlan, paidPost, planHolder } from '../helpers/wix-paid-post';

// A paid post on a Wix site the site reads without an API key (an OAuth app only, which the platform's switchboard
// allows with members at Wix): every Blog call of the site's own is a visitor's, and Wix answers a visitor a paid
// post's preview ("Whether the returned content is a preview of premium content ... to non-subscribed users",
// @wix/auto_sdk_blog_posts Post.preview). The stand-in answers as Wix does by the caller's token: the whole post to the
// member whose order is active, the preview to anyone else. The member with the plan reads the whole text (asked with
// their own token); once the order ends, Wix answers them the preview too, and the post stays closed. Before (c2450ab),
// the site asked as its visitor and the plan holder read the preview.

const SECRET = 'plans-wix-no-key-test-secret-long-enough-0123456789';
const site = standInSiteEnv(SECRET, null);
withSite(site.env);

const ann = planHolder();
const { to } = await withWixStandIn({ posts: [paidPost], members: [ann], plans: [goldPlan], clientId: CLIENT_ID });
const { blogSource } = await import('@/lib/blog');
const { config } = await import('@/lib/core/config');
const { memberRead } = await import('@/lib/plans');

// The site's embedded records (the paid read is counted there) open in the test: seconds under a full parallel run.
vi.setConfig({ testTimeout: 60_000 });

describe('a paid post on a Wix site read without an API key', () => {
  it('is the whole text for the member whose plan opens it, asked with their token; the preview once it ends', async () => {
    expect(config().platform).toMatchObject({ blog: 'wix', members: 'wix', plans: 'wix' });
    expect(config().wix.apiKey).toBeUndefined();
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
    expect(open.open && open.post.preview).toBe(false);
    // The post was asked as the member: a token the stand-in issued at the login, not the site's visitor's.
    const asked = to('/v3/posts/slugs/paid-post').map((r) => r.headers.get('authorization'));
    expect(new Set(asked).size).toBe(2);

    // The order ends: Wix answers the member the preview, and the post stays closed.
    ann.orders[0]!.status = 'ENDED';
    expect(await memberRead(publicPost, member, ['RICH_CONTENT'])).toEqual({ open: false });
  });
});
