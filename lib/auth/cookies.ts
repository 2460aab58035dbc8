import { config } from '@/lib/config';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_TTL_SECONDS, SESSION_COOKIE, SESSION_TTL_SECONDS } from './tokens';

// Set-Cookie values for the session and the device cookie. Secure whenever the browser talks https to us
// (directly, through a TLS-terminating proxy, or because the public origin is https); plain http only for
// local runs.

export function isSecureRequest(request: Request, https = config().https): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return new URL(request.url).protocol === 'https:' || forwarded === 'https' || https;
}

const attributes = (secure: boolean, path = '/') => [
  `Path=${path}`,
  'HttpOnly',
  'SameSite=Lax',
  ...(secure ? ['Secure'] : []),
];

export function sessionCookie(token: string, secure: boolean, now = Date.now()): string {
  const expires = new Date(now + SESSION_TTL_SECONDS * 1000).toUTCString();
  return [
    `${SESSION_COOKIE}=${token}`,
    `Max-Age=${SESSION_TTL_SECONDS}`,
    `Expires=${expires}`,
    ...attributes(secure),
  ].join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, 'Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT', ...attributes(secure)].join('; ');
}

/** The device cookie: 180 days, sent only to the login route (it means nothing anywhere else). */
export function deviceCookie(token: string, secure: boolean, now = Date.now()): string {
  const expires = new Date(now + DEVICE_TTL_SECONDS * 1000).toUTCString();
  return [
    `${DEVICE_COOKIE}=${token}`,
    `Max-Age=${DEVICE_TTL_SECONDS}`,
    `Expires=${expires}`,
    ...attributes(secure, DEVICE_COOKIE_PATH),
  ].join('; ');
}

/** A cookie's value from a request's Cookie header (the route handlers read the raw request). */
export function requestCookie(request: Request, name: string): string | undefined {
  return request.headers
    .get('cookie')
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}
