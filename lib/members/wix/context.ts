import { randomBytes, createHash } from 'node:crypto';
import { createClient } from '@wix/sdk';
import { errors, isCatalogueError } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import { visitorAuth } from '@/lib/wix/auth';
import { wixApi } from '@/lib/wix/base-url';
import { type TokenSettings, wixTokens } from '@/lib/wix/tokens';
import { type TransportSettings, transportFor } from '@/lib/wix/transport';
import { readWixJson, redact, toCatalogueError } from '@/lib/wix/upstream';
import { MEMBER_SESSION_TTL_SECONDS, type Revocations, siteRevocations } from '../tokens';
import { envelope, type Json, PATHS } from './iam';
import { idOf } from './profile';
import { openSession, sealSession, type WixSession } from './session';
import { type SignOuts, siteSignOuts } from './sign-outs';

// What every part of the Wix provider shares: its settings, the transports, the calls as the site's visitor and as a
// member (their access token from the process's token cache, lib/wix/tokens.ts), our sessions, and the discipline
// that no error carries a password, token or key.

/** The OAuth app's client id, the members key, the site's origin, and the transport's settings. */
export interface WixMembersSettings extends TransportSettings, TokenSettings {
  clientId: string;
  /** Seals sessions and signs captcha state tokens (the members key, as the local provider's). */
  secret: string;
  /** The public origin: reset links may only point at it; the direct login's redirect URI is on it. */
  siteUrl: string;
  /** The OAuth redirect URI of both logins, allowed in the OAuth app (default `${siteUrl}/api/members/callback`). */
  redirectUri?: string;
  revocations?: Revocations;
  /** When each member last signed out everywhere (default: the process's, beside the revocations). */
  signOuts?: SignOuts;
  now?: () => Date;
}

