import { SESSION_COOKIE, SESSION_TTL_SECONDS } from './session';

// Set-Cookie values for the session. Secure whenever the browser talks https to us (directly, through a
// TLS-terminating proxy, or because the public origin is https); plain http only for local runs.

export function isSecureRequest(request: Request, siteUrl = process.env.SITE_URL ?? ''): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return new URL(request.url).protocol === 'https:' || forwarded === 'https' || siteUrl.startsWith('https:');
}

const attributes = (secure: boolean) => ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];

export function sessionCookie(token: string, secure: boolean, now = Date.now()): string {
  const expires = new Date(now + SESSION_TTL_SECONDS * 1000).toUTCString();
  return [`${SESSION_COOKIE}=${token}`, `Max-Age=${SESSION_TTL_SECONDS}`, `Expires=${expires}`, ...attributes(secure)].join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, 'Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT', ...attributes(secure)].join('; ');
}
