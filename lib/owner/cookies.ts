import { parse, serialize } from 'cookie';
import { config } from '@/lib/core/config';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_TTL_SECONDS, SESSION_COOKIE, SESSION_TTL_SECONDS } from './tokens';

// Set-Cookie values for the session and the device cookie (written and read by the `cookie` package). Secure
// whenever the browser talks https to us (directly, through a TLS-terminating proxy, or because the public origin is
// https); plain http only for local runs.

export function isSecureRequest(request: Request, https = config().https): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return new URL(request.url).protocol === 'https:' || forwarded === 'https' || https;
}

type CookieOptions = Parameters<typeof serialize>[2];

/** HttpOnly, SameSite=Lax, Secure on https; Max-Age and Expires both, for old browsers that read only Expires. */
const options = (secure: boolean, maxAgeSeconds: number, now: number, path = '/'): CookieOptions => ({
  maxAge: maxAgeSeconds,
  expires: new Date(maxAgeSeconds === 0 ? 0 : now + maxAgeSeconds * 1000),
  path,
  httpOnly: true,
  sameSite: 'lax',
  secure,
});

/** Any HttpOnly, SameSite=Lax cookie of ours (Secure on https), by name: the members' cookies use it too. */
export const httpOnlyCookie = (
  name: string,
  value: string,
  secure: boolean,
  maxAgeSeconds: number,
  path = '/',
  now = Date.now(),
): string => serialize(name, value, options(secure, maxAgeSeconds, now, path));

/** A cookie the page's script may read (not HttpOnly): never a secret. SameSite=Lax, Secure on https. */
export const readableCookie = (name: string, value: string, secure: boolean, maxAgeSeconds: number, now = Date.now()) =>
  serialize(name, value, { ...options(secure, maxAgeSeconds, now), httpOnly: false });

/** That cookie, cleared (empty, expired) at the path it was set for. */
export const clearedCookie = (name: string, secure: boolean, path = '/'): string =>
  serialize(name, '', options(secure, 0, 0, path));

export const sessionCookie = (token: string, secure: boolean, now = Date.now()): string =>
  serialize(SESSION_COOKIE, token, options(secure, SESSION_TTL_SECONDS, now));

export const clearedSessionCookie = (secure: boolean): string => serialize(SESSION_COOKIE, '', options(secure, 0, 0));

/** The device cookie: 180 days, sent only to the login route (it means nothing anywhere else). */
export const deviceCookie = (token: string, secure: boolean, now = Date.now()): string =>
  serialize(DEVICE_COOKIE, token, options(secure, DEVICE_TTL_SECONDS, now, DEVICE_COOKIE_PATH));

/** A cookie's value from a request's Cookie header (the route handlers read the raw request). */
export const requestCookie = (request: Request, name: string): string | undefined =>
  parse(request.headers.get('cookie') ?? '')[name];
