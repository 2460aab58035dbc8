import { httpOnlyCookie, isSecureRequest } from '@/lib/owner';
import { seeOther } from '@/lib/edge/api/member-forms';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { errors, isCatalogueError } from '@/lib/core/errors';
import { siteWixMembers } from '@/lib/members';
import { MEMBER_PAGES, MEMBER_ROUTES_PATH, memberPagePath, safeMemberNext } from '@/lib/members';
import { WIX_LOGIN_COOKIE } from '@/lib/members';

// GET ?next=/path[&silent=1]: the Wix-managed login page, the alternative to our forms when members are kept at Wix.
// A redirect session as the SDK's `generateOAuthData` + `getAuthUrl` make it (PKCE, a state; `prompt=none` for the
// silent flow, as `getAuthUrl(..., { prompt: 'none' })`), its verifier, state and `next` sealed in an HttpOnly cookie
// on the member routes (120 s for the silent flow, the SDK's time-out), and a 303 to Wix. Wix comes back to
// /api/members/callback. With local members: 404. Wix failing: back to /signin with "try later", never a 5xx.

export const GET = jsonHandler(async (request: Request): Promise<Response> => {
  const wix = siteWixMembers();
  if (!wix) throw errors.notFound('the Wix login page is there only when members sign in through Wix');
  const query = new URL(request.url).searchParams;
  const next = safeMemberNext(query.get('next'));
  try {
    const login = await wix.startWixLogin({ next, silent: query.get('silent') === '1' });
    const secure = isSecureRequest(request);
    return seeOther(login.url, [
      httpOnlyCookie(WIX_LOGIN_COOKIE, login.sealed, secure, login.maxAge, MEMBER_ROUTES_PATH),
    ]);
  } catch (error) {
    // The error's name (or catalogue code) only: never a message that could quote a token.
    const what = isCatalogueError(error) ? `${error.status} ${error.wde}` : (error as Error)?.name;
    console.error(JSON.stringify({ msg: 'members: the Wix login page failed', error: what }));
    return seeOther(memberPagePath(MEMBER_PAGES.signin, 'try-later', next));
  }
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
