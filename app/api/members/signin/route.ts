import { otherMethods } from '@/lib/api/respond';
import { memberFormRoute, seeOther } from '@/lib/api/member-forms';
import { allowCodeMail, captchaAsked, countAccountFailure, forgetAccountFailures } from '@/lib/api/member-limits';
import { answerLoginState } from '@/lib/api/member-states';
import { LoginState, siteMembers, siteWixMembers } from '@/lib/members';
import { CAPTCHA_FIELD } from '@/lib/members/captcha';
import { MEMBER_PAGES, memberPagePath } from '@/lib/members/session-cookie';

// POST (the /signin form): e-mail, password, next, and the captcha's payload when one was asked → login. A wrong
// password and an unknown address get the same notice. 10 failed sign-ins per client per 15 minutes: a point is taken
// before the check (so parallel guesses cannot pass the budget) and given back when the sign-in did not fail. Failures
// before that ask for a captcha (lib/api/member-limits.ts), as do failures on the account from anywhere. A member who
// has not confirmed their address is mailed a code: 10 per client and 3 per account an hour, then none (same answer).

export const POST = memberFormRoute(MEMBER_PAGES.signin, async (form) => {
  const next = form.field('next', 1000) || undefined;
  if (!(await form.allow('signinFailures'))) {
    return seeOther(memberPagePath(MEMBER_PAGES.signin, 'rate-limited', next));
  }
  const email = form.field('email', 320);
  const result = await siteMembers().login(
    { email, password: form.field('password', 1024), captchaToken: form.field(CAPTCHA_FIELD, 8192) || undefined },
    // Wix decides its own captchas; the site asks for ALTCHA's only of its own members. A code is mailed within the
    // client's and the account's budgets (an unexpired one is used again, unmailed).
    {
      client: form.client,
      captcha: siteWixMembers() ? null : await captchaAsked(form.client, email, 1),
      allowCodeMail: (address) => allowCodeMail(form.client, address),
    },
  );
  if (result.loginState !== LoginState.FAILURE) await form.refund('signinFailures');
  if (result.loginState === LoginState.SUCCESS) await forgetAccountFailures(email);
  if (result.loginState === LoginState.FAILURE && result.errorCode === 'invalidPassword') {
    await countAccountFailure(email);
  }
  return answerLoginState(form, result, {
    page: MEMBER_PAGES.signin,
    next,
    failure: (failure) =>
      failure.errorCode === 'invalidPassword' || failure.errorCode === 'invalidEmail'
        ? 'invalid-login'
        : failure.errorCode === 'invalidCaptchaToken' || failure.errorCode === 'missingCaptchaToken'
          ? 'captcha-failed'
          : // Only a member who gave the right password learns that the account is blocked.
            'blocked',
  });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
