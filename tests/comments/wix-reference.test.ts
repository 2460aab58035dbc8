import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { http, HttpResponse } from 'msw';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { strictFakeWix } from '../helpers/fake-wix';
import { tokenEndpoint, BASE, CLIENT_ID } from '../helpers/wix-members';
import { restPost } from '../helpers/wix-blog';

// Wix files a blog post's comments under the post's referenceId (Post.referenceId, fieldset REFERENCE_ID in
// @wix/auto_sdk_blog_posts), not its id: @wix/headless-blog passes `contextId: post.referenceId, resourceId:
// post.referenceId`, and the Comments API's events name that id as the comment's resourceId. The site asks for the
// post's comments under it, answers them under the post's id, and its cached thread and count carry the reference
// id's tags too, so Wix's events clear them.

const dataDir = mkdtempSync(path.join(tmpdir(), 'comments-wix-reference-'));
Object.assign(process.env, {
  BLOG_SOURCE: 'wix',
  WIX_CLIENT_ID: CLIENT_ID,
  WIX_API_KEY: 'IST.site-api-key',
  WIX_SITE_ID: 'site-1',
  WIX_API_BASE_URL: BASE,
  DATA_DIR: dataDir,
  SESSION_SECRET: 'comments-wix-reference-secret-long-enough-0123',
});

const POST = '8e1cd74d-0746-47d2-b69e-ab7a6a51b539';
/** A Post.referenceId: at most 24 characters (the SDK's @maxLength). */
const REFERENCE = '64d0c5a1e4b0f3a2c1d2e3f4';
const comment = (id: string, status = 'PUBLISHED') => ({
  id,
  appId: '14bcded7-0066-7c35-14d7-466cb3f09103',
  contextId: REFERENCE,
  resourceId: REFERENCE,
  status,
  author: { memberId: 'member-ada' },
  content: {
    richContent: {
      nodes: [
        {
          type: 'PARAGRAPH',
          id: 'p',
          nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text: 'Hello', decorations: [] } }],
          paragraphData: {},
        },
      ],
    },
  },
  createdDate: '2026-11-20T10:00:00.000Z',
  revision: '1',
});

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
  rmSync(dataDir, { recursive: true, force: true });
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
