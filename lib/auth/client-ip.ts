const MAX_KEY = 100;

/**
 * The client a login attempt is counted against: the last X-Forwarded-For hop (the one the nearest proxy
 * appended; a client can forge the earlier ones), else X-Real-IP, else 'local'. Without a proxy in front a
 * client can still rotate this header, which the limiter's cap on failures from all clients bounds.
 */
export function clientKey(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  const real = headers.get('x-real-ip')?.trim();
  return (forwarded || real || 'local').slice(0, MAX_KEY);
}
