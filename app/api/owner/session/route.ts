import { errorResponse, jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { config } from '@/lib/core/config';
import { clientKey } from '@/lib/core/security/limits';
import { clearedSessionCookie, deviceCookie, isSecureRequest, requestCookie, sessionCookie } from '@/lib/owner';
import { DEVICE_COOKIE } from '@/lib/owner';
import { authErrors } from '@/lib/owner';
import { type LoginResult, attemptLogin } from '@/lib/owner';
import { SLOWED_INTERVAL_SECONDS } from '@/lib/core/security/limits';
import { ownerState } from '@/lib/owner';
import { type LoginNotice, loginPath, safeNext } from '@/lib/owner';
import { revokeSession } from '@/lib/owner';
import { SESSION_COOKIE } from '@/lib/owner';
import { readSessionInput } from '@/lib/edge/api/session-input';
import { isCrossSite } from '@/lib/core/security/same-origin';

// POST logs the owner in (JSON: 204 / 401 / 403 / 429; the login form: 303 back to a page), DELETE and
// the form's logout end the session; any other method is a JSON 405 with Allow. Nothing here is cacheable.

const NO_STORE = { 'Cache-Control': 'no-store' };

/** A response with these headers; Set-Cookie is appended, so a login can set the session and the device cookie. */
function answer(status: number, headers: Record<string, string>, cookies: string[] = []): Response {
  const all = new Headers({ ...NO_STORE, ...headers });
  for (const cookie of cookies) all.append('Set-Cookie', cookie);
  return new Response(null, { status, headers: all });
}

const seeOther = (location: string, cookies: string[] = []) => answer(303, { Location: location }, cookies);

/** The session and device cookies of a successful login. */
const loginCookies = (result: Extract<LoginResult, { kind: 'ok' }>, request: Request) => {
  const secure = isSecureRequest(request);
  return [sessionCookie(result.token, secure), deviceCookie(result.deviceToken, secure)];
};

const cookieOf = (request: Request) => requestCookie(request, SESSION_COOKIE);

function logout(request: Request): string {
  const state = ownerState(cookieOf(request));
  if (state.kind === 'owner') revokeSession(state.session.jti, state.session.exp);
  return clearedSessionCookie(isSecureRequest(request));
}

const withRetryAfter = (response: Response, seconds: number) => {
  response.headers.set('Retry-After', String(seconds));
  return response;
};

function jsonAnswer(result: LoginResult, request: Request): Response {
  switch (result.kind) {
    case 'ok':
      return answer(204, {}, loginCookies(result, request));
    case 'wrong':
      return errorResponse(authErrors.wrongPassword());
    case 'limited':
      return withRetryAfter(errorResponse(authErrors.rateLimited(result.retryAfterSeconds)), result.retryAfterSeconds);
    case 'slowed':
      return withRetryAfter(errorResponse(authErrors.slowed(SLOWED_INTERVAL_SECONDS)), result.retryAfterSeconds);
    case 'disabled':
      return errorResponse(authErrors.loginDisabled(result.message));
    case 'misconfigured':
      return errorResponse(authErrors.misconfigured(result.message));
  }
}

const FORM_NOTICE: Record<Exclude<LoginResult['kind'], 'ok'>, LoginNotice> = {
  wrong: 'wrong-password',
  limited: 'rate-limited',
  slowed: 'slowed',
  disabled: 'disabled',
  misconfigured: 'misconfigured',
};

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  const input = await readSessionInput(request);
  if (isCrossSite(request)) {
    return input.mode === 'form' ? seeOther(loginPath(undefined, 'cross-site')) : errorResponse(authErrors.crossSite());
  }
  if (input.mode === 'form' && input.intent === 'logout')
    return seeOther(loginPath(undefined, 'signed-out'), [logout(request)]);
  const attempt = {
    password: input.password,
    client: clientKey(request.headers),
    deviceCookie: requestCookie(request, DEVICE_COOKIE),
  };
  const result = await attemptLogin(attempt, config().owner);
  if (input.mode === 'json') return jsonAnswer(result, request);
  if (result.kind === 'ok') return seeOther(safeNext(input.next), loginCookies(result, request));
  return seeOther(loginPath(input.next, FORM_NOTICE[result.kind]));
});

export const DELETE = jsonHandler(async (request: Request): Promise<Response> => {
  if (isCrossSite(request)) return errorResponse(authErrors.crossSite());
  return answer(204, {}, [logout(request)]);
});

export const { GET, HEAD, PUT, PATCH, OPTIONS } = otherMethods(['POST', 'DELETE']);
