import { createHash } from 'node:crypto';
import { errors } from '@/lib/core/errors';
import { processSingleton } from '@/lib/core/process-singleton';
import { wixApi } from './base-url';
import { UpstreamFailure, discard } from './transport';
import { readWixJson } from './upstream';

// Wix's OAuth tokens for every Wix client of the site: the site's own visitor (the blog source without an API key,
// the members' IAM calls, the likes' counts for nobody in particular), and the members and visitors the site acts for
// (a member's session, a visitor's like cookie), each known by their refresh token. One cache per process holds the
// access tokens by identity, so a member's token fetched by the members provider serves their likes and comments too,
// until EXPIRY_MARGIN_SECONDS before it expires. Every grant goes through the shared transport (rerouted, retried: a
// grant is safe to send twice, a lost answer only costs a token), as OAuthStrategy's `fetchTokens` sends it:
//
//   POST /oauth2/token  { clientId, grantType: 'anonymous' }                         a visitor's tokens
//                       { clientId, grantType: 'refresh_token', refreshToken }       a fresh access token
//                       { clientId, grantType: 'authorization_code', redirectUri, code, codeVerifier }   a member's
//   → { access_token, expires_in, refresh_token }
//
// In REST, not through @wix/identity's `oauth.token`: that function takes the grant as a raw HTTP request
// (`RawHttpRequest`) and sends `{ "body": "<the grant's JSON, base64>" }` to the same path, and it reads a
// `RawHttpResponse` (`{ statusCode, body: <bytes> }`, a refusal in `statusCode`), where OAuthStrategy sends the grant's
// JSON itself and reads the token JSON (tests/wix/conformance/tokens.test.ts records both).

const TOKEN_URL = wixApi('/oauth2/token');

/** Renew this many seconds before expiry, so a token never expires between check and use. */
export const EXPIRY_MARGIN_SECONDS = 60;

/** The cache holds at most this many identities, the least recently refreshed dropped first. */
const MAX_HELD = 10_000;

export interface AccessToken {
  value: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export interface GrantedTokens {
  access: AccessToken;
  /** The refresh token Wix answered with ('' when none). */
  refreshToken: string;
}

export type Grant =
  | { grantType: 'anonymous' }
  | { grantType: 'refresh_token'; refreshToken: string }
  | { grantType: 'authorization_code'; redirectUri: string; code: string; codeVerifier: string };

/** Wix's answer to a grant: the tokens, or the status it refused the grant with (a bad client, code or token). */
export type GrantAnswer = { ok: true; tokens: GrantedTokens } | { ok: false; status: number };

/**
 * POST /oauth2/token through `transport`. A failure to reach Wix is the transport's UpstreamFailure; an answer without
 * an access token is one too (502 WDE0055), so it crosses the SDK intact when a strategy asked.
 */
export async function requestGrant(
  transport: typeof fetch,
  clientId: string,
  grant: Grant,
  now: number,
): Promise<GrantAnswer> {
  const response = await transport(TOKEN_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ clientId, ...grant }),
  });
  const body = await readWixJson(response);
  if (!response.ok) return { ok: false, status: response.status };
  if (!body) {
    throw new UpstreamFailure(
      errors.upstreamUnparseable('Wix answered the token request with a body that could not be parsed'),
    );
  }
  const expiresIn = Number(body.expires_in);
  if (typeof body.access_token !== 'string' || !body.access_token || !Number.isFinite(expiresIn)) {
    throw new UpstreamFailure(errors.upstreamUnparseable('Wix answered the token request without an access token'));
  }
  return {
    ok: true,
    tokens: {
      access: { value: body.access_token, expiresAt: now + expiresIn },
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : '',
    },
  };
}

/** Access tokens by identity, and the grant in flight for each (one at a time per identity). */
export interface TokenCache {
  /** The tokens held for `identity`, while they are good for more than EXPIRY_MARGIN_SECONDS after `now`. */
  fresh(identity: string, now: number): GrantedTokens | undefined;
  hold(identity: string, tokens: GrantedTokens): void;
  forget(identity: string): void;
  /** Runs `grant` unless one is in flight for `identity`, whose answer is then shared. */
  once(identity: string, grant: () => Promise<GrantAnswer>): Promise<GrantAnswer>;
}

