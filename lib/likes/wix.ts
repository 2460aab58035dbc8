import { errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import { WIX_API } from '@/lib/wix/base-url';
import { sealer } from '@/lib/wix/seal';
import { type TokenSettings, wixTokens } from '@/lib/wix/tokens';
import { type TransportSettings, UpstreamFailure, transportFor } from '@/lib/wix/transport';
import { readWixJson } from '@/lib/wix/upstream';
import { POST_FQDN, type Liker, type LikeState, type PostLikes } from './types';

// Likes at Wix: the Blog Likes API (`@wix/blog` likes: createLike, deleteLikeByFqdnAndEntityId, queryLikes) called as
// the liker, which Wix requires (visitor or member authentication), and the post's count from its metrics. Wix then
// sends post_liked / post_unliked, which clear the post's `metrics:` tag (lib/core/cache/event-tags.ts).
//
//   createLike        POST   /blog/v1/likes                        { like: { fqdn, entityId } } (409: liked already)
//   deleteLike…       DELETE /blog/v1/likes/fqdn/wix.blog.v3.post/entity-id/{postId}
//   queryLikes        POST   /blog/v1/likes/query
//                     { query: { filter: { fqdn, entityId }, cursorPaging: { limit: 1 } } } (a CursorQuery)
//   getPostMetrics    GET    /blog/v3/posts/{postId}/metrics                      { metrics: { likes, … } }
//   the tokens        POST   /oauth2/token   { clientId, grantType: 'anonymous' | 'refresh_token', refreshToken }
//
// A member calls with an access token from their session's refresh token (`memberRefreshToken`, the members
// provider's sealed session). A visitor gets a Wix visitor of their own on their first like: its refresh token is
// kept, sealed (AES-256-GCM under the likes key, lib/wix/seal.ts), in their visitor cookie, so the same visitor likes
// and unlikes. The access tokens are the process's (lib/wix/tokens.ts): a member's is the one their other calls use.

/** Sealed visitor cookies are at most this long. */
const MAX_SEALED = 4096;

export interface WixLikesSettings extends TransportSettings, TokenSettings {
  clientId: string;
  /** Seals the visitor cookie. */
  secret: string;
  /** The refresh token a member's session cookie holds, or null (expired, forged). */
  memberRefreshToken(sessionToken: string): string | null;
  now?: () => number;
}

export function createWixLikes(settings: WixLikesSettings): PostLikes {
  const { clientId, secret } = settings;
  const reads = transportFor(settings);
  const writes = transportFor(settings, false);
  const tokens = wixTokens({ clientId, transport: reads, now: settings.now, cache: settings.tokens });
  // The visitor's refresh token in their cookie: `v1.<iv>.<ciphertext>.<tag>`, no associated data.
  const visitorSeal = sealer({ secret, purpose: 'likes-wix-visitor', prefix: 'v1', maxLength: MAX_SEALED });

  /** Wix out of reach (retries spent) or an answer without a token: the catalogue's error it carries. */
  const catalogued = (error: unknown) => (error instanceof UpstreamFailure ? error.blogError : error);

  /** The liker's refresh token, or a 401-free refusal: a liker Wix cannot act for likes nothing. */
  const refreshTokenOf = (liker: Liker) =>
    liker.kind === 'member' ? settings.memberRefreshToken(liker.sessionToken) : visitorSeal.open(liker.visitor);

  /** A call as the liker; a refused access token is renewed once. */
  async function asLiker(liker: Liker, url: string, init: RequestInit) {
    const refreshToken = refreshTokenOf(liker);
    if (!refreshToken) throw errors.badValue('the liker’s session is not valid: sign in again or reload the page');
    const transport = init.method === 'GET' || url.endsWith('/query') ? reads : writes;
    const answer = await tokens
      .callAs(refreshToken, (authorization) =>
        transport(url, {
          ...init,
          headers: { 'Content-Type': 'application/json', ...init.headers, Authorization: authorization },
        }),
      )
      .catch((error: unknown) => {
        throw catalogued(error);
      });
    if ('refused' in answer) throw errors.upstreamFailed(`Wix refused the liker’s token (HTTP ${answer.refused})`);
    return { response: answer.response, body: await readWixJson(answer.response) };
  }

  async function total(postId: string, liker: Liker | null): Promise<number> {
    const url = `${WIX_API}/blog/v3/posts/${encodeURIComponent(postId)}/metrics`;
    const { response, body } = liker ? await asLiker(liker, url, { method: 'GET' }) : await anonymous(url);
    if (response.status === 404) throw errors.notFound(`post ${postId} does not exist`);
    if (!response.ok) throw errors.upstreamFailed(`Wix failed the post’s metrics (HTTP ${response.status})`);
    const likes = isRecord(body?.metrics) ? Number(body.metrics.likes ?? 0) : NaN;
    if (!Number.isFinite(likes)) throw errors.upstreamUnparseable('Wix answered the post’s metrics without metrics');
    return Math.max(0, likes);
  }

  // Metrics for nobody in particular: the site's own visitor token (the blog source reads the same way).
  async function anonymous(url: string) {
    const visitor = await tokens.siteVisitor().catch((error: unknown) => {
      throw catalogued(error);
    });
    if (!visitor.ok) throw errors.upstreamFailed(`Wix refused a visitor token (HTTP ${visitor.status})`);
    const response = await reads(url, { headers: { Authorization: visitor.tokens.access.value } });
    return { response, body: await readWixJson(response) };
  }

  const likePath = (postId: string) =>
    `${WIX_API}/blog/v1/likes/fqdn/${POST_FQDN}/entity-id/${encodeURIComponent(postId)}`;

  return {
    name: 'wix',
    async state(postId, liker): Promise<LikeState> {
      if (!liker || !refreshTokenOf(liker)) return { total: await total(postId, null), liked: false };
      const { response, body } = await asLiker(liker, `${WIX_API}/blog/v1/likes/query`, {
        method: 'POST',
        body: JSON.stringify({
          query: { filter: { fqdn: { $eq: POST_FQDN }, entityId: { $eq: postId } }, cursorPaging: { limit: 1 } },
        }),
      });
      if (!response.ok) throw errors.upstreamFailed(`Wix failed the liker’s likes (HTTP ${response.status})`);
      if (!Array.isArray(body?.likes)) throw errors.upstreamUnparseable('Wix answered the likes query without likes');
      return { total: await total(postId, liker), liked: body.likes.length > 0 };
    },
    async like(postId, liker) {
      const { response } = await asLiker(liker, `${WIX_API}/blog/v1/likes`, {
        method: 'POST',
        body: JSON.stringify({ like: { fqdn: POST_FQDN, entityId: postId } }),
      });
      // 409: this liker likes it already (a double click, a race): one like stands.
      if (response.status === 404) throw errors.notFound(`post ${postId} does not exist`);
      if (!response.ok && response.status !== 409) {
        throw errors.upstreamFailed(`Wix failed the like (HTTP ${response.status})`);
      }
      return { total: await total(postId, liker), liked: true };
    },
    async unlike(postId, liker) {
      const { response } = await asLiker(liker, likePath(postId), { method: 'DELETE' });
      // 404: there was no like to remove.
      if (!response.ok && response.status !== 404) {
        throw errors.upstreamFailed(`Wix failed the unlike (HTTP ${response.status})`);
      }
      return { total: await total(postId, liker), liked: false };
    },
    async newVisitor() {
      const answer = await tokens.grant({ grantType: 'anonymous' }).catch((error: unknown) => {
        throw catalogued(error);
      });
      if (!answer.ok) throw errors.upstreamFailed(`Wix refused a visitor token (HTTP ${answer.status})`);
      const refresh = answer.tokens.refreshToken;
      if (!refresh) throw errors.upstreamUnparseable('Wix answered the visitor token without a refresh token');
      return visitorSeal.seal(refresh);
    },
    isVisitor: (value) => visitorSeal.open(value) !== null,
  };
}
