// The owner feature: what the rest of the site uses of it.

export {
  clearedCookie,
  clearedSessionCookie,
  deviceCookie,
  httpOnlyCookie,
  isSecureRequest,
  readableCookie,
  requestCookie,
  sessionCookie,
} from './cookies';
export { attemptLogin, authErrors } from './login';
export type { LoginResult } from './login';
export { LOGIN_NOTICES, currentOwner, loginPath, ownerOf, ownerState, safeNext } from './owner';
export type { LoginNotice } from './owner';
export { DEVICE_COOKIE, SESSION_COOKIE, revokeSession } from './tokens';
