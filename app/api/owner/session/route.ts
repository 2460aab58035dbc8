import { errorResponse, jsonHandler } from '@/lib/api/respond';
import { ownerConfig } from '@/lib/auth/config';
import { clientKey } from '@/lib/auth/client-ip';
import { clearedSessionCookie, isSecureRequest, sessionCookie } from '@/lib/auth/cookie';
import { authErrors } from '@/lib/auth/errors';
import { type LoginResult, attemptLogin } from '@/lib/auth/login';
import { loginLimiter } from '@/lib/auth/login-limiter';
import { ownerState } from '@/lib/auth/owner-session';
import { type LoginNotice, loginPath, safeNext } from '@/lib/auth/redirects';
import { revokeSession } from '@/lib/auth/revocation';
import { SESSION_COOKIE } from '@/lib/auth/session';
import { readSessionInput } from '@/lib/auth/session-input';
import { isCrossSite } from '@/lib/security/same-origin';

// POST logs the owner in (JSON: 204 / 401 / 403 / 429; the login form: 303 back to a page), DELETE and
// the form's logout end the session. Nothing here is cacheable.

const NO_STORE = { 'Cache-Control': 'no-store' };

const seeOther = (location: string, cookie?: string) =>
  new Response(null, { status: 303, headers: { ...NO_STORE, Location: location, ...(cookie ? { 'Set-Cookie': cookie } : {}) } });

const cookieOf = (request: Request) =>
  request.headers
    .get('cookie')
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1);

function logout(request: Request): string {
  const state = ownerState(cookieOf(request));
  if (state.kind === 'owner') revokeSession(state.session.jti, state.session.exp);
  return clearedSessionCookie(isSecureRequest(request));
}

function jsonAnswer(result: LoginResult, request: Request): Response {
  switch (result.kind) {
    case 'ok':
      return new Response(null, { status: 204, headers: { ...NO_STORE, 'Set-Cookie': sessionCookie(result.token, isSecureRequest(request)) } });
    case 'wrong':
      return errorResponse(authErrors.wrongPassword());
    case 'limited': {
      const response = errorResponse(authErrors.rateLimited(result.retryAfterSeconds));
      response.headers.set('Retry-After', String(result.retryAfterSeconds));
      return response;
    }
    case 'disabled':
      return errorResponse(authErrors.loginDisabled(result.message));
    case 'misconfigured':
      return errorResponse(authErrors.misconfigured(result.message));
  }
}

const FORM_NOTICE: Record<Exclude<LoginResult['kind'], 'ok'>, LoginNotice> = {
  wrong: 'wrong-password',
  limited: 'rate-limited',
  disabled: 'disabled',
  misconfigured: 'misconfigured',
};

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  const input = await readSessionInput(request);
  if (isCrossSite(request)) {
    return input.mode === 'form' ? seeOther(loginPath(undefined, 'cross-site')) : errorResponse(authErrors.crossSite());
  }
  if (input.mode === 'form' && input.intent === 'logout') return seeOther(loginPath(undefined, 'signed-out'), logout(request));
  const result = attemptLogin(input.password, clientKey(request.headers), ownerConfig(), loginLimiter());
  if (input.mode === 'json') return jsonAnswer(result, request);
  if (result.kind === 'ok') return seeOther(safeNext(input.next), sessionCookie(result.token, isSecureRequest(request)));
  return seeOther(loginPath(input.next, FORM_NOTICE[result.kind]));
});

export const DELETE = jsonHandler(async (request: Request): Promise<Response> => {
  if (isCrossSite(request)) return errorResponse(authErrors.crossSite());
  return new Response(null, { status: 204, headers: { ...NO_STORE, 'Set-Cookie': logout(request) } });
});
