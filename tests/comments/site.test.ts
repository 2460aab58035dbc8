import { http, HttpResponse } from 'msw';
import { revalidateTag } from 'next/cache';
import { describe, expect, it, vi } from 'vitest';
import { strictFakeWix } from '../helpers/fake-wix';

// Which comments the site uses: Wix's when its members are at Wix and an API key is set (the owner's moderation and
// the thread are read as the site). A change the site makes there clears the post's thread and count at once, without
// waiting for Wix's webhook.

const BASE = 'http://wix.test';
Object.assign(process.env, {
  BLOG_SOURCE: 'wix',
  WIX_CLIENT_ID: 'client-1',
  WIX_API_KEY: 'IST.site-api-key',
  WIX_SITE_ID: 'site-1',
  WIX_API_BASE_URL: BASE,
  SESSION_SECRET: 'comments-site-test-secret-long-enough-0123456789',
});
const { commentModeration, commentsAtWix, siteComments } = await import('@/lib/comments');
const { BLOG_APP_ID } = await import('@/lib/comments/types');

const POST = '8e1cd74d-0746-47d2-b69e-ab7a6a51b539';
const comment = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  appId: BLOG_APP_ID,
  contextId: POST,
  resourceId: POST,
  status: 'PENDING',
  author: { memberId: 'member-ada' },
  revision: '2',
  content: { richContent: { nodes: [] } },
  createdDate: '2026-11-24T00:00:00.000Z',
  updatedDate: '2026-11-24T00:00:00.000Z',
};

strictFakeWix(
  http.get(`${BASE}/comments/v1/comments/:id`, () => HttpResponse.json({ comment })),
  // A comment waiting for moderation is approved with Moderate Draft Content (POST .../moderate, APPROVE at its
  // revision; moderateDraftContent in @wix/auto_sdk_comments_comments), not Publish Comment (for a HIDDEN one).
  http.post(`${BASE}/comments/v1/comments/:id/moderate`, async ({ request }) => {
    expect(await request.json()).toMatchObject({ draftContentAction: 'APPROVE', revision: '2' });
    return HttpResponse.json({ comment: { ...comment, status: 'PUBLISHED' } });
  }),
  http.post(`${BASE}/members/v1/members/query`, () => HttpResponse.json({ members: [] })),
);

describe('the site’s comments', () => {
  it('are Wix’s with an OAuth app and an API key; a moderation there clears the post’s thread and count', async () => {
    expect(commentsAtWix()).toBe(true);
    expect(siteComments().name).toBe('wix');
    vi.mocked(revalidateTag).mockClear();
    expect(await commentModeration().approve(comment.id)).toMatchObject({ id: comment.id, postId: POST });
    expect(vi.mocked(revalidateTag).mock.calls).toEqual([
      [`comments:${POST}`, { expire: 0 }],
      [`metrics:${POST}`, { expire: 0 }],
    ]);
  });
});
