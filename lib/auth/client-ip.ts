const MAX_KEY = 100;

/**
 * The client a login attempt is counted against: the first X-Forwarded-For hop, else X-Real-IP, else
 * 'local'. Only as trustworthy as the proxy in front, which must overwrite these headers.
 */
export function clientKey(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  const real = headers.get('x-real-ip')?.trim();
  return (forwarded || real || 'local').slice(0, MAX_KEY);
}
