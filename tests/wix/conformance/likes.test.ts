import { likes, posts } from '@wix/blog';
import { describe, expect, it } from 'vitest';
import { createWixLikes } from '@/lib/likes/wix';
import type { Liker } from '@/lib/likes';
import { memoryTokenCache } from '@/lib/wix/tokens';
import { like, lastCursorPage, MEMBER_ID, POST_ID, tokens } from './fixtures';
import { CLIENT_ID, type Reply, recorder, route, sdkClient, transportOf } from './recorder';

// Likes (lib/likes/wix.ts): @wix/blog's `likes` module as the liker (their access token), and the post's count from
// `posts.getPostMetrics`, against the same functions called by the SDK's own client. Fixtures: fixtures.ts (Like from
// blog_likes/build/cjs/index.typings.d.ts; CreateLikeResponse { like }, QueryLikesResponse { likes,
// pagingMetadata } and DeleteLikeByFqdnAndEntityIdResponse {} there too; GetPostMetricsResponse { metrics: Metrics
// { comments, likes, views } } from blog_posts/build/cjs/index.typings.d.ts).

const REFRESH = 'OauthNG.JWS.refresh-ada';
const liker: Liker = { kind: 'member', memberId: MEMBER_ID, sessionToken: 'session-ada' };

function setup(...routes: [string, string | RegExp, Reply][]) {
  const rec = recorder(
    route('POST', '/oauth2/token', { body: tokens(REFRESH) }),
    route('GET', /\/v3\/posts\/[^/]+\/metrics$/, { body: { metrics: { comments: 0, likes: 3, views: 9 } } }),
    ...routes.map(([method, path, reply]) => route(method, path, reply)),
  );
  const ours = createWixLikes({
    clientId: CLIENT_ID,
    secret: 'likes-key-for-the-conformance-suite',
    memberRefreshToken: () => REFRESH,
    tokens: memoryTokenCache(),
    ...transportOf(rec),
  });
  return { rec, ours, sdk: sdkClient({ likes, posts }, rec) };
}

const byLiker = (rec: ReturnType<typeof setup>['rec'], method: string) =>
  rec.requests
    .find((r) => r.method === method && r.url.pathname.startsWith('/blog/v1/likes'))
    ?.headers.get('authorization');

describe('conformance: likes (@wix/blog likes)', () => {
  it('like (as the liker): as likes.createLike', async () => {
    const { rec, ours, sdk } = setup(['POST', '/blog/v1/likes', { body: { like } }]);
    const [mine] = await rec.calls(() => ours.like(POST_ID, liker));
    expect(byLiker(rec, 'POST')).toBe(tokens().access_token);
    const theirs = await rec.one(() => sdk.likes.createLike({ like: { fqdn: 'wix.blog.v3.post', entityId: POST_ID } }));
    expect(mine).toEqual(theirs);
  });

  it('unlike (as the liker): as likes.deleteLikeByFqdnAndEntityId', async () => {
    const { rec, ours, sdk } = setup(['DELETE', /^\/blog\/v1\/likes\/fqdn\//, { body: {} }]);
    const [mine] = await rec.calls(() => ours.unlike(POST_ID, liker));
    expect(byLiker(rec, 'DELETE')).toBe(tokens().access_token);
    const theirs = await rec.one(() =>
      sdk.likes.deleteLikeByFqdnAndEntityId({ fqdn: 'wix.blog.v3.post', entityId: POST_ID }),
    );
    expect(mine).toEqual(theirs);
  });

  it('state (has the liker liked it): as likes.queryLikes', async () => {
    const { rec, ours, sdk } = setup([
      'POST',
      '/blog/v1/likes/query',
      { body: { likes: [like], pagingMetadata: lastCursorPage } },
    ]);
    const [mine] = await rec.calls(() => ours.state(POST_ID, liker));
    expect(byLiker(rec, 'POST')).toBe(tokens().access_token);
    const theirs = await rec.one(() =>
      sdk.likes.queryLikes({
        filter: { fqdn: { $eq: 'wix.blog.v3.post' }, entityId: { $eq: POST_ID } },
        cursorPaging: { limit: 1 },
      }),
    );
    expect(mine).toEqual(theirs);
  });

  it('the count (the post’s metrics, as the liker or the site’s visitor): as posts.getPostMetrics', async () => {
    const { rec, ours, sdk } = setup();
    const mine = await rec.one(() => ours.state(POST_ID, null));
    const theirs = await rec.one(() => sdk.posts.getPostMetrics(POST_ID));
    expect(mine).toEqual(theirs);
  });
});
