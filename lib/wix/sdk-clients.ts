import { type Descriptors, createClient } from '@wix/sdk';
import { errors } from '@/lib/core/errors';
import { apiKeyAuth } from './auth';
import type { WixTokens } from './tokens';
import { UpstreamFailure } from './transport';
import { statusOf } from './upstream';

// The official SDK's typed modules, called as one identity at a time. An SDK client carries one auth strategy, so the
// site (its API key) and each member or visitor the site acts for (their access token, from the process's token cache,
// tokens.ts) get a client of their own, all over the project's transport (reroute, retries, deadline: transport.ts).
// A client is a few closures over the modules; making one per call costs microseconds.

/** The typed modules a client is made of (`{ comments }`, `{ likes, posts }`…): its calls keep the SDK's types. */
type Modules = Descriptors;

/** An auth strategy that sends one fixed set of headers. */
const headersAuth = (headers: Record<string, string>) => ({ getAuthHeaders: async () => ({ headers }) });

/** An SDK client of `modules` as the site itself: its API key and site id on every call. */
export function siteClient<M extends Modules>(modules: M, transport: typeof fetch, apiKey: string, siteId: string) {
  return createClient({ modules, auth: apiKeyAuth(apiKey, siteId), fetch: transport });
}

/** An SDK client of `modules` calling with the bearer access token `accessToken`. */
export function tokenClient<M extends Modules>(modules: M, transport: typeof fetch, accessToken: string) {
  return createClient({ modules, auth: headersAuth({ Authorization: accessToken }), fetch: transport });
}

export type TokenClient<M extends Modules> = ReturnType<typeof tokenClient<M>>;

/**
 * Runs `call` with a client of `modules` as `refreshToken`'s holder (a member, a visitor of their own). When Wix
 * refuses the access token (a status in `renewOn`, by default 401), it is renewed once and the call made again. Wix
 * refusing the refresh token itself is the catalogue's 502, named `who`; the transport giving up is the catalogue
 * error it carries.
 */
export async function callAsHolder<M extends Modules, T>(
  tokens: WixTokens,
  refreshToken: string,
  modules: M,
  transport: typeof fetch,
  who: string,
  call: (client: TokenClient<M>) => Promise<T>,
  renewOn: readonly number[] = [401],
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const token = await tokens.access(refreshToken, attempt > 0).catch((error: unknown) => {
      throw error instanceof UpstreamFailure ? error.blogError : error;
    });
    if ('refused' in token) throw errors.upstreamFailed(`Wix refused ${who}’s token (HTTP ${token.refused})`);
    try {
      return await call(tokenClient(modules, transport, token.value));
    } catch (error) {
      if (attempt === 0 && renewOn.includes(statusOf(error) ?? 0)) continue;
      throw error;
    }
  }
}
