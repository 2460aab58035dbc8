import { clearedCookie, httpOnlyCookie, isSecureRequest, readableCookie, requestCookie } from '@/lib/owner';
import { clientKey, consume } from '@/lib/core/security/limits';
import { errors, isCatalogueError } from '@/lib/core/errors';
import { readBodyText, isFormPost } from '@/lib/core/http/body';
import { MEMBER_HINT_COOKIE } from '@/lib/core/site';
import {
  MEMBER_PAGES,
  MEMBER_RESET_COOKIE,
  MEMBER_RESET_TTL_SECONDS,
  MEMBER_ROUTES_PATH,
  MEMBER_SESSION_COOKIE,
  MEMBER_SESSION_TTL_SECONDS,
  MEMBER_STATE_COOKIE,
  MEMBER_STATE_TTL_SECONDS,
  type MemberNotice,
  type MemberPage,
  memberOfCookie,
  memberPagePath,
} from '@/lib/members';
import type { Member } from '@/lib/members/types';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { type MemberLimit, memberLimiter } from './member-limits';
import { errorResponse, seeOther } from './respond';

// The members' form posts (app/api/members/*): a plain urlencoded form, answered with a 303 to a members' page and a
// notice (Post/Redirect/Get), so every page works without JavaScript. Cross-site posts are refused, each action is
// rate-limited per client, and nothing goes wrong as a 5xx: any failure is the page's "try later" notice. No answer
// carries a password, hash or token in its body or Location: tokens travel only in HttpOnly cookies.

/** The captcha's payload (~1.5 kB) fits with room to spare. */
const MAX_BODY = 8192;

/** A 303 to a page, with cookies set (respond.ts). */
export { seeOther };

export interface MemberForm {
  request: Request;
  fields: Record<string, string>;
  /** The client the request is counted against. */
  client: string;
  secure: boolean;
  /** A field as a string of at most `max` characters ('' when absent). */
  field(name: string, max?: number): string;
  /** A raw cookie of the request. */
  cookie(name: string): string | undefined;
  /** Consumes a point of a limit: false when the client is over it. */
  allow(limit: MemberLimit): Promise<boolean>;
  /** Gives a point back (a sign-in that did not fail). */
  refund(limit: MemberLimit): Promise<void>;
  /**
   * The signed-in member, or the answer sending the visitor to sign in (with `notice`, then on to `next`), clearing a
   * session cookie that no longer signs anyone in.
   */
  signedIn(
    notice: MemberNotice,
    next: string,
  ): Promise<{ member: Member; answer?: never } | { answer: Response; member?: never }>;
}

/**
 * A members' form route. `page` is where a refused or failed post goes back to. A body that is not a form is a JSON
 * 415 (scripts use the provider, not these pages).
 */
export function memberFormRoute(page: MemberPage, handle: (form: MemberForm) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    if (!isFormPost(request)) {
      return errorResponse(errors.badValue('these routes take a form: application/x-www-form-urlencoded'));
    }
    if (isCrossSite(request)) return seeOther(memberPagePath(page, 'cross-site'));
    try {
      const body = await readBodyText(request, MAX_BODY, () => errors.payloadTooLarge('form body is too large'));
      const fields = Object.fromEntries(new URLSearchParams(body));
      const client = clientKey(request.headers);
      const secure = isSecureRequest(request);
      const form: MemberForm = {
        request,
        fields,
        client,
        secure,
        field: (name, max = 1024) => (typeof fields[name] === 'string' ? fields[name]!.slice(0, max) : ''),
        cookie: (name) => requestCookie(request, name),
        allow: async (limit) => (await consume(memberLimiter(limit), client)).ok,
        refund: async (limit) => {
          await memberLimiter(limit).reward(client, 1);
        },
        signedIn: async (notice, next) => {
          const session = requestCookie(request, MEMBER_SESSION_COOKIE);
          const member = await memberOfCookie(session);
          if (member) return { member };
          const cleared = session ? clearedMemberSessionCookies(secure) : [];
          return { answer: seeOther(memberPagePath(MEMBER_PAGES.signin, notice, next), cleared) };
        },
      };
      return await handle(form);
    } catch (error) {
      // The error's name (or catalogue code) only: a message may quote what was posted.
      const what = isCatalogueError(error) ? `${error.status} ${error.wde}` : (error as Error)?.name;
      console.error(JSON.stringify({ msg: 'members: form post failed', page, error: what }));
      return seeOther(memberPagePath(page, 'try-later' satisfies MemberNotice));
    }
  };
}

// The cookies. The session lives on every path (the account page reads it); the state and reset cookies only on the
// member routes, for minutes.

/** The member's session, and beside it the readable hint that one exists (MEMBER_HINT_COOKIE: `1`, no secret). */
export const memberSessionCookies = (token: string, secure: boolean) => [
  httpOnlyCookie(MEMBER_SESSION_COOKIE, token, secure, MEMBER_SESSION_TTL_SECONDS),
  readableCookie(MEMBER_HINT_COOKIE, '1', secure, MEMBER_SESSION_TTL_SECONDS),
];
export const clearedMemberSessionCookies = (secure: boolean) => [
  clearedCookie(MEMBER_SESSION_COOKIE, secure),
  clearedCookie(MEMBER_HINT_COOKIE, secure),
];

export const memberStateCookie = (stateToken: string, secure: boolean) =>
  httpOnlyCookie(MEMBER_STATE_COOKIE, stateToken, secure, MEMBER_STATE_TTL_SECONDS, MEMBER_ROUTES_PATH);
export const clearedMemberState = (secure: boolean) => clearedCookie(MEMBER_STATE_COOKIE, secure, MEMBER_ROUTES_PATH);

export const memberResetCookie = (resetToken: string, secure: boolean) =>
  httpOnlyCookie(MEMBER_RESET_COOKIE, resetToken, secure, MEMBER_RESET_TTL_SECONDS, MEMBER_ROUTES_PATH);
export const clearedMemberReset = (secure: boolean) => clearedCookie(MEMBER_RESET_COOKIE, secure, MEMBER_ROUTES_PATH);

/** The signed-in member of the request (with their session cookie), or null. */
export async function memberOfRequest(request: Request): Promise<{ member: Member; session: string } | null> {
  const session = requestCookie(request, MEMBER_SESSION_COOKIE);
  const member = await memberOfCookie(session);
  return member && session ? { member, session } : null;
}
