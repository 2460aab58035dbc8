import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import { type TransportSettings, transportFor } from '@/lib/wix/transport';
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
// kept, sealed (AES-256-GCM under the likes key), in their visitor cookie, so the same visitor likes and unlikes.

const WIX = 'https://www.wixapis.com';
const TOKEN_URL = `${WIX}/oauth2/token`;
const MARGIN_SECONDS = 60;
const MAX_CACHED = 10_000;
const SEALED = /^v1\.([\w-]{16})\.([\w-]+)\.([\w-]{22})$/;

export interface WixLikesSettings extends TransportSettings {
  clientId: string;
  /** Seals the visitor cookie. */
  secret: string;
  /** The refresh token a member's session cookie holds, or null (expired, forged). */
  memberRefreshToken(sessionToken: string): string | null;
  now?: () => number;
}

interface AccessToken {
  value: string;
  expiresAt: number;
}

export function createWixLikes(settings: WixLikesSettings): PostLikes {
  const { clientId, secret } = settings;
  const now = settings.now ?? (() => Math.floor(Date.now() / 1000));
  const reads = transportFor(settings);
  const writes = transportFor(settings, false);
  const key = createHmac('sha256', secret).update('likes-wix-visitor').digest();
  const access = new Map<string, AccessToken>();

  const seal = (refreshToken: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(refreshToken, 'utf8'), cipher.final()]);
    return ['v1', iv, data, cipher.getAuthTag()]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  };
  const unseal = (value: string): string | null => {
    const match = value.length <= 4096 ? SEALED.exec(value) : null;
    if (!match) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(match[1]!, 'base64url'));
      decipher.setAuthTag(Buffer.from(match[3]!, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(match[2]!, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  };

  async function tokens(body: Record<string, string>, what: string) {
    const response = await writes(TOKEN_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ clientId, ...body }),
    });
    const answer = await readWixJson(response);
    if (!response.ok) throw errors.upstreamFailed(`Wix refused ${what} (HTTP ${response.status})`);
    const expiresIn = Number(answer?.expires_in);
    if (typeof answer?.access_token !== 'string' || !answer.access_token || !Number.isFinite(expiresIn)) {
      throw errors.upstreamUnparseable(`Wix answered ${what} without an access token`);
    }
    return {
      access: { value: answer.access_token, expiresAt: now() + expiresIn },
      refresh: typeof answer.refresh_token === 'string' ? answer.refresh_token : '',
    };
  }

  /** The liker's refresh token, or a 401-free refusal: a liker Wix cannot act for likes nothing. */
  const refreshTokenOf = (liker: Liker) =>
    liker.kind === 'member' ? settings.memberRefreshToken(liker.sessionToken) : unseal(liker.visitor);

  async function accessToken(refreshToken: string, renew = false): Promise<string> {
    const id = createHash('sha256').update(refreshToken).digest('base64url');
    const held = access.get(id);
    if (!renew && held && held.expiresAt - MARGIN_SECONDS > now()) return held.value;
    const fresh = await tokens({ grantType: 'refresh_token', refreshToken }, 'the liker’s token');
    access.delete(id);
    access.set(id, fresh.access);
    while (access.size > MAX_CACHED) access.delete(access.keys().next().value!);
    return fresh.access.value;
  }

  /** A call as the liker; a refused access token is renewed once. */
  async function asLiker(liker: Liker, url: string, init: RequestInit, what: string) {
    const refreshToken = refreshTokenOf(liker);
    if (!refreshToken) throw errors.badValue('the liker’s session is not valid: sign in again or reload the page');
    const transport = init.method === 'GET' || url.endsWith('/query') ? reads : writes;
    for (let attempt = 0; attempt < 2; attempt++) {
      const authorization = await accessToken(refreshToken, attempt > 0);
      const response = await transport(url, {
        ...init,
        headers: { 'Content-Type': 'application/json', ...init.headers, Authorization: authorization },
      });
      if ((response.status === 401 || response.status === 403) && attempt === 0) {
        await response.body?.cancel().catch(() => {});
        continue;
      }
      return { response, body: await readWixJson(response) };
    }
    throw errors.upstreamFailed(`Wix refused ${what} as the liker`);
  }

  async function total(postId: string, liker: Liker | null): Promise<number> {
    const url = `${WIX}/blog/v3/posts/${encodeURIComponent(postId)}/metrics`;
    const { response, body } = liker
      ? await asLiker(liker, url, { method: 'GET' }, 'the post’s metrics')
      : await anonymous(url);
    if (response.status === 404) throw errors.notFound(`post ${postId} does not exist`);
    if (!response.ok) throw errors.upstreamFailed(`Wix failed the post’s metrics (HTTP ${response.status})`);
    const likes = isRecord(body?.metrics) ? Number(body.metrics.likes ?? 0) : NaN;
    if (!Number.isFinite(likes)) throw errors.upstreamUnparseable('Wix answered the post’s metrics without metrics');
    return Math.max(0, likes);
  }

  // Metrics for nobody in particular: a visitor token of the site's own (the blog source reads the same way).
  let siteVisitor: Promise<string> | null = null;
  async function anonymous(url: string) {
    siteVisitor ??= tokens({ grantType: 'anonymous' }, 'a visitor token').then((t) => t.refresh);
    const refreshToken = await siteVisitor.catch((error) => {
      siteVisitor = null;
      throw error;
    });
    const response = await reads(url, { headers: { Authorization: await accessToken(refreshToken) } });
    return { response, body: await readWixJson(response) };
  }

  const likePath = (postId: string) => `${WIX}/blog/v1/likes/fqdn/${POST_FQDN}/entity-id/${encodeURIComponent(postId)}`;

  return {
    name: 'wix',
    async state(postId, liker): Promise<LikeState> {
      if (!liker || !refreshTokenOf(liker)) return { total: await total(postId, null), liked: false };
      const { response, body } = await asLiker(
        liker,
        `${WIX}/blog/v1/likes/query`,
        {
          method: 'POST',
          body: JSON.stringify({
            query: { filter: { fqdn: { $eq: POST_FQDN }, entityId: { $eq: postId } }, cursorPaging: { limit: 1 } },
          }),
        },
        'the liker’s likes',
      );
      if (!response.ok) throw errors.upstreamFailed(`Wix failed the liker’s likes (HTTP ${response.status})`);
      if (!Array.isArray(body?.likes)) throw errors.upstreamUnparseable('Wix answered the likes query without likes');
      return { total: await total(postId, liker), liked: body.likes.length > 0 };
    },
    async like(postId, liker) {
      const { response } = await asLiker(
        liker,
        `${WIX}/blog/v1/likes`,
        { method: 'POST', body: JSON.stringify({ like: { fqdn: POST_FQDN, entityId: postId } }) },
        'the like',
      );
      // 409: this liker likes it already (a double click, a race): one like stands.
      if (response.status === 404) throw errors.notFound(`post ${postId} does not exist`);
      if (!response.ok && response.status !== 409) {
        throw errors.upstreamFailed(`Wix failed the like (HTTP ${response.status})`);
      }
      return { total: await total(postId, liker), liked: true };
    },
    async unlike(postId, liker) {
      const { response } = await asLiker(liker, likePath(postId), { method: 'DELETE' }, 'the unlike');
      // 404: there was no like to remove.
      if (!response.ok && response.status !== 404) {
        throw errors.upstreamFailed(`Wix failed the unlike (HTTP ${response.status})`);
      }
      return { total: await total(postId, liker), liked: false };
    },
    async newVisitor() {
      const { refresh } = await tokens({ grantType: 'anonymous' }, 'a visitor token');
      if (!refresh) throw errors.upstreamUnparseable('Wix answered the visitor token without a refresh token');
      return seal(refresh);
    },
    isVisitor: (value) => unseal(value) !== null,
  };
}
