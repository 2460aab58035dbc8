import { http, HttpResponse } from 'msw';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { strictFakeWix } from '../helpers/fake-wix';
import { tokenEndpoint, BASE } from '../helpers/wix-members';
import { WIX_POST, WIX_REFERENCE, wixComment, wixSiteEnv } from '../helpers/wix-site';
import { restPost } from '../helpers/wix-blog';

// Wix files a blog post's comments under the post's referenceId (Post.referenceId, fieldset REFERENCE_ID in
// @wix/auto_sdk_blog_posts), not its id: @wix/headless-blog passes `contextId: post.referenceId, resourceId:
// post.referenceId`, and the Comments API's events name that id as the comment's resourceId. The site asks for the
// post's comments under it, answers them under the post's id, and its cached thread and count carry the reference
// id's tags too, so Wix's events clear them.

const { remove } = wixSiteEnv('comments-wix-reference');
const POST = WIX_POST;
const REFERENCE = WIX_REFERENCE;
const comment = (id: string, status = 'PUBLISHED') => wixComment(id, { author: 'member-ada', status, text: 'Hello' });

const { seen } = strictFakeWix(
  tokenEndpoint(),
  http.get(`${BASE}/v3/posts/:postId`, ({ params, request }) => {
    expect(new URL(request.url).searchParams.getAll('fieldsets')).toContain('REFERENCE_ID');
    return HttpResponse.json({ post: restPost({ id: params.postId, referenceId: REFERENCE }) });
  }),
  http.get(`${BASE}/comments/v1/comments/list-by-resource`, () =>
    HttpResponse.json({ comments: [comment('c-1')], commentReplies: {}, pagingMetadata: { cursors: {} } }),
  ),
  http.post(`${BASE}/comments/v1/comments/query-cursor`, () =>
    HttpResponse.json({ comments: [comment('c-2', 'PENDING')], pagingMetadata: { cursors: {} } }),
  ),
  http.post(`${BASE}/members/v1/members/query`, () => HttpResponse.json({ members: [] })),
);

const { siteComments, commentModeration, commentTagsOf } = await import('@/lib/comments');
const { recordsClient } = await import('@/lib/data');

afterAll(async () => {
  await recordsClient().close();
  remove();
});

vi.setConfig({ testTimeout: 60_000 });

describe('Wix comments of a blog post', () => {
  it('are asked for under the post’s reference id and answered under its id', async () => {
    const page = await siteComments().list(POST, { limit: 20 });
    const asked = seen.find((r) => r.url.pathname === '/comments/v1/comments/list-by-resource')!;
    expect(asked.url.searchParams.get('contextId')).toBe(REFERENCE);
    expect(asked.url.searchParams.get('resourceId')).toBe(REFERENCE);
    expect(page.threads.map((t) => [t.comment.id, t.comment.postId])).toEqual([['c-1', POST]]);
  });

  it('carry the reference id’s tags, which Wix’s comment events clear', async () => {
    expect(await commentTagsOf(POST)).toEqual([`comments:${REFERENCE}`, `metrics:${REFERENCE}`]);
  });

  it('in the owner’s queue, name the post by its id once the site has seen it', async () => {
    const { comments } = await commentModeration().queue('PENDING', { limit: 20 });
    expect(comments.map((c) => [c.id, c.postId])).toEqual([['c-2', POST]]);
  });
});
