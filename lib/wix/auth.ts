import { ApiKeyStrategy, OAuthStrategy, TokenRole, type Tokens } from '@wix/sdk';
import { errors } from '@/lib/core/errors';
import { UpstreamFailure } from './transport';
import { type TokenCache, wixTokens } from './tokens';

// OAuthStrategy fetches its visitor tokens with the global fetch, straight to www.wixapis.com. The site's visitor
// token comes from tokens.ts instead (through the transport, so rerouted and retried, and held once per process) and
// is handed to the strategy through its token storage, always fresh, so it never needs to fetch on its own.

const EMPTY: Tokens = { accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: TokenRole.NONE } };

/** The SDK's OAuth strategy as the site's own visitor of the OAuth app `clientId`. */
export function visitorAuth(clientId: string, transport: typeof fetch, cache?: TokenCache) {
  const tokens = wixTokens({ clientId, transport, cache });
  let current = EMPTY;
  const strategy = OAuthStrategy({
    clientId,
    tokenStorage: { getTokens: () => current, setTokens: (t) => (current = t) },
  });

  const ensureFresh = async () => {
    const answer = await tokens.siteVisitor();
    if (!answer.ok) {
      throw new UpstreamFailure(
        errors.upstreamFailed(`Wix refused a visitor token (HTTP ${answer.status}): check WIX_CLIENT_ID`),
      );
    }
    const { access, refreshToken } = answer.tokens;
    current = { accessToken: access, refreshToken: { value: refreshToken, role: TokenRole.VISITOR } };
  };

  return {
    ...strategy,
    async getAuthHeaders(...args: Parameters<typeof strategy.getAuthHeaders>) {
      await ensureFresh();
      return strategy.getAuthHeaders(...args);
    },
  };
}

export const apiKeyAuth = (apiKey: string, siteId: string) => ApiKeyStrategy({ apiKey, siteId });

/** The headers ApiKeyStrategy sends: the site's API key and its site, for calls made without the SDK client. */
export const apiKeyHeaders = (apiKey: string, siteId: string) => ({ Authorization: apiKey, 'wix-site-id': siteId });
