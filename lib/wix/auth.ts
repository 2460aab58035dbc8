import { ApiKeyStrategy, OAuthStrategy, TokenRole, type Tokens } from '@wix/sdk';
import { errors } from '@/lib/core/errors';
import { UpstreamFailure, discard } from './transport';

// OAuthStrategy fetches its visitor tokens with the global fetch, straight to www.wixapis.com. We fetch
// them ourselves through the transport (so they are rerouted and retried) and hand them to the
// strategy through its token storage, always fresh, so it never needs to fetch on its own.

const TOKEN_URL = 'https://www.wixapis.com/oauth2/token';

/** Renew this many seconds before expiry, so a token never expires between check and use. */
const MARGIN_SECONDS = 60;

const EMPTY: Tokens = { accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: TokenRole.NONE } };

const nowSeconds = () => Math.floor(Date.now() / 1000);

interface TokenResponse {
  access_token?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
}

async function fetchVisitorTokens(clientId: string, transport: typeof fetch): Promise<Tokens> {
  const response = await transport(TOKEN_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ clientId, grantType: 'anonymous' }),
  });
  if (response.status !== 200) {
    discard(response);
    throw new UpstreamFailure(
      errors.upstreamFailed(`Wix refused a visitor token (HTTP ${response.status}): check WIX_CLIENT_ID`),
    );
  }
  let body: TokenResponse;
  try {
    body = (await response.json()) as TokenResponse;
  } catch {
    throw new UpstreamFailure(
      errors.upstreamUnparseable('Wix answered the token request with a body that could not be parsed'),
    );
  }
  const expiresIn = Number(body?.expires_in);
  if (typeof body?.access_token !== 'string' || !body.access_token || !Number.isFinite(expiresIn)) {
    throw new UpstreamFailure(errors.upstreamUnparseable('Wix answered the token request without an access token'));
  }
  return {
    accessToken: { value: body.access_token, expiresAt: nowSeconds() + expiresIn },
    refreshToken: { value: typeof body.refresh_token === 'string' ? body.refresh_token : '', role: TokenRole.VISITOR },
  };
}

export function visitorAuth(clientId: string, transport: typeof fetch) {
  let tokens = EMPTY;
  let pending: Promise<void> | null = null;
  const strategy = OAuthStrategy({
    clientId,
    tokenStorage: { getTokens: () => tokens, setTokens: (t) => (tokens = t) },
  });

  const ensureFresh = async () => {
    if (tokens.accessToken.value && tokens.accessToken.expiresAt - MARGIN_SECONDS > nowSeconds()) return;
    pending ??= fetchVisitorTokens(clientId, transport)
      .then((fresh) => void (tokens = fresh))
      .finally(() => (pending = null));
    await pending;
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
