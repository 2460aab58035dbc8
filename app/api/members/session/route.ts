import { errorResponse, jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { clearedMemberSessionCookies } from '@/lib/edge/api/member-forms';
import { isSecureRequest, requestCookie } from '@/lib/owner';
import { CatalogueError } from '@/lib/core/errors';
import { MEMBER_SESSION_COOKIE, memberOfCookie } from '@/lib/members';

// GET: who the member session cookie signs in, as JSON (`{ member: { email, displayName } }`), or 401 when it names
// nobody (absent, tampered, expired, revoked, blocked). Private to the caller, never cached.

export const GET = jsonHandler(async (request: Request) => {
  const member = await memberOfCookie(requestCookie(request, MEMBER_SESSION_COOKIE));
  if (!member) {
    const refused = errorResponse(new CatalogueError(401, 'WDE9401', 'not signed in as a member'));
    // A session that ended (expired, revoked, signed out elsewhere): the browser drops it and its hint, so the header's
    // island stops asking.
    for (const cookie of clearedMemberSessionCookies(isSecureRequest(request))) {
      refused.headers.append('Set-Cookie', cookie);
    }
    return refused;
  }
  return Response.json(
    { member: { email: member.email, displayName: member.displayName } },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
