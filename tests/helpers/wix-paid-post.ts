import type { StandInMember } from '@/scripts/wix/stand-in-members';
import type { StandInPlan } from '@/scripts/wix/stand-in-plans';
import { restPost } from './wix-blog';

// What the paid-post tests on a Wix site share (tests/plans/wix-site*.test.ts): the post with its plan, the plan, and
// the member who holds it, for the Wix stand-in (tests/helpers/wix-stand-in.ts), which answers each caller as Wix does:
// the whole post to the site's key and to the holder of an ACTIVE order of its plan, the preview to anyone else.

export const GOLD = '3c3e7e52-4d5d-4f2e-9d0b-6c1f8e0e0a01';
/** The sentence only a paid read may show. */
export const SENTINEL = 'Only those who paid read this sentence about caches';

export const paragraph = (id: string, text: string) => ({
  type: 'PARAGRAPH',
  id,
  nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text, decorations: [] } }],
  paragraphData: {},
});

/** The whole post, its plans named (Post.pricingPlanIds in @wix/auto_sdk_blog_posts); Wix previews its first two. */
export const paidPost = restPost({
  id: 'paid-1',
  slug: 'paid-post',
  status: 'PUBLISHED',
  pricingPlanIds: [GOLD],
  previewBlocks: 2,
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

export const goldPlan: StandInPlan = {
  id: GOLD,
  name: 'Gold',
  pricing: { price: { value: '5', currency: 'EUR' }, subscription: { cycleDuration: { count: 1, unit: 'MONTH' } } },
};

/** A member with an ACTIVE order of GOLD (a test may end it: `ann.orders[0].status = 'ENDED'`). */
export const planHolder = (): StandInMember & { orders: Array<{ planId: string; status: string }> } => ({
  id: 'member-1',
  email: 'ann@example.com',
  password: 'ann-password-0123',
  profile: { nickname: 'Ann', slug: 'ann' },
  orders: [{ planId: GOLD, status: 'ACTIVE' }],
});
