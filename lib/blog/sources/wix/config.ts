// The Wix part of the environment. A half-configured Wix (a key without a site, a bad base URL) fails
// at start with a message naming the variable; no Wix variable at all means "not configured".

export interface WixCredentials {
  clientId?: string;
  apiKey?: string;
  siteId?: string;
  apiBaseUrl?: string;
}

const value = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

/** Throws an Error naming the variable that is missing or wrong. */
export function checkWixCredentials(c: WixCredentials): void {
  if (c.apiKey && !c.siteId) throw new Error('WIX_SITE_ID is required with WIX_API_KEY');
  if (c.siteId && !c.apiKey) throw new Error('WIX_API_KEY is required with WIX_SITE_ID');
  if (!c.apiKey && !c.clientId) throw new Error('Wix needs WIX_CLIENT_ID, or WIX_API_KEY with WIX_SITE_ID');
  if (c.apiBaseUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(c.apiBaseUrl);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
      throw new Error('WIX_API_BASE_URL must be an absolute http(s) URL without query or fragment');
    }
  }
}

/** The Wix credentials in `env`, checked; null when no Wix credential is set. */
export function readWixConfig(env: Record<string, string | undefined> = process.env): WixCredentials | null {
  const credentials: WixCredentials = {
    clientId: value(env.WIX_CLIENT_ID),
    apiKey: value(env.WIX_API_KEY),
    siteId: value(env.WIX_SITE_ID),
    apiBaseUrl: value(env.WIX_API_BASE_URL),
  };
  if (!credentials.clientId && !credentials.apiKey && !credentials.siteId) return null;
  checkWixCredentials(credentials);
  return credentials;
}
