import { revalidateTag } from 'next/cache';
import { afterAll, expect, it, vi } from 'vitest';
import { makePost } from '../../helpers/posts';
import { withSite } from '../../helpers/site';

// A comment posted on the site's own platform (comments in its records) is published on the event bus as
// CommentPosted, and reaches its subscribers in the registry's order (lib/core/events/registry.ts): the blog source
// reads the post again, the cache clears the post's thread and count, and the reply mail queues a notice job for the
// thread's watcher. The order is recorded as it happens. tests/core/events/comment-posted-wix.test.ts: the same at Wix.

withSite(
  { SESSION_SECRET: 'events-local-secret-0123456789abcdef-0123', SITE_URL: 'https://blog.example' },
  { content: [makePost(1)], database: true },
);

const { observeEvents } = await import('@/lib/core/events/bus');
const { siteComments, siteReplies, startCommentMail, watchReplies } = await import('@/lib/comments');
const { blogSource } = await import('@/lib/blog');
const { siteJobs } = await import('@/lib/data');

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
afterAll(async () => (await siteJobs()).stop({ wait: true, timeout: 10_000 }), 30_000);

const member = (memberId: string, name: string) =>
  ({ kind: 'member', memberId, name, sessionToken: `session-${memberId}` }) as const;

it('a comment posted locally reaches the blog source, the cache and the reply mail, in that order', async () => {
  const timeline: string[] = [];
  // Each subscriber's work, as it happens: the blog source's refresh, each tag cleared, the reply's job queued.
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
  // The comment's event (its record's own data event, which clears nothing, is left out).
  observeEvents((event, ran) => {
    if (event.type.startsWith('wix.comments.')) timeline.push(`${event.type}: ${ran.join(' → ')}`);
  });

  const top = await siteComments().create({ postId: 'post-0001', text: 'First!' }, member('m-ada', 'Ada'), 'PUBLISHED');
  await watchReplies(siteReplies(), top, { id: 'm-ada', email: 'ada@example.com' });
  timeline.length = 0;

  const reply = await siteComments().create(
    { postId: 'post-0001', parentId: top.id, text: 'A reply' },
    member('m-bea', 'Bea'),
    'PUBLISHED',
  );
  await vi.waitFor(() => expect(timeline.some((line) => line.startsWith('reply-mail:'))).toBe(true));
  expect(timeline).toEqual([
    'blog-source: post-0001',
    'cache: comments:post-0001',
    'cache: metrics:post-0001',
    'wix.comments.v2.comment_created: blog-source → cache → reply-mail',
    `reply-mail: comment-replies {"commentId":"${reply.id}"}`,
  ]);
});
