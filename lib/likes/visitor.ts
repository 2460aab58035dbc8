import { randomBytes } from 'node:crypto';

// The visitor cookie: who a visitor without an account is, for likes. Set on the first like (HttpOnly, SameSite=Lax,
// Secure on https; app/api/posts/[postId]/likes), a year long. Locally its value is 32 random bytes (base64url):
// unguessable, made per browser, never derived from anything a request says, so it is never shared by two people.
// The Wix implementation keeps a Wix visitor's refresh token in it instead, sealed (wix.ts).

export const LIKER_COOKIE = 'post_liker';
export const LIKER_COOKIE_TTL_SECONDS = 365 * 24 * 60 * 60;

export const newVisitorId = () => randomBytes(32).toString('base64url');
export const isVisitorId = (value: string) => /^[\w-]{43}$/.test(value);
