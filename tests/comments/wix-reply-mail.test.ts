import path from 'node:path';
import { http, HttpResponse } from 'msw';
import { afterAll, expect, it, vi } from 'vitest';
import { readOutbox } from '@/lib/core/mail/outbox';
import { strictFakeWix } from '../helpers/fake-wix';
import { tokenEndpoint, BASE } from '../helpers/wix-members';
import { WIX_POST, WIX_REFERENCE, wixComment, wixSiteEnv } from '../helpers/wix-site';
import { restPost } from '../helpers/wix-blog';

// A reply to a watched thread at Wix, in a process that has read no thread yet (a server just started): Wix files the
// post's comments under its referenceId (24 characters at most: @wix/auto_sdk_blog_posts Post.referenceId), its
// comment event and its comments name that id as their resourceId, and the watch is kept by post id. The event must
// find the watch, and the notice must find the post: the reply is mailed. Before, `get` answered the reference id as
// the post (no post, no mail) and the event counted watches under the reference id (none, no job).

const { dataDir, remove } = wixSiteEnv('comments-wix-reply');
const POST = WIX_POST;
const REFERENCE = WIX_REFERENCE;
const OTHER = { id: '1b7f3c6e-5d4a-4f2b-9c8d-7e6f5a4b3c2d', referenceId: '64d0c5a1e4b0f3a2c1d2ffff' };

const { seen } = strictFakeWix(
  tokenEndpoint(),
  // The Blog's posts a page at a time (SDK queryPosts: POST /v3/posts/query), each with its referenceId.
  http.post(`${BASE}/v3/posts/query`, async ({ request }) => {
    const body = (await request.json()) as { query?: { cursorPaging?: { cursor?: string } } };
    const second = body.query?.cursorPaging?.cursor === 'page-2';
    const posts = second ? [restPost({ id: POST, referenceId: REFERENCE })] : [restPost(OTHER)];
    return HttpResponse.json({
      posts,
      pagingMetadata: { count: 1, cursors: second ? {} : { next: 'page-2' }, hasNext: !second },
    });
  }),
  http.get(`${BASE}/v3/posts/:postId`, ({ params }) =>
    HttpResponse.json({
      post: restPost({ id: params.postId, referenceId: REFERENCE, title: 'Caching, gently', status: 'PUBLISHED' }),
    }),
  ),
  http.get(`${BASE}/comments/v1/comments/:id`, ({ params }) =>
    HttpResponse.json({
      comment:
        params.id === 'c-0'
          ? wixComment('c-0', { author: 'member-ada' })
          : wixComment(String(params.id), { parentId: 'c-0' }),
    }),
  ),
  http.post(`${BASE}/members/v1/members/query`, () => HttpResponse.json({ members: [] })),
);

const { siteReplies, watchReplies, postOfCommentResource } = await import('@/lib/comments');
const { mayNotice, noticeReply } = await import('@/lib/comments/replies');
const { recordsClient } = await import('@/lib/data');

vi.setConfig({ testTimeout: 60_000 });
afterAll(async () => {
  await recordsClient().close();
  remove();
});

it('a reply to a watched Wix thread is mailed, its event and its comment naming the post by reference id', async () => {
  const replies = siteReplies();
  await watchReplies(replies, { id: 'c-0', parentId: null, postId: POST }, { id: 'member-ada', email: 'ada@x.test' });

  // The event: Wix names the reference id; the watch is found under the post's id.
  const postId = await postOfCommentResource(REFERENCE);
  expect(postId).toBe(POST);
  expect(await mayNotice(replies, postId)).toBe(true);
  // Learnt by reading the Blog's posts, page by page, once.
  expect(seen.filter((r) => r.url.pathname === '/v3/posts/query')).toHaveLength(2);

  // The notice job reads the reply by id: answered under the post's id, and the watcher is mailed once.
  expect((await replies.comments.get('c-1'))?.postId).toBe(POST);
  expect(await noticeReply(replies, 'c-1')).toBe(1);
  const mails = await readOutbox(path.join(dataDir, 'outbox'));
  expect(mails.map((m) => [m.headers.to, m.headers.subject])).toEqual([['ada@x.test', expect.any(String)]]);
  expect(mails[0]!.text).toContain('Caching, gently');
});

it('a resource id no post has stays as it is, and is not looked for again at once', async () => {
  const scans = () => seen.filter((r) => r.url.pathname === '/v3/posts/query').length;
  const before = scans();
  expect(await postOfCommentResource('64d0c5a1e4b0f3a2c1d20000')).toBe('64d0c5a1e4b0f3a2c1d20000');
  expect(await postOfCommentResource('64d0c5a1e4b0f3a2c1d20001')).toBe('64d0c5a1e4b0f3a2c1d20001');
  // The last scan (the first test's) was a moment ago: neither is looked for again before RESCAN_MS has passed.
  expect(scans()).toBe(before);
  expect(await postOfCommentResource(OTHER.referenceId)).toBe(OTHER.id);
});
