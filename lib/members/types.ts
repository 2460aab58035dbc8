import type { MembersPolicy } from '@/lib/core/config';

// The members' identity service: its login states and results as the Wix SDK names them (`@wix/sdk`'s `LoginState`
// and `StateMachine`), and the interface every provider implements: the local one (local.ts, members in the embedded
// database) and, later, Wix's (`OAuthStrategy`'s custom-login calls), so pages never ask which one they talk to.

/** The SDK's `LoginState` values (`@wix/sdk-runtime`'s login-state.d.ts), spelled as it spells them. */
export const LoginState = {
  SUCCESS: 'SUCCESS',
  INITIAL: 'INITIAL',
  FAILURE: 'FAILURE',
  EMAIL_VERIFICATION_REQUIRED: 'EMAIL_VERIFICATION_REQUIRED',
  OWNER_APPROVAL_REQUIRED: 'OWNER_APPROVAL_REQUIRED',
  USER_CAPTCHA_REQUIRED: 'USER_CAPTCHA_REQUIRED',
  SILENT_CAPTCHA_REQUIRED: 'SILENT_CAPTCHA_REQUIRED',
} as const;
export type LoginState = (typeof LoginState)[keyof typeof LoginState];

/** The SDK's `ErrorState.errorCode` values. */
export type LoginErrorCode =
  | 'invalidEmail'
  | 'invalidPassword'
  | 'resetPassword'
  | 'missingCaptchaToken'
  | 'emailAlreadyExists'
  | 'invalidCaptchaToken';

/** What register, login and processVerification answer: the SDK's `StateMachine`, state by state. */
export type LoginResult =
  | { loginState: typeof LoginState.INITIAL }
  | { loginState: typeof LoginState.SUCCESS; data: { sessionToken: string } }
  | { loginState: typeof LoginState.FAILURE; errorCode?: LoginErrorCode; error: string }
  | { loginState: typeof LoginState.EMAIL_VERIFICATION_REQUIRED; data: { stateToken: string } }
  | { loginState: typeof LoginState.OWNER_APPROVAL_REQUIRED }
  | { loginState: typeof LoginState.SILENT_CAPTCHA_REQUIRED; data: { stateToken: string } }
  | { loginState: typeof LoginState.USER_CAPTCHA_REQUIRED; data: { stateToken: string } };

export type MemberStatus = 'PENDING' | 'ACTIVE' | 'BLOCKED';

/** A member as the site shows them: never their password, hash, codes or tokens. */
export interface Member {
  id: string;
  email: string;
  displayName: string;
  status: MemberStatus;
  emailVerified: boolean;
  createdDate: string;
  /** The member's picture: a path of this site's media (`/media/…`) or a Wix media URL; absent when none is chosen. */
  avatar?: string;
}

/** The SDK's `IdentityProfile`, as far as this site uses it. */
export interface MemberProfile {
  nickname?: string;
}

export interface RegisterParams {
  email: string;
  password: string;
  profile?: MemberProfile;
}

export interface LoginParams {
  email: string;
  password: string;
  captchaToken?: string;
}

/** Who is asking, and what the site asks of them. */
export interface CallContext {
  /** The client the request is counted against (lib/owner's client address). */
  client?: string;
  /**
   * A captcha the site asks of this client before a login is looked at (the sign-in route decides it from the failures
   * it counted); the local provider answers the captcha states without one. Wix decides its captchas itself.
   */
  captcha?: 'user' | 'silent' | null;
  /**
   * Asked before a new verification code is mailed to `email` (the member's stored address): takes a mail from the
   * budgets the site keeps (per client and per account, lib/edge/api/member-limits.ts) and answers false when one is
   * spent. The local provider then mails nothing and answers as it would have. Without it, only the reuse of an
   * unexpired code limits the mails (scripts, tests). Wix mails its own codes.
   */
  allowCodeMail?: (email: string) => Promise<boolean>;
  /**
   * Runs work that must not delay the answer once it is sent (Next's `after`: the route's), so an answer's time tells
   * nothing of it; without it the work starts at once and is not waited for.
   */
  later?: (task: () => Promise<void>) => void;
}

/** What a password reset link, followed, gives. */
export type ResetResult = { ok: true } | { ok: false; reason: 'invalidToken' | 'invalidPassword' };

/** The identity calls, named as `@wix/sdk`'s `OAuthStrategy` names them. */
export interface IdentityProvider {
  /**
   * A new member: EMAIL_VERIFICATION_REQUIRED (a code is mailed), OWNER_APPROVAL_REQUIRED, SUCCESS, or FAILURE
   * (`invalidEmail`, `invalidPassword`, `emailAlreadyExists`). The local provider answers a member's address as a new
   * one where the policy lets it (the member is mailed a notice instead: local/taken.ts), and `emailAlreadyExists` only
   * where a new member is signed in at once; Wix answers `emailAlreadyExists` (docs/security.md, "Joining").
   */
  register(params: RegisterParams, context?: CallContext): Promise<LoginResult>;
  login(params: LoginParams, context?: CallContext): Promise<LoginResult>;
  /** The code mailed for EMAIL_VERIFICATION_REQUIRED, with that state's `stateToken`. */
  processVerification(nextInputs: { verificationCode: string }, stateToken: string): Promise<LoginResult>;
  /** Mails a reset link to `redirectUri?token=…` when the address is a member's; the same answer either way. */
  sendPasswordResetEmail(email: string, redirectUri: string): Promise<void>;
  resetPassword(resetToken: string, newPassword: string): Promise<ResetResult>;
  /** The member a session token signs in; null if it is invalid, expired or revoked, or the member may not sign in. */
  memberOf(sessionToken: string): Promise<Member | null>;
  logout(sessionToken: string): Promise<void>;
}

/** What a member changes of their profile: a field left out stays as it is; `avatar: null` removes the picture. */
export interface ProfileChange {
  displayName?: string;
  avatar?: string | null;
}

export type ProfileResult = { ok: true; member: Member } | { ok: false; reason: 'invalidSession' | 'invalidProfile' };

/**
 * What changing a password gives: on success a new session token for this browser (every other session of the member
 * has ended); otherwise why not.
 */
export type ChangePasswordResult =
  | { ok: true; sessionToken: string }
  | { ok: false; reason: 'invalidSession' | 'wrongPassword' | 'invalidPassword' | 'notSupported' };

/** What a signed-in member does to their own account (the /account page), each call naming them by session token. */
export interface MemberAccount {
  updateProfile(sessionToken: string, change: ProfileChange): Promise<ProfileResult>;
  changePassword(sessionToken: string, currentPassword: string, newPassword: string): Promise<ChangePasswordResult>;
  /** Ends every session of the member, this one included, on every device. */
  signOutEverywhere(sessionToken: string): Promise<void>;
}

/** What the owner's dashboard does to members (the local provider; on Wix, the Wix dashboard does it). */
export interface MemberAdmin {
  approveMember(id: string): Promise<Member | null>;
  blockMember(id: string): Promise<Member | null>;
  /** One member, as the list shows them; null when there is none. */
  memberById(id: string): Promise<Member | null>;
  /** The owner's list: members waiting for approval first, then the newest; a page of `limit` after `skip`. */
  listMembers(page: { skip: number; limit: number }): Promise<{ members: Member[]; total: number }>;
  /** Whether new members confirm their address, and whether they wait for approval (the owner's, else the default). */
  signUpPolicy(): Promise<MembersPolicy>;
  /** Saves the owner's choice; a field left out keeps its value. Answers the policy now in force. */
  setSignUpPolicy(change: Partial<MembersPolicy>): Promise<MembersPolicy>;
}
