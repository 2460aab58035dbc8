import { http, HttpResponse } from 'msw';
import { revalidateTag } from 'next/cache';
import { afterAll, expect, it, vi } from 'vitest';
import { strictFakeWix } from '../../helpers/fake-wix';
import { tokenEndpoint, BASE, REFRESH } from '../../helpers/wix-members';
import { wixSiteEnv } from '../../helpers/wix-site';
import { restPost } from '../../helpers/wix-blog';

// A comment posted at Wix (the Comments API, against the fake Wix) is published by the site on the event bus as
// CommentPosted, as a local one is (tests/core/events/comment-posted.test.ts), and reaches its subscribers in the
// registry's order: the blog source, the cache (the post's thread and count), the reply mail (a notice job for the
// watcher).

const { remove } = wixSiteEnv('events-wix');

// The member's session is not what this test is about: it opens to the member's Wix refresh token.
vi.mock('@/lib/members', async (original) => ({
  ...(await original<typeof import('@/lib/members')>()),
  wixRefreshTokenOf: () => REFRESH,
}));

const POST = '8e1cd74d-0746-47d2-b69e-ab7a6a51b539';
let next = 0;
strictFakeWix(
  tokenEndpoint(),
  http.get(`${BASE}/v3/posts/:postId`, ({ params }) =>
    HttpResponse.json({ post: restPost({ id: params.postId, referenceId: params.postId }) }),
  ),
  // Comments API createComment: the comment as Wix keeps it, published.
  http.post(`${BASE}/comments/v1/comments`, async ({ request }) => {
    const { comment } = (await request.json()) as { comment: Record<string, unknown> };
    const date = new Date(Date.UTC(2026, 10, 20, 10, ++next)).toISOString();
    return HttpResponse.json({
      comment: {
        ...comment,
        id: `wix-comment-${next}`,
        status: 'PUBLISHED',
        author: { memberId: 'member-bea' },
        revision: '1',
        createdDate: date,
        updatedDate: date,
      },
    });
  }),
  // getComment: the thread's first comment, Ada's.
  http.get(`${BASE}/comments/v1/comments/:id`, ({ params }) =>
    HttpResponse.json({
      comment: {
        id: params.id,
        appId: '14bcded7-0066-7c35-14d7-466cb3f09103',
        contextId: POST,
        resourceId: POST,
        status: 'PUBLISHED',
        author: { memberId: 'member-ada' },
        content: { richContent: { nodes: [] } },
        revision: '1',
        createdDate: '2026-11-20T09:00:00.000Z',
        updatedDate: '2026-11-20T09:00:00.000Z',
      },
    }),
  ),
  http.post(`${BASE}/members/v1/members/query`, () => HttpResponse.json({ members: [] })),
);

const { observeEvents } = await import('@/lib/core/events/bus');
const { config } = await import('@/lib/core/config');
const { siteComments, siteReplies, startCommentMail, watchReplies } = await import('@/lib/comments');
const { blogSource } = await import('@/lib/blog');
const { recordsClient, siteJobs } = await import('@/lib/data');

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
afterAll(async () => {
  await (await siteJobs()).stop({ graceful: false, wait: true });
  await recordsClient().close();
  remove();
}, 30_000);

it('a comment posted at Wix reaches the blog source, the cache and the reply mail, in that order', async () => {
  expect(config().platform).toMatchObject({ blog: 'wix', comments: 'wix' });
  const timeline: string[] = [];
  vi.spyOn(blogSource(), 'refresh').mockImplementation(
    (change) => void timeline.push(`blog-source: ${change?.postId}`),
  );
  vi.mocked(revalidateTag).mockImplementation((tag) => void timeline.push(`cache: ${tag}`));
  await startCommentMail();
  const boss = await siteJobs();
  vi.spyOn(boss, 'send').mockImplementation(async (queue: unknown, data: unknown) => {
    timeline.push(`reply-mail: ${String(queue)} ${JSON.stringify(data)}`);
    return 'job-1';
  });
  observeEvents((event, ran) => {
    if (event.type.startsWith('wix.comments.')) timeline.push(`${event.type}: ${ran.join(' → ')}`);
  });

  const bea = { kind: 'member', memberId: 'member-bea', name: 'Bea', sessionToken: 'sealed' } as const;
  // A thread Ada watches (the watch is the site's own record on both platforms).
  await watchReplies(
    siteReplies(),
    { id: 'wix-comment-0', parentId: null, postId: POST },
    {
      id: 'member-ada',
      email: 'ada@example.com',
    },
  );
  timeline.length = 0;

  const reply = await siteComments().create(
    { postId: POST, parentId: 'wix-comment-0', text: 'A reply' },
    bea,
    'PUBLISHED',
  );
  expect(reply).toMatchObject({ postId: POST, status: 'PUBLISHED' });
  await vi.waitFor(() => expect(timeline.some((line) => line.startsWith('reply-mail:'))).toBe(true));
  expect(timeline).toEqual([
    `blog-source: ${POST}`,
    `cache: comments:${POST}`,
    `cache: metrics:${POST}`,
    'wix.comments.v2.comment_created: blog-source → cache → reply-mail',
    `reply-mail: comment-replies {"commentId":"${reply.id}"}`,
  ]);
});