export function membersContext(settings: WixMembersSettings) {
  const { clientId, secret } = settings;
  if (!clientId) throw new Error('The Wix members provider needs WIX_CLIENT_ID (an OAuth app of the site)');
  const siteUrl = settings.siteUrl.replace(/\/+$/, '');
  // One redirect URI for both uses, the one the OAuth app allows: the direct login reads its code from Wix's
  // redirect server-side (the browser never goes there), and the login page's browser lands on the callback route.
  const redirectUri = settings.redirectUri ?? `${siteUrl}/api/members/callback`;
  const revocations = settings.revocations ?? siteRevocations();
  const signOuts = settings.signOuts ?? siteSignOuts();
  const clock = settings.now ?? (() => new Date());
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);

  // Reads (and the token grants, which may be sent twice) are retried after a 5xx; the rest only after a 429.
  const reads = transportFor(settings);
  const writes = transportFor(settings, false);
  const visitor = createClient({ auth: visitorAuth(clientId, reads, settings.tokens), fetch: writes });
  const tokens = wixTokens({ clientId, transport: reads, now: nowSeconds, cache: settings.tokens });
  const secrets: string[] = [];

  /** Any failure to reach Wix as a catalogue error, without a token, password or key in it. */
  const upstream = (error: unknown, what: string) => {
    if (isCatalogueError(error)) return error;
    const converted = toCatalogueError(error, what, secrets);
    return Object.assign(converted, { message: redact(converted.message, secrets) });
  };

  /** Redacts these values from errors until the returned function is called. */
  const remembered = (...values: (string | undefined)[]) => {
    for (const v of values) if (typeof v === 'string' && v.length >= 4) secrets.push(v);
    return () => {
      for (const v of values) {
        const i = typeof v === 'string' ? secrets.indexOf(v) : -1;
        if (i >= 0) secrets.splice(i, 1);
      }
    };
  };

  /** A visitor-authorised POST: 2xx → its body; 4xx → `{ refused }` with the envelope; 5xx and the rest throw. */
  async function post(
    path: string,
    body: Json,
    what: string,
  ): Promise<{ ok: true; body: Json } | { ok: false; status: number; body: Json }> {
    let response: Response;
    try {
      response = await visitor.fetchWithAuth(wixApi(path), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw upstream(error, what);
    }
    const parsed = await readWixJson(response);
    if (response.ok) {
      if (!parsed) throw errors.upstreamUnparseable(`Wix answered ${what} with a body that could not be parsed`);
      return { ok: true, body: parsed };
    }
    // A 403 with an application error is Wix refusing this member (a blocked one), not our credentials.
    const refusal =
      (response.status >= 400 && response.status < 500 && ![401, 403, 429].includes(response.status)) ||
      (response.status === 403 && envelope(parsed).code !== undefined);
    if (refusal) return { ok: false, status: response.status, body: parsed ?? {} };
    throw upstream({ status: response.status, response: { status: response.status, data: parsed ?? {} } }, what);
  }

  /** Wix's refusal of a grant: a 4xx (a bad or expired code or refresh token) is null, anything else fails. */
  const refused = (status: number, what: string): null => {
    if (status >= 400 && status < 500) return null;
    throw errors.upstreamFailed(`Wix failed ${what} (HTTP ${status})`);
  };

  /** `getMemberTokens`: the code and the verifier → member tokens → our sealed session; null when Wix refuses. */
  async function sessionFromCode(code: string, verifier: string): Promise<string | null> {
    const what = 'the member token request';
    const answer = await tokens
      .grant({ grantType: 'authorization_code', redirectUri, code, codeVerifier: verifier })
      .catch((error: unknown) => {
        throw upstream(error, what);
      });
    if (!answer.ok) return refused(answer.status, what);
    const { access, refreshToken } = answer.tokens;
    if (!refreshToken) return null;
    const now = nowSeconds();
    tokens.hold(refreshToken, access);
    const sub = createHash('sha256').update(refreshToken).digest('base64url').slice(0, 22);
    return sealSession(secret, {
      v: 1,
      sub,
      jti: randomBytes(16).toString('base64url'),
      rt: refreshToken,
      iat: now,
      exp: now + MEMBER_SESSION_TTL_SECONDS,
    });
  }

  /** A session that is sealed by us, unexpired and not logged out; null otherwise (no call to Wix). */
  const liveSession = async (sessionToken: string) => {
    const session = openSession(secret, sessionToken, nowSeconds());
    return session && !(await revocations.isRevoked(session.jti)) ? session : null;
  };

  /**
   * A call as the member: their access token (renewed from the refresh token when it nears expiry, or once when Wix
   * refuses it). null when the refresh token is refused (revoked at Wix, or the member may no longer sign in).
   */
  async function asMember(
    session: WixSession,
    url: string,
    init: RequestInit,
    transport: typeof fetch,
    what: string,
  ): Promise<{ response: Response; body: Json | null } | null> {
    const forget = remembered(session.rt);
    try {
      const answer = await tokens
        .callAs(session.rt, async (authorization) => {
          const forgetAccess = remembered(authorization);
          try {
            return await transport(url, { ...init, headers: { ...init.headers, Authorization: authorization } });
          } catch (error) {
            throw upstream(error, what);
          } finally {
            forgetAccess();
          }
        })
        .catch((error: unknown) => {
          throw upstream(error, 'the token refresh');
        });
      if ('refused' in answer) return refused(answer.refused, 'the token refresh');
      const { response } = answer;
      const body = await readWixJson(response);
      // Refused twice: the member's tokens no longer work at Wix.
      if (response.status === 401 || response.status === 403) {
        tokens.forget(session.rt);
        return null;
      }
      return { response, body };
    } finally {
      forget();
    }
  }

  /** The member a live session names, as Wix has them (REST fields), or null: anonymous, or signed out everywhere. */
  async function currentMember(session: WixSession): Promise<Json | null> {
    const answer = await asMember(
      session,
      wixApi(`${PATHS.me}?fieldsets=FULL`),
      { method: 'GET' },
      reads,
      'the current member',
    );
    if (!answer || answer.response.status === 404) return null;
    if (!answer.response.ok) {
      throw errors.upstreamFailed(`Wix failed the current member (HTTP ${answer.response.status})`);
    }
    const member = answer.body && isRecord(answer.body.member) ? answer.body.member : null;
    if (!member) throw errors.upstreamUnparseable('Wix answered the current member without a member');
    const id = idOf(member);
    const cutOff = id ? await signOuts.lastSignOut(id) : undefined;
    if (cutOff !== undefined && session.iat <= cutOff) {
      tokens.forget(session.rt);
      return null;
    }
    return member;
  }

  return {
    clientId,
    secret,
    siteUrl,
    redirectUri,
    revocations,
    signOuts,
    nowSeconds,
    reads,
    writes,
    tokens,
    upstream,
    remembered,
    post,
    sessionFromCode,
    liveSession,
    asMember,
    currentMember,
  };
}

export type MembersContext = ReturnType<typeof membersContext>;
