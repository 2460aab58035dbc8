import { otherMethods } from '@/lib/api/respond';
import { memberFormRoute, seeOther } from '@/lib/api/member-forms';
import { answerLoginState } from '@/lib/api/member-states';
import { LoginState, siteMembers } from '@/lib/members';
import { MEMBER_PAGES, memberPagePath } from '@/lib/members/session-cookie';

// POST (the /signin form): e-mail, password, next → login. A wrong password and an unknown address get the same
// notice. 10 failed sign-ins per client per 15 minutes: a point is taken before the check (so parallel guesses cannot
// pass the budget) and given back when the sign-in did not fail.

export const POST = memberFormRoute(MEMBER_PAGES.signin, async (form) => {
  const next = form.field('next', 1000) || undefined;
  if (!(await form.allow('signinFailures'))) {
    return seeOther(memberPagePath(MEMBER_PAGES.signin, 'rate-limited', next));
  }
  const result = await siteMembers().login(
    { email: form.field('email', 320), password: form.field('password', 1024) },
    { client: form.client },
  );
  if (result.loginState !== LoginState.FAILURE) await form.refund('signinFailures');
  return answerLoginState(form, result, {
    page: MEMBER_PAGES.signin,
    next,
    failure: (failure) =>
      failure.errorCode === 'invalidPassword' || failure.errorCode === 'invalidEmail'
        ? 'invalid-login'
        : failure.errorCode === 'invalidCaptchaToken' || failure.errorCode === 'missingCaptchaToken'
          ? 'captcha'
          : // Only a member who gave the right password learns that the account is blocked.
            'blocked',
  });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
