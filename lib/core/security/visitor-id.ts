import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { config } from '@/lib/core/config';
import { linkMac, linkMacHolds } from './signed-token';
import { siteKey } from './site-key';

// A visitor's identity where the site lets visitors without an account take part: a vote in a poll anyone may vote in
// (lib/polls), a rating where the owner lets visitors rate (lib/ratings). A random id, `v-` and 16 base64url
// characters, kept in an HttpOnly cookie made on the visitor's first vote or rating and signed with the site key
// `visitor-id` (from SESSION_SECRET, else a key kept in DATA_DIR), so a client cannot name another visitor. One cookie
// for every feature: the same visitor is one voter and one rater. It names a browser, not a person: dropping the cookie
// makes a new visitor, so what takes a visitor's word also limits it per client address.

export const VISITOR_COOKIE = 'visitor_id';
/** A year: the visitor stays the same voter and rater, and can change their vote or rating. */
export const VISITOR_TTL_SECONDS = 365 * 24 * 60 * 60;

const LABEL = 'visitor-id';
const VISITOR_ID = /^v-[\w-]{16}$/;

const visitorKey = () => {
  const c = config();
  return siteKey(LABEL, c.sessionSecret, path.resolve(/*turbopackIgnore: true*/ c.dataDir));
};

/** Whether `id` is a visitor's id (`v-` and 16 characters), not a member's. */
export const isVisitorId = (id: string): boolean => VISITOR_ID.test(id);

/** A new visitor and their cookie's value: `<id>.<signature>`. */
export function newVisitorCookie(): { id: string; value: string } {
  const id = `v-${randomBytes(12).toString('base64url')}`;
  return { id, value: `${id}.${linkMac(visitorKey(), LABEL, id)}` };
}

/** The visitor a cookie names, when its signature holds; null otherwise (no cookie, a forged or malformed one). */
export function visitorOfCookie(value: string | undefined): string | null {
  const match = /^(v-[\w-]{16})\.([\w-]{22})$/.exec(value ?? '');
  return match && linkMacHolds(visitorKey(), match[2], LABEL, match[1]!) ? match[1]! : null;
}
