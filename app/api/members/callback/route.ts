import { clearedCookie, isSecureRequest, requestCookie } from '@/lib/owner';
import { memberSessionCookies, seeOther } from '@/lib/edge/api/member-forms';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { errors, isCatalogueError } from '@/lib/core/errors';
import { siteWixMembers } from '@/lib/members';
import {
  MEMBER_PAGES,
  MEMBER_ROUTES_PATH,
  MEMBER_SESSION_COOKIE,
  type MemberNotice,
  memberPagePath,
  safeMemberNext,
} from '@/lib/members';
import { WIX_LOGIN_COOKIE, type WixLoginResult } from '@/lib/members';

// GET ?code&state (or ?error&state): Wix's login page sends the browser back here (the OAuth app's redirect URI).
// The state must match the one sealed in the cookie /api/members/wix-login set, within its time (120 s for the silent
// flow); the code is exchanged with the verifier for member tokens (`getMemberTokens`), which become our session
// cookie (the old session revoked: rotation), and a 303 to `next`. A wrong, missing or late state, a member who said
// no, `login_required` from the silent flow, or a code Wix refuses: a 303 to /signin with a notice. The login cookie
// is cleared either way (single use). The direct login (lib/members/wix/login.ts) uses the same redirect URI but reads
// its code server-side, so its codes never arrive here; one that did would fail the state check. Local members: 404.

const NOTICES: Record<Exclude<WixLoginResult, { ok: true }>['reason'], MemberNotice> = {
  loginRequired: 'wix-login-required',
  denied: 'wix-login-cancelled',
  invalidState: 'wix-login-failed',
  failed: 'wix-login-failed',
};

export const GET = jsonHandler(async (request: Request): Promise<Response> => {
  const wix = siteWixMembers();
  if (!wix) throw errors.notFound('the Wix login callback is there only when members sign in through Wix');
  const query = new URL(request.url).searchParams;
  const secure = isSecureRequest(request);
  const cleared = clearedCookie(WIX_LOGIN_COOKIE, secure, MEMBER_ROUTES_PATH);
  try {
    const result = await wix.finishWixLogin(
      { code: query.get('code'), state: query.get('state'), error: query.get('error') },
      requestCookie(request, WIX_LOGIN_COOKIE),
    );
    if (!result.ok) {
      const signin = memberPagePath(MEMBER_PAGES.signin, NOTICES[result.reason], result.next);
      return seeOther(signin, [cleared]);
    }
    const old = requestCookie(request, MEMBER_SESSION_COOKIE);
    if (old && old.length <= 2048) await wix.logout(old);
    return seeOther(safeMemberNext(result.next), [cleared, ...memberSessionCookies(result.sessionToken, secure)]);
  } catch (error) {
    const what = isCatalogueError(error) ? `${error.status} ${error.wde}` : (error as Error)?.name;
    console.error(JSON.stringify({ msg: 'members: the Wix login callback failed', error: what }));
    return seeOther(memberPagePath(MEMBER_PAGES.signin, 'try-later'), [cleared]);
  }
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
