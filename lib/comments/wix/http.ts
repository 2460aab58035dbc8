import { comments } from '@wix/comments';
import { members } from '@wix/members';
import type { BuildDescriptors } from '@wix/sdk';
import { dataErrors } from '@/lib/data/types';
import { type CatalogueError, errors, isCatalogueError } from '@/lib/core/errors';
import { callAsHolder, siteClient } from '@/lib/wix/sdk-clients';
import { type TokenSettings, wixTokens } from '@/lib/wix/tokens';
import { type TransportSettings, UpstreamFailure, transportFor } from '@/lib/wix/transport';
import { statusOf } from '@/lib/wix/upstream';
import type { MemberWriter } from '../types';

// The Comments API's calls (index.ts lists them), through @wix/comments' `comments` and @wix/members' `members` on
// the project's transport (lib/wix/sdk-clients.ts): as the site (its API key), reads and queries on the idempotent
// transport (retried after a 5xx), its moderation on the write transport (retried after a 429 only); or as a member
// (their access token, from the process's token cache, lib/wix/tokens.ts, renewed once on a 401), always a write.
// Every failure is a catalogue error.

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

/**
 * A client's typed modules. sdk-clients.ts answers its clients as `any` (its generic `modules` loses createClient's
 * typing), so each is declared here as the SDK types it, and the SDK's answers are read with the SDK's types.
 */
type Typed<M extends object> = BuildDescriptors<M, undefined>;
const MEMBER_MODULES = { comments };
export type MemberClient = Typed<typeof MEMBER_MODULES>;

/** The HTTP status Wix answered a call that threw; undefined for a failure that is no answer (or already ours). */
export const statusOfCall = (error: unknown) =>
  error instanceof UpstreamFailure || isCatalogueError(error) ? undefined : statusOf(error);

export function commentCalls(settings: WixCommentsSettings) {
  const { apiKey, siteId } = settings;
  const reads = transportFor(settings);
  const writes = transportFor(settings, false);
  /** The site's reads and queries (Query Comments and Query Members are POSTs that change nothing). */
  const site: Typed<{ comments: typeof comments; members: typeof members }> = siteClient(
    { comments, members },
    reads,
    apiKey,
    siteId,
  );
  /** The site's moderation (publish, hide, moderate the draft, delete). */
  const siteWrites: Typed<{ comments: typeof comments }> = siteClient({ comments }, writes, apiKey, siteId);
  const tokens = wixTokens({
    clientId: settings.clientId,
    transport: reads,
    now: settings.now,
    cache: settings.tokens,
  });

  /** The refresh token of the member's session; checked before anything is read or sent. */
  const memberToken = (writer: MemberWriter): string => {
    const refreshToken = settings.memberRefreshToken(writer.sessionToken);
    if (!refreshToken) throw errors.badValue('the member’s session is not valid: sign in again');
    return refreshToken;
  };

  /** A write as the member whose refresh token this is (their refused access token is renewed once). */
  const asMember = <T>(refreshToken: string, call: (client: MemberClient) => Promise<T>) =>
    callAsHolder(tokens, refreshToken, MEMBER_MODULES, writes, 'the member', call);

  /** What a call threw as the catalogue's error: the transport's, 404, 403, a refused cursor, else 502. */
  function failure(error: unknown, what: string, cursor?: string | null): CatalogueError {
    if (error instanceof UpstreamFailure) return error.blogError;
    if (isCatalogueError(error)) return error;
    const status = statusOf(error);
    if (status === undefined) {
      return errors.upstreamUnparseable(`Wix answered ${what} with a body that could not be parsed`);
    }
    if (status === 404) return errors.notFound(`${what}: not found on Wix`);
    if (status === 403) return dataErrors.permissionDenied(`Wix refused ${what}: not the caller’s to change`);
    if (status === 400 && cursor) return errors.malformedCursor(`Wix refused the cursor of ${what}`);
    return errors.upstreamFailed(`Wix failed ${what} (HTTP ${status})`);
  }

  /** One SDK call; whatever it throws, as the catalogue's error. */
  async function call<T>(what: string, run: () => Promise<T>, cursor?: string | null): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw failure(error, what, cursor);
    }
  }

  /** As `call`, where Wix not having the comment (404) is null. */
  async function unlessMissing<T>(what: string, run: () => Promise<T>): Promise<T | null> {
    try {
      return await run();
    } catch (error) {
      if (statusOfCall(error) === 404) return null;
      throw failure(error, what);
    }
  }

  return { site, siteWrites, memberToken, asMember, failure, call, unlessMissing };
}

export type CommentCalls = ReturnType<typeof commentCalls>;
