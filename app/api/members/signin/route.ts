import { otherMethods } from '@/lib/edge/api/respond';
import { memberFormRoute, seeOther } from '@/lib/edge/api/member-forms';
import { consume } from '@/lib/core/security/limits';
import { MEMBER_DEVICE_COOKIE, knownDevice, memberDeviceCookie } from '@/lib/edge/api/member-device';
import {
  allowCodeMail,
  captchaAsked,
  countAccountFailure,
  forgetAccountFailures,
  memberLimiter,
} from '@/lib/edge/api/member-limits';
import { answerLoginState } from '@/lib/edge/api/member-states';
import { LoginState, siteMembers, siteWixMembers } from '@/lib/members';
import { CAPTCHA_FIELD } from '@/lib/members';
import { MEMBER_PAGES, memberPagePath } from '@/lib/members';

// POST (the /signin form): e-mail, password, next, and the captcha's payload when one was asked → login. A wrong
// password and an unknown address get the same notice. 10 failed sign-ins per client per 15 minutes: a point is taken
// before the check (so parallel guesses cannot pass the budget) and given back when the sign-in did not fail on its
// password (a refused captcha is not a password failure). Failures before that ask for a captcha
// (lib/edge/api/member-limits.ts), as do failures on the account from anywhere. A browser that signed in to the account
// before (its known device, lib/edge/api/member-device.ts) is counted on its own budget instead, without a captcha:
// nobody sharing its address can spend its share. A member who has not confirmed their address is mailed a code: 10 per
// client and 3 per account an hour, then none (same answer).

export const POST = memberFormRoute(MEMBER_PAGES.signin, async (form) => {
  const next = form.field('next', 1000) || undefined;
  const email = form.field('email', 320);
  const device = knownDevice(form.cookie(MEMBER_DEVICE_COOKIE), email);
  const budget = device
    ? { limiter: memberLimiter('deviceFailures'), key: device }
    : { limiter: memberLimiter('signinFailures'), key: form.client };
  if (!(await consume(budget.limiter, budget.key)).ok) {
    return seeOther(memberPagePath(MEMBER_PAGES.signin, 'rate-limited', next));
  }
  const result = await siteMembers().login(
    { email, password: form.field('password', 1024), captchaToken: form.field(CAPTCHA_FIELD, 8192) || undefined },
    // Wix decides its own captchas; the site asks for ALTCHA's only of its own members. A code is mailed within the
    // client's and the account's budgets (an unexpired one is used again, unmailed).
    {
      client: form.client,
      captcha: device || siteWixMembers() ? null : await captchaAsked(form.client, email, 1),
      allowCodeMail: (address) => allowCodeMail(form.client, address),
    },
  );
  const captchaRefused =
    result.loginState === LoginState.FAILURE &&
    (result.errorCode === 'invalidCaptchaToken' || result.errorCode === 'missingCaptchaToken');
  if (result.loginState !== LoginState.FAILURE || captchaRefused) await budget.limiter.reward(budget.key, 1);
  if (result.loginState === LoginState.SUCCESS) await forgetAccountFailures(email);
  if (result.loginState === LoginState.FAILURE && result.errorCode === 'invalidPassword') {
    await countAccountFailure(email);
  }
  const answer = await answerLoginState(form, result, {
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
  // The right password from this browser: it is a known device of the account from now on.
  const deviceCookie = result.loginState === LoginState.SUCCESS ? memberDeviceCookie(email, form.secure) : null;
  if (deviceCookie) answer.headers.append('Set-Cookie', deviceCookie);
  return answer;
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
