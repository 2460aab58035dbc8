import { likes, posts } from '@wix/blog';
import { errors, isCatalogueError } from '@/lib/core/errors';
import { sealer } from '@/lib/wix/seal';
import { callAsHolder, type TokenClient, tokenClient } from '@/lib/wix/sdk-clients';

import { type TokenSettings, wixTokens } from '@/lib/wix/tokens';
import { type TransportSettings, UpstreamFailure, transportFor } from '@/lib/wix/transport';
import { statusOf, toCatalogueError } from '@/lib/wix/upstream';
import { POST_FQDN, type Liker, type LikeState, type PostLikes } from './types';

/** Wix refuses a liker's stale token with a 401 or a 403: either renews it once, as before the move onto the SDK. */
const RENEW_ON = [401, 403] as const;

// Likes at Wix: `@wix/blog`'s typed `likes` module (createLike, deleteLikeByFqdnAndEntityId, queryLikes) called as
// the liker, which Wix requires (visitor or member authentication), and the post's count from `posts.getPostMetrics`.
// Wix then sends post_liked / post_unliked, which clear the post's `metrics:` tag (lib/core/cache/event-tags.ts).
//
//   likes.createLike                   POST   /blog/v1/likes   { like: { fqdn, entityId } } (409: liked already)
//   likes.deleteLikeByFqdnAndEntityId  DELETE /blog/v1/likes/fqdn/wix.blog.v3.post/entity-id/{postId} (404: no like)
//   likes.queryLikes                   POST   /blog/v1/likes/query
//                                      { query: { filter: { fqdn, entityId }, cursorPaging: { limit: 1 } } }
//   posts.getPostMetrics               GET    /v3/posts/{postId}/metrics       { metrics: { likes, … } }
//   the tokens (lib/wix/tokens.ts)     POST   /oauth2/token   { clientId, grantType: 'anonymous' | 'refresh_token' }
//
// Each call goes through an SDK client of its own identity over the project's transport (lib/wix/sdk-clients.ts):
// reads and the query retried after a 5xx, the writes only after a 429. A member calls with an access token from
// their session's refresh token (`memberRefreshToken`, the members provider's sealed session). A visitor gets a Wix
// visitor of their own on their first like: its refresh token is kept, sealed (AES-256-GCM under the likes key,
// lib/wix/seal.ts), in their visitor cookie, so the same visitor likes and unlikes. The access tokens are the
// process's (lib/wix/tokens.ts): a member's is the one their other calls use; refused (401), it is renewed once.

/** Sealed visitor cookies are at most this long. */
const MAX_SEALED = 4096;

const MODULES = { likes, posts };
type LikesClient = TokenClient<typeof MODULES>;

/** A call's answer: the SDK's value, or the HTTP status Wix failed it with. */
type Answer<T> = { value: T } | { status: number };

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

  /** The post's id in a path: the SDK puts path parameters into the path as they are given. */
  const segmentOf = (postId: string) => encodeURIComponent(postId);

  /**
   * `call`'s value, or the status Wix answered it with. The transport giving up is the catalogue error it carries
   * (UpstreamFailure survives the SDK); a 200 the SDK could not read is "unparseable".
   */
  async function answerOf<T>(what: string, call: () => Promise<T>): Promise<Answer<T>> {
    try {
      return { value: await call() };
    } catch (error) {
      const status = error instanceof UpstreamFailure || isCatalogueError(error) ? undefined : statusOf(error);
      if (status === undefined) throw toCatalogueError(error, what);
      return { status };
    }
  }

  /** `call` as the liker, over `transport`; a refused access token is renewed once. */
  async function asLiker<T>(
    liker: Liker,
    transport: typeof fetch,
    what: string,
    call: (client: LikesClient) => Promise<T>,
  ): Promise<Answer<T>> {
    const refreshToken = refreshTokenOf(liker);
    if (!refreshToken) throw errors.badValue('the liker’s session is not valid: sign in again or reload the page');
    return answerOf(what, () => callAsHolder(tokens, refreshToken, MODULES, transport, 'the liker', call, RENEW_ON));
  }

  // Metrics for nobody in particular: the site's own visitor token (the blog source reads the same way).
  async function asSiteVisitor<T>(what: string, call: (client: LikesClient) => Promise<T>): Promise<Answer<T>> {
    const visitor = await tokens.siteVisitor().catch((error: unknown) => {
      throw catalogued(error);
    });
    if (!visitor.ok) throw errors.upstreamFailed(`Wix refused a visitor token (HTTP ${visitor.status})`);
    return answerOf(what, () => call(tokenClient(MODULES, reads, visitor.tokens.access.value)));
  }

  async function total(postId: string, liker: Liker | null): Promise<number> {
    const segment = segmentOf(postId);
    const read = (client: LikesClient) => client.posts.getPostMetrics(segment);
    const what = 'the post’s metrics';
    const answer = liker ? await asLiker(liker, reads, what, read) : await asSiteVisitor(what, read);
    if ('status' in answer) {
      if (answer.status === 404) throw errors.notFound(`post ${postId} does not exist`);
      throw errors.upstreamFailed(`Wix failed the post’s metrics (HTTP ${answer.status})`);
    }
    const { metrics } = answer.value;
    const likes = metrics ? Number(metrics.likes ?? 0) : NaN;
    if (!Number.isFinite(likes)) throw errors.upstreamUnparseable('Wix answered the post’s metrics without metrics');
    return Math.max(0, likes);
  }

  return {
    name: 'wix',
    async state(postId, liker): Promise<LikeState> {
      if (!liker || !refreshTokenOf(liker)) return { total: await total(postId, null), liked: false };
      // QueryLikesRequest.query is a CursorQuery: cursorPaging, no paging.
      const answer = await asLiker(liker, reads, 'the liker’s likes', (client) =>
        client.likes.queryLikes({
          filter: { fqdn: { $eq: POST_FQDN }, entityId: { $eq: postId } },
          cursorPaging: { limit: 1 },
        }),
      );
      if ('status' in answer) throw errors.upstreamFailed(`Wix failed the liker’s likes (HTTP ${answer.status})`);
      const found: unknown = answer.value.likes;
      if (!Array.isArray(found)) throw errors.upstreamUnparseable('Wix answered the likes query without likes');
      return { total: await total(postId, liker), liked: found.length > 0 };
    },
    async like(postId, liker) {
      const answer = await asLiker(liker, writes, 'the like', (client) =>
        client.likes.createLike({ like: { fqdn: POST_FQDN, entityId: postId } }),
      );
      // 409: this liker likes it already (a double click, a race): one like stands.
      if ('status' in answer && answer.status === 404) throw errors.notFound(`post ${postId} does not exist`);
      if ('status' in answer && answer.status !== 409) {
        throw errors.upstreamFailed(`Wix failed the like (HTTP ${answer.status})`);
      }
      return { total: await total(postId, liker), liked: true };
    },
    async unlike(postId, liker) {
      const entityId = segmentOf(postId);
      const answer = await asLiker(liker, writes, 'the unlike', (client) =>
        client.likes.deleteLikeByFqdnAndEntityId({ fqdn: POST_FQDN, entityId }),
      );
      // 404: there was no like to remove.
      if ('status' in answer && answer.status !== 404) {
        throw errors.upstreamFailed(`Wix failed the unlike (HTTP ${answer.status})`);
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
