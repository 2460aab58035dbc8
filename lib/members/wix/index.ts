import type { IdentityProvider, MemberAccount } from '../types';
import { wixAccount } from './account';
import { membersContext, type WixMembersSettings } from './context';
import { wixIdentity } from './identity';
import { type WixLoginResult, wixLogins } from './login';

export type { WixMembersSettings } from './context';
export { SILENT_LOGIN_TIMEOUT_SECONDS, WIX_LOGIN_TTL_SECONDS, type WixLoginResult } from './login';
export { openSession, sealSession } from './session';
export { memorySignOuts, type SignOuts, siteSignOuts } from './sign-outs';

// The Wix identity provider: `@wix/sdk`'s `OAuthStrategy` custom-login flow, made server-side through the same SDK
// functions the strategy calls (`@wix/identity` authentication.registerV2 / loginV2, verification
// .verifyDuringAuthentication, recovery.sendRecoveryEmail / recover; `@wix/redirects` createRedirectSession), as the
// site's visitor, over the shared transport (lib/wix/transport.ts), with the strategy's own mapping of answers to
// login states (node_modules/@wix/sdk/build/auth/oauth2/OAuthStrategy.js, `handleState`). The strategy itself cannot
// run on a server: its token requests use the global fetch, and `getMemberTokensForDirectLogin` loads the authorize
// URL in an iframe. The token grants are REST (lib/wix/tokens.ts), and so is the GET of the direct login's authorize
// URL (docs/wix-operations.md). On the wire:
//
//   register             POST /_api/iam/authentication/v2/register
//                        { loginId: { email }, password, profile, captchaTokens }
//   login                POST /_api/iam/authentication/v2/login     { loginId: { email }, password, captchaTokens }
//   processVerification  POST /_api/iam/verification/v1/auth/verify { code, stateToken }
//     → { state: SUCCESS | REQUIRE_OWNER_APPROVAL | REQUIRE_EMAIL_VERIFICATION, sessionToken, stateToken, identity }
//   sendPasswordResetEmail POST /_api/iam/recovery/v1/send-email  { email, redirect: { url, clientId } }
//   resetPassword        POST /_api/iam/recovery/v1/recover         { recoveryToken, password }
//   direct login         POST /_api/redirects-api/v1/redirect-session (prompt none, the Wix session token, PKCE),
//                        GET its fullUrl without following the redirect (the code in the Location's query), then
//                        POST /oauth2/token
//                        { clientId, grantType: authorization_code, redirectUri, code, codeVerifier }
//   token refresh        POST /oauth2/token { clientId, grantType: refresh_token, refreshToken }
//   memberOf             GET  /members/v1/members/my?fieldsets=FULL  (Authorization: the member's access token)
//   updateProfile        PATCH /members/v1/members/{id} { member: { id, profile: { nickname, photo } } } (as the SDK's
//                        `members.updateMember`, with the member's access token)
//   Wix-managed login    POST /_api/redirects-api/v1/redirect-session (prompt login, or none for the silent flow) →
//                        the browser goes to its fullUrl and comes back to the callback with a code →
//                        POST /oauth2/token
//                        (as `generateOAuthData` + `getAuthUrl` + `getMemberTokens`, responseMode query)
//
// A SUCCESS's `sessionToken` is ours, not Wix's (Wix's is single-use and lives seconds): the member's refresh token
// sealed with AES-256-GCM under the members key, with a session id and an expiry, so it holds across instances and
// restarts and shows nothing to whoever reads the cookie (lib/wix/seal.ts). Access tokens are the process's token
// cache's (lib/wix/tokens.ts), held by refresh token, so the member's likes and comments use the same one; renewed
// from the refresh token when they near expiry. Logout revokes one session (the revocations); signing out everywhere
// keeps the member's last sign-out (SignOuts), which every older session of theirs fails. Nothing here logs or throws
// a password, token or key.
//
// Here: the provider put together. context.ts holds what the parts share (settings, transports, the calls as the
// visitor and as a member, our sessions), identity.ts the IAM calls and login states, login.ts the OAuth logins
// (direct and the Wix login page), account.ts the member's own account, session.ts what is sealed, profile.ts a
// member as the site shows it, iam.ts Wix's paths and codes, sign-outs.ts "sign out everywhere".

/** The Wix provider: the identity calls, the member's own account, and the Wix-managed login page. */
export interface WixMembers extends IdentityProvider, MemberAccount {
  /**
   * A redirect session to Wix's login page, as `generateOAuthData` + `getAuthUrl` make it (PKCE S256, a state,
   * responseMode query; prompt `none` for the silent flow): the URL to send the browser to, and the verifier, state
   * and `next` sealed for a short-lived cookie (`maxAge` seconds) that the callback gives back.
   */
  startWixLogin(options: { next: string; silent: boolean }): Promise<{ url: string; sealed: string; maxAge: number }>;
  /** Wix's redirect back (`code`, `state` or `error`) checked against the sealed cookie, the code exchanged. */
  finishWixLogin(
    answer: { code?: string | null; state?: string | null; error?: string | null },
    sealed: string | undefined,
  ): Promise<WixLoginResult>;
}

/** The login page's sealed state, on the member routes only (MEMBER_ROUTES_PATH), for the page's time. */
export const WIX_LOGIN_COOKIE = 'member_wix_login';

export function createWixMembers(settings: WixMembersSettings): WixMembers {
  const context = membersContext(settings);
  const { directLogin, startWixLogin, finishWixLogin } = wixLogins(context);
  return { ...wixIdentity(context, directLogin), ...wixAccount(context), startWixLogin, finishWixLogin };
}
