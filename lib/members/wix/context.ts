import { randomBytes, createHash } from 'node:crypto';
import { members } from '@wix/members';
import { errors, isCatalogueError } from '@/lib/core/errors';
import { type TokenClient, tokenClient } from '@/lib/wix/sdk-clients';
import { type TokenSettings, wixTokens } from '@/lib/wix/tokens';
import { type TransportSettings, transportFor, UpstreamFailure } from '@/lib/wix/transport';
import { redact, statusOf, toCatalogueError } from '@/lib/wix/upstream';
import { MEMBER_SESSION_TTL_SECONDS, type Revocations, siteRevocations } from '../tokens';
import { openSession, sealSession, type WixSession } from './session';
import { type SignOuts, siteSignOuts } from './sign-outs';

// What every part of the Wix provider shares: its settings, the transports, the token cache, the calls as a member
// (`@wix/members`' typed `members` module over the project's transport, with their access token from the process's
// token cache, lib/wix/tokens.ts; the calls as the site's visitor are iam.ts's), our sessions, and the discipline
// that no error carries a password, token or key.

/** A JSON object as Wix answers it (the SDK's members, IAM's errors). */
export type Json = Record<string, unknown>;

const MODULES = { members };
type MembersClient = TokenClient<typeof MODULES>;
/** A Members v1 member as the SDK hands it (`_id`, `_createdDate` a Date…): members_members' index.typings.d.ts. */
export type SdkMember = NonNullable<Awaited<ReturnType<MembersClient['members']['getCurrentMember']>>['member']>;

/** A call as the member: the SDK's value, or the HTTP status Wix failed it with. */
type MemberAnswer<T> = { value: T } | { status: number };

/**
 * The member in the fields `toMember` (profile.ts) reads: as the SDK hands them, but for the creation date, which the
 * SDK makes a Date, as the ISO string of the REST answer.
 */
export function memberFields(member: SdkMember): Json {
  const created = member._createdDate;
  const valid = created instanceof Date && !Number.isNaN(created.getTime());
  return { ...member, _createdDate: valid ? created.toISOString() : undefined };
}

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
   * `call` as the member, over `transport`: their access token (renewed from the refresh token when it nears expiry,
   * or once when Wix refuses it: 401 or 403). The SDK's value, or the status Wix failed the call with; null when the
   * refresh token is refused (revoked at Wix, or the member may no longer sign in) or the renewed token is refused.
   */
  async function asMember<T>(
    session: WixSession,
    transport: typeof fetch,
    what: string,
    call: (client: MembersClient) => Promise<T>,
  ): Promise<MemberAnswer<T> | null> {
    const forget = remembered(session.rt);
    try {
      for (let attempt = 0; ; attempt++) {
        const token = await tokens.access(session.rt, attempt > 0).catch((error: unknown) => {
          throw upstream(error, 'the token refresh');
        });
        if ('refused' in token) return refused(token.refused, 'the token refresh');
        const forgetAccess = remembered(token.value);
        try {
          return { value: await call(tokenClient(MODULES, transport, token.value)) };
        } catch (error) {
          // The transport giving up (UpstreamFailure survives the SDK), or a 200 the SDK could not read.
          const status = error instanceof UpstreamFailure || isCatalogueError(error) ? undefined : statusOf(error);
          if (status === undefined) throw upstream(error, what);
          if (status !== 401 && status !== 403) return { status };
          // Refused twice: the member's tokens no longer work at Wix.
          if (attempt > 0) {
            tokens.forget(session.rt);
            return null;
          }
        } finally {
          forgetAccess();
        }
      }
    } finally {
      forget();
    }
  }

  /** The member a live session names (`members.getCurrentMember`), or null: anonymous, or signed out everywhere. */
  async function currentMember(session: WixSession): Promise<Json | null> {
    const answer = await asMember(session, reads, 'the current member', (client) =>
      client.members.getCurrentMember({ fieldsets: ['FULL'] }),
    );
    if (!answer || ('status' in answer && answer.status === 404)) return null;
    if ('status' in answer) throw errors.upstreamFailed(`Wix failed the current member (HTTP ${answer.status})`);
    const { member } = answer.value;
    if (!member) throw errors.upstreamUnparseable('Wix answered the current member without a member');
    const cutOff = member._id ? await signOuts.lastSignOut(member._id) : undefined;
    if (cutOff !== undefined && session.iat <= cutOff) {
      tokens.forget(session.rt);
      return null;
    }
    return memberFields(member);
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
    sessionFromCode,
    liveSession,
    asMember,
    currentMember,
  };
}

export type MembersContext = ReturnType<typeof membersContext>;
