import type { Descriptors } from '@wix/sdk';
import { errors } from '@/lib/core/errors';
import { tokenClient } from './sdk-clients';
import type { WixTokens } from './tokens';
import { toCatalogueError } from './upstream';

// Calls as the site's own visitor: the OAuth app's anonymous grant (held once per process, tokens.ts), as
// OAuthStrategy without tokens calls. What the members' pages do before anyone signs in, and what a feature reads
// at Wix when the site has no API key.

/**
 * An SDK client of `modules` as the site's visitor, calling over `transport`. Failing to get the token is the catalogue
 * error `upstream` makes of it, naming `what`; Wix refusing the grant, the catalogue's 502.
 */
export async function visitorClient<M extends Descriptors>(
  tokens: Pick<WixTokens, 'siteVisitor'>,
  modules: M,
  transport: typeof fetch,
  what: string,
  upstream: (error: unknown, what: string) => Error = toCatalogueError,
) {
  const grant = await tokens.siteVisitor().catch((error: unknown) => {
    throw upstream(error, what);
  });
  if (!grant.ok) {
    throw errors.upstreamFailed(`Wix refused a visitor token (HTTP ${grant.status}): check WIX_CLIENT_ID`);
  }
  return tokenClient(modules, transport, grant.tokens.access.value);
}
