import { http, HttpResponse } from 'msw';
import { revalidateTag } from 'next/cache';
import { afterAll, beforeEach, expect, it, vi } from 'vitest';
import { strictFakeWix } from '../../helpers/fake-wix';
import { tokenEndpoint, BASE } from '../../helpers/wix-members';
import { restPost } from '../../helpers/wix-blog';
import { WIX_POST, WIX_REFERENCE, wixComment, wixSiteEnv } from '../../helpers/wix-site';
import {
  captureLogs,
  publicPem,
  revalidated,
  routeContext,
  rsaPair,
  signed,
  webhookRequest,
} from '../../helpers/webhooks';

// Comment events as a Wix site receives them. Moderation in the Wix dashboard may send an action event alone, and
// CommentContentChanged's body is `{ commentId, previousContent, currentContent }` (@wix/auto_sdk_comments_comments,
// index.typings.d.ts): it names the comment, not its post. The site reads the comment (getComment) to refresh that
// post's thread only; before, it refreshed every thread on the site.

const keys = rsaPair();
const site = wixSiteEnv('webhook-wix-comments', {
  WIX_WEBHOOK_PUBLIC_KEY: publicPem(keys.publicKey),
  WIX_INSTANCE_ID: 'a1b2c3d4-0000-4000-8000-00000000cafe',
});

const { seen } = strictFakeWix(
  tokenEndpoint(),
  // Every post's referenceId, one page (SDK queryPosts: POST /v3/posts/query).
  http.post(`${BASE}/v3/posts/query`, () =>
    HttpResponse.json({
      posts: [restPost({ id: WIX_POST, referenceId: WIX_REFERENCE })],
      pagingMetadata: { count: 1, cursors: {}, hasNext: false },
    }),
  ),
  http.get(`${BASE}/comments/v1/comments/:id`, ({ params }) =>
    params.id === 'c-gone'
      ? HttpResponse.json({ message: 'comment not found', details: {} }, { status: 404 })
      : HttpResponse.json({ comment: wixComment(String(params.id)) }),
  ),
  // The comment's writer's name (queryMembers).
  http.post(`${BASE}/members/v1/members/query`, () => HttpResponse.json({ members: [] })),
);

const { POST } = await import('@/app/api/webhooks/wix/route');
const { recordsClient } = await import('@/lib/data');

let logs: () => Array<Record<string, unknown>>;
beforeEach(() => {
  vi.mocked(revalidateTag).mockClear();
  logs = captureLogs();
});
afterAll(async () => {
  await recordsClient().close();
  site.remove();
});
vi.setConfig({ testTimeout: 60_000 });

const contentChanged = (id: string, commentId: string, instanceId = process.env.WIX_INSTANCE_ID!) =>
  signed(
    {
      eventType: 'wix.comments.v2.comment_comment_content_changed',
      instanceId,
      identity: { identityType: 'WIX_USER', wixUserId: 'owner' },
      data: {
        id,
        entityFqdn: 'wix.comments.v2.comment',
        slug: 'comment_content_changed',
        actionEvent: {
          body: {
            commentId,
            previousContent: { richContent: { nodes: [] } },
            currentContent: { richContent: { nodes: [] } },
          },
        },
      },
    },
    keys.privateKey,
  );
const send = async (token: Promise<string>) => POST(webhookRequest(await token), routeContext);

it("an edited comment's event refreshes its own post's thread and count, not every thread", async () => {
  const response = await send(contentChanged('evt-content-1', 'c-7'));
  expect(response.status).toBe(200);
  const tags = [`comments:${WIX_POST}`, `metrics:${WIX_POST}`];
  expect(await response.json()).toEqual({ eventType: 'wix.comments.v2.comment_comment_content_changed', tags });
  expect(revalidated()).toEqual(tags.map((tag) => [tag, { expire: 0 }]));
  expect(seen.some((r) => r.url.pathname === '/comments/v1/comments/c-7')).toBe(true);
});

it('a comment that can no longer be read refreshes every thread, as before', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const response = await send(contentChanged('evt-content-2', 'c-gone'));
  expect(response.status).toBe(200);
  expect(((await response.json()) as { tags: string[] }).tags).toEqual(['comments']);
});

it("another app instance's event is acknowledged and changes nothing", async () => {
  const before = seen.length;
  const response = await send(contentChanged('evt-content-3', 'c-7', 'ffffffff-0000-4000-8000-000000000000'));
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ tags: [], ignored: expect.stringContaining('another app instance') });
  expect(revalidated()).toEqual([]);
  expect(seen.length).toBe(before);
  expect(logs()).toEqual([expect.objectContaining({ eventId: 'evt-content-3', outcome: 'other-instance' })]);
  // Not remembered as seen: the same id, from this site's instance, is acted on.
  expect((await send(contentChanged('evt-content-3', 'c-7'))).status).toBe(200);
  expect(revalidated()).toHaveLength(2);
});
