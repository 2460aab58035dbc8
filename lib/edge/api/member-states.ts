import { siteMembers, siteWixMembers, type LoginResult, LoginState } from '@/lib/members';
import {
  MEMBER_PAGES,
  MEMBER_SESSION_COOKIE,
  type MemberNotice,
  type MemberPage,
  memberPagePath,
  safeMemberNext,
  wixLoginPath,
} from '@/lib/members';
import { clearedMemberState, type MemberForm, memberSessionCookies, memberStateCookie, seeOther } from './member-forms';

// Where each login state the provider answers leads a browser: SUCCESS signs in (a new session, the old one revoked),
// EMAIL_VERIFICATION_REQUIRED to the code's page with its state token in a cookie, OWNER_APPROVAL_REQUIRED to the page
// that says so, FAILURE back to the form with a notice.

type Failure = Extract<LoginResult, { loginState: 'FAILURE' }>;

/** The new session's cookie, after revoking the session the browser had (rotation on every sign-in). */
export async function signInCookies(form: MemberForm, sessionToken: string): Promise<string[]> {
  const old = form.cookie(MEMBER_SESSION_COOKIE);
  if (old && old.length <= 2048) await siteMembers().logout(old);
  return memberSessionCookies(sessionToken, form.secure);
}

export interface StateAnswer {
  /** The form a failure goes back to. */
  page: MemberPage;
  /** Where SUCCESS goes. */
  next?: string;
  /** The notice of each failure. */
  failure: (result: Failure) => MemberNotice;
}

export async function answerLoginState(form: MemberForm, result: LoginResult, how: StateAnswer): Promise<Response> {
  switch (result.loginState) {
    case LoginState.SUCCESS:
      return seeOther(safeMemberNext(how.next), [
        ...(await signInCookies(form, result.data.sessionToken)),
        clearedMemberState(form.secure),
      ]);
    case LoginState.EMAIL_VERIFICATION_REQUIRED:
      return seeOther(memberPagePath(MEMBER_PAGES.verify, 'code-sent'), [
        memberStateCookie(result.data.stateToken, form.secure),
      ]);
    case LoginState.OWNER_APPROVAL_REQUIRED:
      return seeOther(MEMBER_PAGES.awaitingApproval, [clearedMemberState(form.secure)]);
    case LoginState.FAILURE:
      return seeOther(
        memberPagePath(how.page, how.failure(result), how.page === MEMBER_PAGES.signin ? how.next : undefined),
      );
    // The captcha states: the sign-in page shows the captcha its notice names (the local provider's ALTCHA), and the
    // member signs in again with it solved; on Wix, Wix's login page asks. Another form cannot show one: "try later".
    case LoginState.USER_CAPTCHA_REQUIRED:
    case LoginState.SILENT_CAPTCHA_REQUIRED: {
      // Wix's captcha is its reCAPTCHA, which only its own login page shows: the member signs in there.
      if (siteWixMembers()) return seeOther(wixLoginPath(how.next));
      if (how.page !== MEMBER_PAGES.signin) return seeOther(memberPagePath(how.page, 'captcha'));
      const notice = result.loginState === LoginState.USER_CAPTCHA_REQUIRED ? 'captcha-user' : 'captcha-silent';
      return seeOther(memberPagePath(how.page, notice, how.next));
    }
    case LoginState.INITIAL:
      return seeOther(memberPagePath(how.page, 'captcha'));
  }
}
