import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { http, HttpResponse } from 'msw';
import { revalidateTag } from 'next/cache';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { strictFakeWix } from '../helpers/fake-wix';
import { tokenEndpoint, BASE, CLIENT_ID } from '../helpers/wix-members';

// A Wix blog with WIX_CLIENT_ID only (the README's baseline: members sign in at Wix, no API key to use Wix's Comments
// API as the site): comments are the site's own, kept in its records. A Wix post has no file in the content folder,
// so its count is counted in those records, never written into a post file (before, the comment was stored, then the
// count's write answered 404: no event, no cache clear). Wix's own metrics for the post say 0 comments.

const dataDir = mkdtempSync(path.join(tmpdir(), 'comments-wix-blog-'));
const contentDir = mkdtempSync(path.join(tmpdir(), 'comments-wix-blog-content-'));
Object.assign(process.env, {
  BLOG_SOURCE: 'wix',
  WIX_CLIENT_ID: CLIENT_ID,
  WIX_API_BASE_URL: BASE,
  DATA_DIR: dataDir,
  BLOG_CONTENT_DIR: contentDir,
  SESSION_SECRET: 'comments-wix-blog-secret-long-enough-0123456789',
});
delete process.env.WIX_API_KEY;
delete process.env.WIX_SITE_ID;

const POST = '8e1cd74d-0746-47d2-b69e-ab7a6a51b539';
const { seen } = strictFakeWix(
  tokenEndpoint(),
  // Wix Blog's metrics for the post (GetPostMetricsResponse, @wix/blog posts): it knows nothing of the site's comments.
  http.get(`${BASE}/v3/posts/:postId/metrics`, () =>
    HttpResponse.json({ metrics: { comments: 0, likes: 3, views: 40 } }),
  ),
);

const { config } = await import('@/lib/core/config');
const { siteComments, commentCount } = await import('@/lib/comments');
const { getPostCommentCount } = await import('@/lib/comments/reads');
const { getPostLikeCount } = await import('@/lib/likes/reads');
const { recordsClient } = await import('@/lib/data');

afterAll(async () => {
  await recordsClient().close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(contentDir, { recursive: true, force: true });
});

vi.setConfig({ testTimeout: 60_000 });

describe('comments on a Wix blog with members at Wix and no API key', () => {
  const writer = { kind: 'member', memberId: 'wix-member-ada', name: 'Ada', sessionToken: 'sealed' } as const;

  it('are the site’s own: a member comments, sees it, the count moves and the post’s pages are cleared', async () => {
    expect(config().platform).toMatchObject({ blog: 'wix', members: 'wix', comments: 'local' });
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.mocked(revalidateTag).mockClear();

    const comment = await siteComments().create({ postId: POST, text: 'First!' }, writer, 'PUBLISHED');
    expect(comment).toMatchObject({ postId: POST, status: 'PUBLISHED', text: 'First!' });

    const page = await siteComments().list(POST, { limit: 20 });
    expect(page.threads.map((thread) => thread.comment.id)).toEqual([comment.id]);
    // Wix's count of the post's comments (0) plus the site's, counted where they are kept.
    expect(await commentCount(POST)).toBe(1);
    // What the post page shows: that count; the likes are Wix's.
    expect(await getPostCommentCount(POST)).toBe(1);
    expect(await getPostLikeCount(POST)).toBe(3);
    // The comment's event cleared the post's thread and count, so the next reader gets a fresh page.
    const cleared = vi.mocked(revalidateTag).mock.calls.map(([tag]) => tag);
    expect(cleared).toEqual(expect.arrayContaining([`comments:${POST}`, `metrics:${POST}`]));

    await siteComments().remove(comment.id, writer);
    expect(await commentCount(POST)).toBe(0);
    expect(seen.some((request) => request.url.pathname.startsWith('/comments/'))).toBe(false);
  });
});