export function memoryTokenCache(max = MAX_HELD): TokenCache {
  const held = new Map<string, GrantedTokens>();
  const pending = new Map<string, Promise<GrantAnswer>>();
  return {
    fresh(identity, now) {
      const tokens = held.get(identity);
      return tokens && tokens.access.expiresAt - EXPIRY_MARGIN_SECONDS > now ? tokens : undefined;
    },
    hold(identity, tokens) {
      held.delete(identity);
      held.set(identity, tokens);
      while (held.size > max) held.delete(held.keys().next().value!);
    },
    forget: (identity) => void held.delete(identity),
    once(identity, grant) {
      let answer = pending.get(identity);
      if (!answer) {
        answer = grant().finally(() => pending.delete(identity));
        pending.set(identity, answer);
      }
      return answer;
    },
  };
}

/** The process's token cache, shared by every Wix client (bundles included). */
export const siteTokenCache = () => processSingleton('wix-access-tokens', () => memoryTokenCache());

/** What a Wix client acting with OAuth tokens may be given besides its transport: the cache (default: the site's). */
export interface TokenSettings {
  tokens?: TokenCache;
}

const byRefreshToken = (clientId: string, refreshToken: string) =>
  `refresh:${clientId}:${createHash('sha256').update(refreshToken).digest('base64url')}`;

/**
 * The tokens of one OAuth app (`clientId`), fetched through `transport`, on `now`'s clock (epoch seconds), held in
 * `cache`.
 */
export function wixTokens(options: {
  clientId: string;
  transport: typeof fetch;
  now?: () => number;
  cache?: TokenCache;
}) {
  const { clientId, transport } = options;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const cache = options.cache ?? siteTokenCache();
  const grant = (request: Grant) => requestGrant(transport, clientId, request, now());

  /** The tokens held for `identity`, or those `request` grants (then held); `renew` skips the held ones. */
  async function held(identity: string, request: Grant, renew: boolean): Promise<GrantAnswer> {
    const tokens = renew ? undefined : cache.fresh(identity, now());
    if (tokens) return { ok: true, tokens };
    return cache.once(identity, async () => {
      const answer = await grant(request);
      if (answer.ok) cache.hold(identity, answer.tokens);
      return answer;
    });
  }

  /**
   * The access token of whoever `refreshToken` names (a member, a visitor of their own), held until the margin;
   * `renew` after Wix refused the held one. Wix's refusal of the refresh token answers its status.
   */
  async function access(refreshToken: string, renew = false): Promise<AccessToken | { refused: number }> {
    const identity = byRefreshToken(clientId, refreshToken);
    const answer = await held(identity, { grantType: 'refresh_token', refreshToken }, renew);
    return answer.ok ? answer.tokens.access : { refused: answer.status };
  }

  return {
    /** A grant as it is, held nowhere: a new visitor of their own, a code's exchange. */
    grant,
    access,

    /** Holds tokens just granted for `refreshToken`'s holder (a code exchanged at sign-in). */
    hold: (refreshToken: string, access: AccessToken) =>
      cache.hold(byRefreshToken(clientId, refreshToken), { access, refreshToken }),

    /** Drops what is held for `refreshToken`'s holder (signed out, or no longer a member). */
    forget: (refreshToken: string) => cache.forget(byRefreshToken(clientId, refreshToken)),

    /** The site's own visitor (anonymous grant), one per OAuth app, renewed by a new grant once it nears expiry. */
    siteVisitor: (): Promise<GrantAnswer> => held(`visitor:${clientId}`, { grantType: 'anonymous' }, false),

    /**
     * A call as `refreshToken`'s holder: `send` with their access token; when Wix refuses it with a status in
     * `renewOn`, renewed once and sent again. The last answer, or Wix's refusal of the refresh token.
     */
    async callAs(
      refreshToken: string,
      send: (authorization: string) => Promise<Response>,
      renewOn: readonly number[] = [401, 403],
    ): Promise<{ response: Response } | { refused: number }> {
      for (let attempt = 0; ; attempt++) {
        const token = await access(refreshToken, attempt > 0);
        if ('refused' in token) return token;
        const response = await send(token.value);
        if (attempt > 0 || !renewOn.includes(response.status)) return { response };
        discard(response);
      }
    },
  };
}

export type WixTokens = ReturnType<typeof wixTokens>;
