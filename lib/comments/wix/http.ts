import { dataErrors } from '@/lib/data/types';
import { type CatalogueError, errors } from '@/lib/core/errors';
import { apiKeyHeaders } from '@/lib/wix/auth';
import { wixApi } from '@/lib/wix/base-url';
import { type TokenSettings, wixTokens } from '@/lib/wix/tokens';
import { type TransportSettings, UpstreamFailure, transportFor } from '@/lib/wix/transport';
import { readWixJson } from '@/lib/wix/upstream';
import type { MemberWriter } from '../types';
import type { Json } from './comment';

// The Comments API's calls (index.ts lists them): as the site (its API key) or as a member (their access token, from
// the process's token cache, lib/wix/tokens.ts), through the shared transport, every failure a catalogue error.

export const COMMENTS = wixApi('/comments/v1/comments');
export const MEMBERS_QUERY = wixApi('/members/v1/members/query');

export type Caller = { kind: 'site' } | { kind: 'member'; refreshToken: string };
export const SITE: Caller = { kind: 'site' };

export interface Answer {
  status: number;
  ok: boolean;
  body: Json | null;
}

export interface WixCommentsSettings extends TransportSettings, TokenSettings {
  /** The OAuth app's client id (the members' refresh tokens were issued to it). */
  clientId: string;
  /** An API key with the Comments (read and manage) and Members (read) permissions, and its site. */
  apiKey: string;
  siteId: string;
  /** The refresh token a member's session cookie holds, or null (expired, forged). */
  memberRefreshToken(sessionToken: string): string | null;
  now?: () => number;
}

export function commentCalls(settings: WixCommentsSettings) {
  const reads = transportFor(settings);
  const writes = transportFor(settings, false);
  const siteHeaders = apiKeyHeaders(settings.apiKey, settings.siteId);
  const tokens = wixTokens({
    clientId: settings.clientId,
    transport: reads,
    now: settings.now,
    cache: settings.tokens,
  });

  /** A failure the transport gave up on (retries spent, unreachable) as its catalogue error. */
  const reached = (error: unknown, what: string) => {
    if (error instanceof UpstreamFailure) return error.blogError;
    return errors.upstreamFailed(`Wix could not be reached for ${what}`);
  };

  async function fetchVia(transport: typeof fetch, url: string, init: RequestInit, what: string) {
    try {
      return await transport(url, init);
    } catch (error) {
      throw reached(error, what);
    }
  }

  const memberCaller = (writer: MemberWriter): Caller => {
    const refreshToken = settings.memberRefreshToken(writer.sessionToken);
    if (!refreshToken) throw errors.badValue('the member’s session is not valid: sign in again');
    return { kind: 'member', refreshToken };
  };

  /** One call as the site or as the member (whose refused access token is renewed once). */
  async function send(caller: Caller, method: string, url: string, what: string, body?: Json): Promise<Answer> {
    const transport = method === 'GET' || url.endsWith('/query-cursor') || url.endsWith('/query') ? reads : writes;
    const init = (authorization: Record<string, string>): RequestInit => ({
      method,
      headers: { ...(body && { 'Content-Type': 'application/json' }), ...authorization },
      ...(body && { body: JSON.stringify(body) }),
    });
    let response: Response;
    if (caller.kind === 'site') {
      response = await fetchVia(transport, url, init(siteHeaders), what);
    } else {
      const answer = await tokens
        .callAs(
          caller.refreshToken,
          (authorization) => fetchVia(transport, url, init({ Authorization: authorization }), what),
          [401],
        )
        .catch((error: unknown) => {
          throw error instanceof UpstreamFailure ? error.blogError : error;
        });
      if ('refused' in answer) throw errors.upstreamFailed(`Wix refused the member’s token (HTTP ${answer.refused})`);
      response = answer.response;
    }
    return { status: response.status, ok: response.ok, body: await readWixJson(response) };
  }

  /** A failed answer as the catalogue's error: 404, 403, a refused cursor, else 502. */
  function failure(answer: Answer, what: string, cursor?: string | null): CatalogueError {
    if (answer.status === 404) return errors.notFound(`${what}: not found on Wix`);
    if (answer.status === 403) return dataErrors.permissionDenied(`Wix refused ${what}: not the caller’s to change`);
    if (answer.status === 400 && cursor) return errors.malformedCursor(`Wix refused the cursor of ${what}`);
    return errors.upstreamFailed(`Wix failed ${what} (HTTP ${answer.status})`);
  }

  /** The body of a successful answer; anything else thrown as the catalogue's error. */
  function ok(answer: Answer, what: string, cursor?: string | null): Json {
    if (!answer.ok) throw failure(answer, what, cursor);
    if (!answer.body) throw errors.upstreamUnparseable(`Wix answered ${what} with a body that could not be parsed`);
    return answer.body;
  }

  return { send, failure, ok, memberCaller };
}

export type CommentCalls = ReturnType<typeof commentCalls>;
